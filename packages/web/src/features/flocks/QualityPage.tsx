import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import type { Lote, Qualidade } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { ReportPeriodBar, ReportSummary, todayInTimezone, useReportPeriod, type SummaryCard } from '../../components/reports';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useCurrentUser } from '../../components/session/session';
import { RecordLoader } from '../records/RecordFormPage';
import { useNumberFormat } from '../records/useNumberFormat';
import { FLOCKS_PATH, flockPath, loteApi } from './api';
import { useFlockTitle } from './flockTitle';
import { QualityAudit, type AuditDay } from './QualityAudit';
import { QualityDays } from './QualityDays';
import { useQualidade } from './qualityApi';
import { qualityTotals, wholeFlockPeriod } from './qualityRows';
import { QualityScales } from './QualityScales';

/** Quick ranges of a flock's quality: its last week and month. */
const QUICK_RANGES = [7, 30] as const;

/**
 * lotes/:id/qualidade: a flock's weighing quality over a period (default: the whole flock): the
 * filter's settings, the totals, each weighing day and sex with its window and what it accepted
 * and set aside by reason, each scale's daily score; a day opens the audit of what it set aside.
 * Test ids: `quality-page`, `quality-whole`, `quality-settings`, `quality-filter-state`,
 * `quality-totals` (`total-<key>`), `quality-error`, and QualityDays', QualityScales' and QualityAudit's.
 */
export default function QualityPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={loteApi} listPath={FLOCKS_PATH} notFound={t('flocks.form.notFound')}>
      {(flock) => <FlockQuality route={route} flock={flock} />}
    </RecordLoader>
  );
}

function FlockQuality({ route, flock }: ScreenProps & { flock: Lote }) {
  const { t } = useTranslation();
  const flockTitle = useFlockTitle();
  const heading = useScreenHeading(route, { flockDetail: flockTitle(flock.codigo) });
  const { user } = useCurrentUser();
  const whole = wholeFlockPeriod(flock, todayInTimezone(user.timezone));
  const period = useReportPeriod(30, whole);
  const [params, setParams] = useSearchParams();
  // Without dates in the url the server answers the whole flock (its own placement-to-close rule).
  const chosen = params.has('di') || params.has('df');
  const quality = useQualidade(flock.id, chosen ? (period.period ?? undefined) : undefined, !chosen || period.period !== null);
  const [audit, setAudit] = useState<AuditDay | null>(null);
  const wholeFlock = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('di');
        next.delete('df');
        return next;
      },
      { replace: true },
    );

  return (
    <PageFrame {...heading} title={`${t('screens.flockQuality.title')} · ${flockTitle(flock.codigo)}`}>
      <Stack gap="md" data-testid="quality-page">
        <ReportPeriodBar
          period={period}
          quickRanges={QUICK_RANGES}
          actions={
            <Button variant={chosen ? 'light' : 'filled'} leftSection={<IconCalendar size={18} />} onClick={wholeFlock} data-testid="quality-whole">
              {t('flocks.quality.wholeFlock')}
            </Button>
          }
        />
        {quality.isError && !quality.data ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="quality-error">
            {errorText(quality.error, t)}
          </Alert>
        ) : !quality.data ? (
          <Loader />
        ) : (
          <>
            <QualitySettingsLine flock={flock} quality={quality.data} />
            <QualityTotalsCards quality={quality.data} />
            <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'lg' }}>
              <Title order={2} size="h4" mb={4}>
                {t('flocks.quality.days.title')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('flocks.quality.days.hint')}
              </Text>
              <QualityDays dias={quality.data.dias} onOpen={(row) => setAudit({ data: row.data })} />
            </Paper>
            <QualityScales balancas={quality.data.balancas} meta={quality.data.config.pesagens_dia_meta} />
          </>
        )}
      </Stack>
      <QualityAudit flockId={flock.id} day={audit} balancas={quality.data?.balancas ?? []} onClose={() => setAudit(null)} />
    </PageFrame>
  );
}

/** Whether the filter is on and the window it uses, with the way to change them (the flock's page). */
function QualitySettingsLine({ flock, quality }: { flock: Lote; quality: Qualidade }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const { config } = quality;
  return (
    <Group gap="xs" wrap="wrap" data-testid="quality-settings">
      <Badge variant="light" color={config.ativo ? 'field' : 'gray'} data-testid="quality-filter-state" data-on={config.ativo}>
        {config.ativo ? t('flocks.quality.on') : t('flocks.quality.off')}
      </Badge>
      <Text size="sm">
        {t('flocks.quality.window', {
          below: n.format(config.abaixo_pct),
          above: n.format(config.acima_pct),
          doubles: n.format(config.dupla_tolerancia_pct),
          reference: t(`flocks.quality.references.${config.referencia}`),
        })}
      </Text>
      <Anchor component={Link} to={flockPath(flock)} size="sm">
        {t('flocks.quality.change')}
      </Anchor>
    </Group>
  );
}

/** The period's weighings, accepted (with the share) and set aside by reason. */
function QualityTotalsCards({ quality }: { quality: Qualidade }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const totals = qualityTotals(quality.dias);
  // Each count's share of the weighings, under it.
  const card = (key: 'aves' | 'aceitas' | 'parcial' | 'dupla' | 'acima', label: string): SummaryCard => ({
    key,
    label,
    value: n.format(totals[key]),
    ...(key !== 'aves' && totals.aves > 0 ? { hint: { text: `${n.format((totals[key] / totals.aves) * 100, 1)} %`, testId: `share-${key}` } } : {}),
  });
  return (
    <ReportSummary
      testId="quality-totals"
      cols={{ base: 2, xs: 3, md: 5 }}
      cards={[
        card('aves', t('flocks.quality.columns.weighed')),
        card('aceitas', t('flocks.quality.columns.accepted')),
        card('parcial', t('flocks.quality.reasons.parcial')),
        card('dupla', t('flocks.quality.reasons.dupla')),
        card('acima', t('flocks.quality.reasons.acima')),
      ]}
    />
  );
}
