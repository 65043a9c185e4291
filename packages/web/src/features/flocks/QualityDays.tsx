import 'mantine-datatable/styles.css';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { MOTIVOS_DESCARTE, type MotivoDescarte } from '@portal/shared';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { dayText, qualityDayRows, type QualityDay, type QualityDayRow } from './qualityRows';

const PAGE_SIZE = 30;

/** Each reason's colour, the same in the table, the totals and the audit. */
export const REASON_COLOR: Record<MotivoDescarte, string> = { parcial: 'orange', dupla: 'grape', acima: 'red' };

/** Above the `sm` breakpoint: the columns a phone reads in the first column's lines instead. */
const WIDE = (theme: { breakpoints: Record<string, string> }) => `(min-width: ${theme.breakpoints.sm})`;
const NARROW = (theme: { breakpoints: Record<string, string> }) => `(max-width: calc(${theme.breakpoints.sm} - 1px))`;

/**
 * Per weighing day and sex, newest first: age, sex, expected weight and the window (low–high),
 * weighed, accepted, and set aside by reason. A phone keeps two columns: the day with its facts
 * under it, and accepted / weighed with a badge per reason set aside. A row opens that day's audit.
 * Test ids: `quality-days`, `quality-day` (data-date, data-sex), cells' `data-count` (aves,
 * aceitas, parcial, dupla, acima), `quality-day-open`.
 */
export function QualityDays({ dias, onOpen }: { dias: readonly QualityDay[]; onOpen: (row: QualityDayRow) => void }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const rows = useMemo(() => qualityDayRows(dias), [dias]);
  const [page, setPage] = useState(1);
  const grams = (value: number | null) => (value === null ? '—' : `${n.format(value)} g`);
  const windowText = (row: QualityDay) => (row.baixo_g === null || row.alto_g === null ? t('flocks.quality.noReference') : `${n.format(row.baixo_g)}–${n.format(row.alto_g)} g`);
  const sex = (row: QualityDay) => row.sexo || '—';
  const count = (key: 'aves' | 'aceitas' | MotivoDescarte) => (row: QualityDayRow) => <span data-count={key}>{n.format(row[key])}</span>;

  const columns: DataTableColumn<QualityDayRow>[] = [
    {
      accessor: 'data',
      title: t('flocks.quality.columns.day'),
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            onClick={(event: React.MouseEvent) => {
              event.stopPropagation();
              onOpen(row);
            }}
            data-testid="quality-day-open"
          >
            {dayText(n.locale, row.data)}
          </Anchor>
          <Text size="xs" c="dimmed" hiddenFrom="sm" component="div">
            {[row.idade === null ? null : t('flocks.quality.ageDays', { days: row.idade }), sex(row)].filter(Boolean).join(' · ')}
          </Text>
          {row.esperado_g !== null && (
            <Text size="xs" c="dimmed" hiddenFrom="sm" component="div">
              {t('flocks.quality.expectedShort', { weight: grams(row.esperado_g) })}
            </Text>
          )}
          <Text size="xs" c="dimmed" hiddenFrom="sm" component="div" style={{ whiteSpace: 'nowrap' }}>
            {windowText(row)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'idade', title: t('flocks.quality.columns.age'), textAlign: 'right', visibleMediaQuery: WIDE, render: (row) => (row.idade === null ? '—' : n.format(row.idade)) },
    { accessor: 'sexo', title: t('flocks.quality.columns.sex'), visibleMediaQuery: WIDE, render: sex },
    { accessor: 'esperado_g', title: t('flocks.quality.columns.expected'), textAlign: 'right', noWrap: true, visibleMediaQuery: WIDE, render: (row) => grams(row.esperado_g) },
    { accessor: 'baixo_g', title: t('flocks.quality.columns.window'), textAlign: 'right', noWrap: true, visibleMediaQuery: WIDE, render: windowText },
    { accessor: 'aves', title: t('flocks.quality.columns.weighed'), textAlign: 'right', visibleMediaQuery: WIDE, render: count('aves') },
    { accessor: 'aceitas', title: t('flocks.quality.columns.accepted'), textAlign: 'right', visibleMediaQuery: WIDE, render: count('aceitas') },
    ...MOTIVOS_DESCARTE.map(
      (motivo): DataTableColumn<QualityDayRow> => ({ accessor: motivo, title: t(`flocks.quality.reasons.${motivo}`), textAlign: 'right', visibleMediaQuery: WIDE, render: count(motivo) }),
    ),
    {
      accessor: 'descartadas',
      title: t('flocks.quality.columns.acceptedOfWeighed'),
      visibleMediaQuery: NARROW,
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm" component="span" style={{ whiteSpace: 'nowrap' }}>
            {count('aceitas')(row)} / {count('aves')(row)}
          </Text>
          <ReasonBadges row={row} />
        </Stack>
      ),
    },
  ];

  const shownPage = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
  const paged = rows.length > PAGE_SIZE;
  const paging = paged ? { totalRecords: rows.length, recordsPerPage: PAGE_SIZE, page: shownPage, onPageChange: setPage } : {};
  const records = paged ? rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE) : rows;
  return (
    <DataTable<QualityDayRow>
      columns={columns}
      records={records}
      {...paging}
      idAccessor="key"
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      horizontalSpacing="xs"
      minHeight={rows.length === 0 ? 120 : undefined}
      noRecordsText={t('flocks.quality.days.empty')}
      onRowClick={({ record }) => onOpen(record)}
      customRowAttributes={(row) => ({ 'data-testid': 'quality-day', 'data-date': row.data, 'data-sex': row.sexo })}
      data-testid="quality-days"
    />
  );
}

/** A phone's set-aside badges: one per reason with weighings (its count's `data-count`), none without. */
function ReasonBadges({ row }: { row: QualityDayRow }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const present = MOTIVOS_DESCARTE.filter((motivo) => row[motivo] > 0);
  if (present.length === 0) return null;
  return (
    <Group gap={4}>
      {present.map((motivo) => (
        <Badge key={motivo} size="sm" variant="light" color={REASON_COLOR[motivo]} tt="none" data-reason={motivo}>
          {t(`flocks.quality.reasonsShort.${motivo}`)} <span data-count={motivo}>{n.format(row[motivo])}</span>
        </Badge>
      ))}
    </Group>
  );
}
