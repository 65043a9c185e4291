import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AvesPesosResponse } from '@portal/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ReportKind } from './api';
import { hasStandard, type SummaryRow } from './reportItems';
import { groupTitle, labelled, useReportTexts } from './reportTexts';
import type { StatUnit } from './statFields';
import classes from './SummaryTable.module.css';

/** Every row is one line of this height (SummaryTable.module.css), so the rows need no measuring. */
const ROW_HEIGHT = 40;
/** Rows laid out before the scroller's size is known: as many as its largest height shows. */
const FIRST_ROWS = 14;

const FIGURES: { name: 'totalAves' | 'pesoMedio' | 'cv' | 'uni'; unit: StatUnit }[] = [
  { name: 'totalAves', unit: 'count' },
  { name: 'pesoMedio', unit: 'grams' },
  { name: 'cv', unit: 'percent' },
  { name: 'uni', unit: 'percent' },
];

interface SummaryTableProps {
  kind: ReportKind;
  report: AvesPesosResponse;
  rows: SummaryRow[];
  /** Shows the boxes of a row: scrolls the box list to its heading. */
  onOpen: (item: number) => void;
}

/**
 * The report's summary, first under its header: the section 3 figures a technician reports
 * (birds, mean weight, CV, uniformity and, with a standard, % of it) per date|flock|sex group,
 * then per house and side under it. A row opens its boxes (click, Enter or Space). Rows are
 * virtualised in their own scroller, so a report of thousands of sides shows at once.
 * Test ids: `report-summary` (data-rows: rows in all), `summary-scroller`, `summary-row` (data-level grupo|aviario|lado, data-item), cells
 * with data-col.
 */
export const SummaryTable = memo(function SummaryTable({ kind, report, rows, onOpen }: SummaryTableProps) {
  const { t, label: labelOf, stat: text } = useReportTexts();
  const scroller = useRef<HTMLDivElement>(null);
  const standard = hasStandard(report);
  // The farm beside each group only when the report covers more than one.
  const farms = useMemo(() => new Set(report.grupos.map((grupo) => grupo.nucleo_id)).size > 1, [report]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 0, height: ROW_HEIGHT * FIRST_ROWS },
    useFlushSync: false,
  });
  const shown = virtualizer.getVirtualItems();
  const before = shown[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (shown.at(-1)?.end ?? 0);
  const columns = 1 + FIGURES.length + (standard ? 1 : 0);

  const label = (row: SummaryRow) => {
    if (row.level === 'grupo') return groupTitle(t, kind, row.grupo);
    if (row.level === 'aviario') return labelled(labelOf(`reports.keys.${kind}.aviario`), row.aviario ?? '');
    return labelled(labelOf(`reports.keys.${kind}.lado`), row.lado ?? '');
  };
  const keyDown = (event: KeyboardEvent, row: SummaryRow) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen(row.item);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="report-summary" data-rows={rows.length}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('reports.summary.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.summary.hint')}
        </Text>
        <div ref={scroller} className={classes.scroller} data-testid="summary-scroller">
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">{t(`reports.summary.node.${kind}`)}</th>
                {FIGURES.map((figure) => (
                  <th key={figure.name} scope="col" className={classes.number}>
                    {t(`reports.stats.${figure.name}`)}
                  </th>
                ))}
                {standard && (
                  <th scope="col" className={classes.number}>
                    {t(`reports.columns.${kind}.percentPadrao`)}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {before > 0 && (
                <tr className={classes.spacer} aria-hidden>
                  <td colSpan={columns} style={{ height: before }} />
                </tr>
              )}
              {shown.map((virtual) => {
                const row = rows[virtual.index]!;
                const name = label(row);
                return (
                  <tr
                    key={row.key}
                    className={`${classes.row} ${classes[row.level]}`}
                    tabIndex={0}
                    title={t('reports.summary.open', { name })}
                    onClick={() => onOpen(row.item)}
                    onKeyDown={(event) => keyDown(event, row)}
                    data-testid="summary-row"
                    data-level={row.level}
                    data-item={row.item}
                  >
                    <th scope="row" data-col="nome">
                      {name}
                      {farms && row.level === 'grupo' && <span className={classes.farm}> · {row.grupo.nome_nucleo}</span>}
                    </th>
                    {FIGURES.map((figure) => (
                      <td key={figure.name} className={classes.number} data-col={figure.name}>
                        {text(row.stats[figure.name], figure.unit)}
                      </td>
                    ))}
                    {standard && (
                      <td className={classes.number} data-col="percentPadrao">
                        {row.padrao ? text(row.padrao.percentPadrao, 'percent') : ''}
                      </td>
                    )}
                  </tr>
                );
              })}
              {after > 0 && (
                <tr className={classes.spacer} aria-hidden>
                  <td colSpan={columns} style={{ height: after }} />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Stack>
    </Paper>
  );
});
