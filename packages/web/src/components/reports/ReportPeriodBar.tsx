import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToMasked, maskedToIso } from '../../features/records/dates';
import { DateInput } from '../DateInput';
import classes from './ReportPeriodBar.module.css';
import { QUICK_RANGES } from './reportPeriod';
import type { ReportPeriodState } from './useReportPeriod';
import { useReportLanguage } from './useReportLanguage';

/** Class names for report pages: `noPrint` (left off paper), `printOnly` (only on paper), `keepTogether` (not split across pages). */
export const reportPrintClasses = { noPrint: classes.noPrint!, printOnly: classes.printOnly!, keepTogether: classes.keepTogether! };

interface ReportPeriodBarProps {
  /** From useReportPeriod. */
  period: ReportPeriodState;
  /** The Print button; default: the browser's print dialog. */
  onPrint?: () => void;
  /** Extra buttons next to Print (downloads…). */
  actions?: ReactNode;
  /** Quick ranges in days (spec section 9: 30 and 365). */
  quickRanges?: readonly number[];
  /**
   * The report's title in the reports language, and the line under it (what it covers): printed
   * in place of the screen's own heading, which is in the interface language.
   */
  printTitle?: string;
  printSubtitle?: string;
}

type End = 'di' | 'df';

/**
 * The top of a report page: the date range (dd/mm/yyyy, kept in the url), the quick ranges, the
 * Print button and the page's downloads, in the interface language. On paper only the report's
 * title and the period line are printed, in the reports language.
 * Test ids: report-period, period-di, period-df, period-quick-<days>, report-print, report-print-title, report-print-period.
 */
export function ReportPeriodBar({ period, onPrint, actions, quickRanges = QUICK_RANGES, printTitle, printSubtitle }: ReportPeriodBarProps) {
  const { t } = useTranslation();
  const report = useReportLanguage();
  const [texts, setTexts] = useState({ di: isoToMasked(period.di), df: isoToMasked(period.df) });
  const [left, setLeft] = useState<Record<End, boolean>>({ di: false, df: false });

  // The url changed (quick range, back button): the fields show it.
  useEffect(() => setTexts({ di: isoToMasked(period.di), df: isoToMasked(period.df) }), [period.di, period.df]);

  const change = (end: End, text: string) => {
    const next = { ...texts, [end]: text };
    setTexts(next);
    const di = maskedToIso(next.di);
    const df = maskedToIso(next.df);
    if (di && df) period.setPeriod({ di, df });
  };
  // A field left half typed says so; a complete pair is checked by the hook.
  const fieldError = (end: End) => (left[end] && maskedToIso(texts[end]) === null ? t('errors.FIELD_INVALID') : undefined);

  return (
    <Stack gap={4} className={classes.frame} data-testid="report-period">
      <Group className={classes.controls} gap="sm" align="flex-end" wrap="wrap">
        <DateInput
          className={classes.date}
          label={t('components.reports.from')}
          value={texts.di}
          onChange={(text) => change('di', text)}
          onBlur={() => setLeft((current) => ({ ...current, di: true }))}
          error={fieldError('di')}
          data-testid="period-di"
        />
        <DateInput
          className={classes.date}
          label={t('components.reports.to')}
          value={texts.df}
          onChange={(text) => change('df', text)}
          onBlur={() => setLeft((current) => ({ ...current, df: true }))}
          error={fieldError('df') ?? period.message ?? undefined}
          data-testid="period-df"
        />
        <Group gap="xs" wrap="wrap">
          {quickRanges.map((days) => (
            <Button key={days} variant="light" onClick={() => period.setQuickRange(days)} data-testid={`period-quick-${days}`}>
              {t('components.reports.lastDays', { count: days })}
            </Button>
          ))}
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={onPrint ?? (() => window.print())} data-testid="report-print">
            {t('components.reports.print')}
          </Button>
          {actions}
        </Group>
      </Group>
      {printTitle && <ReportPrintTitle title={printTitle} subtitle={printSubtitle} />}
      <Text className={classes.printOnly} size="sm" lang={report.locale} data-testid="report-print-period">
        {report.t('components.reports.period', { from: isoToMasked(period.di), to: isoToMasked(period.df) })}
      </Text>
    </Stack>
  );
}

/**
 * A report's title on paper, in the reports language (`title` and `subtitle` already are), in place
 * of the screen's heading; a page without a period bar (one application's detail) prints the
 * report alone with it, as a report page does. Test id: report-print-title.
 */
export function ReportPrintTitle({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  const report = useReportLanguage();
  return (
    <div className={`${classes.frame} ${classes.printOnly} ${classes.printTitle}`} lang={report.locale} data-testid="report-print-title">
      <Title order={1} fz={24}>
        {title}
      </Title>
      {subtitle && <Text size="md">{subtitle}</Text>}
    </div>
  );
}
