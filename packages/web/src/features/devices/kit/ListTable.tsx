// The data table's own styles, in the lazy chunks of the screens that use it (as RecordListPage).
import 'mantine-datatable/styles.css';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh, type Icon } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../api/errorText';
import type { RecordColumn } from '../../records/RecordListPage';
import { compareValues, type SortValue } from '../../records/text';
import { useNumberFormat } from '../../records/useNumberFormat';

/**
 * The table of RecordListPage (records/RecordListPage.tsx) for screens that need more around it
 * than that page offers: a filter beside the search (devices by model, key uses by key), a second
 * button in the header (keys: history), two lists on one screen (permissions), rows that open
 * nothing (history). Same look and test ids: `record-table`, `record-row` (with
 * `data-record-id`), `record-count`; and the states `record-loading`, `record-error` with
 * `record-retry`, `record-empty`, `record-no-match` with `record-clear-search`.
 */

export type ListColumn<T> = RecordColumn<T>;

interface ListTableProps<T extends { id: number }> {
  /** The rows to show, already filtered. */
  records: T[];
  /** How many there are before filtering (the count says '3 of 10'). */
  total: number;
  columns: ListColumn<T>[];
  /** Rows open this page; without it rows are not links. */
  rowPath?: (record: T) => string;
  /** Shown under the first column on phones (where secondary columns are hidden). */
  rowSubtitle?: (record: T) => ReactNode;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  testId?: string;
}

const WIDE = (theme: { breakpoints: Record<string, string> }) => `(min-width: ${theme.breakpoints.sm})`;

const valueOf = <T,>(record: T, accessor: PropertyKey): SortValue => {
  let node: unknown = record;
  for (const part of String(accessor).split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? node : null;
};

export function ListTable<T extends { id: number }>({ records, total, columns, rowPath, rowSubtitle, sortBy, sortDirection = 'asc', testId = 'record-table' }: ListTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = useNumberFormat();
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: sortBy ?? String(columns[0]?.accessor ?? 'id'),
    direction: sortDirection,
  });

  const sorted = useMemo(() => {
    const column = columns.find((entry) => entry.accessor === sortStatus.columnAccessor);
    const sortValue = column?.sortValue ?? ((record: T) => valueOf(record, sortStatus.columnAccessor));
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    return [...records].sort((a, b) => sign * compareValues(sortValue(a), sortValue(b), locale) || sign * (a.id - b.id));
    // columns are new functions on each render; what they read is the records and the choice.
  }, [records, sortStatus, locale]);

  const tableColumns: DataTableColumn<T>[] = columns.map(({ sortValue: _sortValue, secondary, ...column }, index) => {
    const base = { sortable: true, ...column, ...(secondary ? { visibleMediaQuery: WIDE } : {}) } as DataTableColumn<T>;
    if (index !== 0) return base;
    const content = (record: T, row: number) => (column.render ? column.render(record, row) : String(valueOf(record, column.accessor) ?? ''));
    return {
      ...base,
      render: (record: T, row: number) => (
        <Stack gap={2}>
          {rowPath ? (
            <Anchor
              component={Link}
              to={rowPath(record)}
              fw={600}
              onClick={(event: React.MouseEvent) => event.stopPropagation()}
              style={{ overflowWrap: 'anywhere' }}
            >
              {content(record, row)}
            </Anchor>
          ) : (
            <Box style={{ overflowWrap: 'anywhere' }}>{content(record, row)}</Box>
          )}
          {rowSubtitle && (
            <Text size="sm" c="dimmed" hiddenFrom="sm" component="div">
              {rowSubtitle(record)}
            </Text>
          )}
        </Stack>
      ),
    } as DataTableColumn<T>;
  });

  return (
    <Box>
      <DataTable<T>
        withTableBorder
        borderRadius="lg"
        highlightOnHover={rowPath !== undefined}
        verticalAlign="center"
        horizontalSpacing="md"
        verticalSpacing="sm"
        fz="md"
        records={sorted}
        columns={tableColumns}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        onRowClick={rowPath ? ({ record }) => navigate(rowPath(record)) : undefined}
        customRowAttributes={(record) => ({ 'data-testid': 'record-row', 'data-record-id': record.id })}
        data-testid={testId}
      />
      <Text size="sm" c="dimmed" mt="xs" data-testid="record-count">
        {records.length === total ? t('records.list.count', { count: total }) : t('records.list.countFiltered', { count: records.length, total })}
      </Text>
    </Box>
  );
}

export function ListLoading() {
  return (
    <Center py={60} data-testid="record-loading">
      <Loader />
    </Center>
  );
}

export function ListError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} data-testid="record-error" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error, t)}</Text>
        <Button variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} loading={retrying} onClick={onRetry} data-testid="record-retry">
          {t('records.list.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function ListEmpty({ icon: EmptyIcon, title, hint, action, testId = 'record-empty' }: { icon: Icon; title: string; hint: string; action?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Center>
        <Stack align="center" gap="md" maw={460}>
          <ThemeIcon size={64} radius="xl" variant="light">
            <EmptyIcon size={34} />
          </ThemeIcon>
          <Title order={2} size="h4" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {hint}
          </Text>
          {action}
        </Stack>
      </Center>
    </Paper>
  );
}

export function ListNoMatch({ text, onClear }: { text: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="record-no-match">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">{text}</Text>
        <Button variant="default" size="sm" onClick={onClear} data-testid="record-clear-search">
          {t('records.list.clearSearch')}
        </Button>
      </Group>
    </Paper>
  );
}
