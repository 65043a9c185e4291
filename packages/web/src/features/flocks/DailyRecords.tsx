import 'mantine-datatable/styles.css';
import { ActionIcon, Badge, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import type { Diario } from '@portal/shared';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { isoToMasked } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';
import { causeLabel } from './causes';
import { historyValue, type DailyRow } from './dailyRows';

const PAGE_SIZE = 30;

interface DailyRecordsProps {
  rows: DailyRow[];
  /** Opens a row's day in the form; absent for a read-only owner. */
  onOpen?: (row: DailyRow) => void;
}

/**
 * The flock's daily house records, newest first: date, age, house, deaths (per cause on hover),
 * culls, birds moved, water, temperatures and who changed the day last, with its history. Writes
 * still queued on this device show marked 'Pendente'. A phone scrolls the table inside its box.
 * Test ids: `daily-table`, `daily-row` (data-date, data-house, data-pending), `daily-history-<id>`,
 * `daily-history`.
 */
export function DailyRecords({ rows, onOpen }: DailyRecordsProps) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const clock = useAccountClock();
  const [history, setHistory] = useState<Diario | null>(null);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [page, setPage] = useState(1);
  // A long flock with many houses: pages of a month of one house, newest first.
  const paged = rows.length > PAGE_SIZE;
  const shownPage = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
  const dash = (value: number | null, decimals = 0) => (value === null ? '—' : n.format(value, decimals));

  const columns: DataTableColumn<DailyRow>[] = [
    {
      accessor: 'data',
      title: t('flocks.daily.date'),
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <span>{isoToMasked(row.data)}</span>
          {row.queued && (
            <Badge size="sm" color={row.queued.state === 'failed' ? 'red' : 'yellow'} variant="light" title={row.queued.error} data-testid="daily-pending">
              {row.queued.state === 'failed' ? t('flocks.daily.refused') : t('flocks.daily.pending')}
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'idade', title: t('flocks.daily.age'), textAlign: 'right', render: (row) => dash(row.idade) },
    { accessor: 'aviario_nome', title: t('flocks.daily.house'), noWrap: true },
    {
      accessor: 'mortos',
      title: t('flocks.daily.deaths'),
      textAlign: 'right',
      render: (row) =>
        row.mortalidade.length === 0 ? (
          n.format(row.mortos)
        ) : (
          <Tooltip label={row.mortalidade.map((entry) => `${causeLabel(t, entry.causa)}: ${n.format(entry.aves)}`).join(' · ')} multiline maw={280}>
            <span style={{ textDecoration: 'underline dotted' }}>{n.format(row.mortos)}</span>
          </Tooltip>
        ),
    },
    { accessor: 'eliminados', title: t('flocks.daily.culls'), textAlign: 'right', render: (row) => n.format(row.eliminados) },
    {
      accessor: 'entradas',
      title: t('flocks.daily.moved'),
      textAlign: 'right',
      noWrap: true,
      render: (row) => (row.entradas === 0 && row.saidas === 0 ? '—' : `+${n.format(row.entradas)} / −${n.format(row.saidas)}`),
    },
    { accessor: 'agua_l', title: t('flocks.daily.waterShort'), textAlign: 'right', render: (row) => dash(row.agua_l, 1) },
    {
      accessor: 'temp_min',
      title: t('flocks.daily.temps'),
      textAlign: 'right',
      noWrap: true,
      render: (row) => (row.temp_min === null && row.temp_max === null ? '—' : `${dash(row.temp_min, 1)} / ${dash(row.temp_max, 1)}`),
    },
    {
      accessor: 'updated_by',
      title: t('flocks.daily.changedBy'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" truncate maw={160}>
            {row.updated_by ?? '—'}
          </Text>
          {row.record && row.changes > 0 && (
            <Tooltip label={t('flocks.daily.historyOpen', { count: row.changes })}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('flocks.daily.historyOpen', { count: row.changes })}
                onClick={(event) => {
                  event.stopPropagation();
                  setHistory(row.record ?? null);
                }}
                data-testid={`daily-history-${row.record.id}`}
              >
                <IconHistory size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const tableProps = {
    columns,
    idAccessor: 'key',
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: onOpen !== undefined,
    minHeight: rows.length === 0 ? 120 : undefined,
    noRecordsText: t('flocks.daily.empty'),
    onRowClick: onOpen ? ({ record }: { record: DailyRow }) => onOpen(record) : undefined,
    customRowAttributes: (row: DailyRow) => ({ 'data-testid': 'daily-row', 'data-date': row.data, 'data-house': row.aviario_nome, 'data-pending': row.queued ? row.queued.state : undefined }),
    'data-testid': 'daily-table',
  } as const;

  return (
    <>
      {paged ? (
        <DataTable<DailyRow>
          {...tableProps}
          records={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
          totalRecords={rows.length}
          recordsPerPage={PAGE_SIZE}
          page={shownPage}
          onPageChange={setPage}
        />
      ) : (
        <DataTable<DailyRow> {...tableProps} records={rows} />
      )}
      <Modal opened={history !== null} onClose={() => setHistory(null)} size="lg" fullScreen={phone} title={history ? t('flocks.daily.historyTitle', { house: history.aviario_nome, date: isoToMasked(history.data) }) : ''}>
        {history && (
          <Stack gap="md" data-testid="daily-history">
            {history.historico.map((change) => (
              <div key={change.em}>
                <Text size="sm" fw={600}>
                  {clock.labelled(clock.dateTime(change.em))} · {change.por}
                </Text>
                <Table withRowBorders={false} fz="sm">
                  <Table.Tbody>
                    {change.campos.map((campo) => (
                      <Table.Tr key={campo.campo}>
                        <Table.Td>{fieldLabel(campo.campo, t)}</Table.Td>
                        <Table.Td c="dimmed">{historyValue(campo.campo, campo.antes, (code) => causeLabel(t, code))}</Table.Td>
                        <Table.Td>→ {historyValue(campo.campo, campo.depois, (code) => causeLabel(t, code))}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** A changed field's name, translated (the server names them by their wire names). */
function fieldLabel(campo: string, t: (key: string) => string): string {
  const key = `flocks.daily.fields.${campo}`;
  const text = t(key);
  return text === key ? campo : text;
}
