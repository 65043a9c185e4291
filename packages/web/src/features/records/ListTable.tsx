// The data table's own styles, in the lazy chunks of the list screens only. Unlayered like the
// Mantine core styles App.tsx imports (styles.css, not styles.layer.css): a layered copy would lose.
import 'mantine-datatable/styles.css';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconSearch, IconX, type Icon } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { NoticePanel } from './NoticePanel';
import { compareValues, type SortValue } from './text';
import { useNumberFormat } from './useNumberFormat';

/**
 * The table of a list screen and its states, for RecordListPage and for screens that need more
 * around it (devices filtered by model, keys with a history button, two lists on one screen,
 * history rows that open nothing). Test ids: `record-table`, `record-row` (with
 * `data-record-id`), `record-count`; the states `record-loading`, `record-error` with
 * `record-retry`, `record-empty`, `record-no-match` with `record-clear-search`; `record-search`.
 */

export type RecordColumn<T> = DataTableColumn<T> & {
  /** What sorting compares; default: the accessor's value. Give it for rendered columns. */
  sortValue?: (record: T) => SortValue;
  /**
   * Hidden below the `sm` breakpoint (phones), so the table fits 360 px without sideways
   * scrolling; put the same facts in `rowSubtitle` if the phone user still needs them.
   */
  secondary?: boolean;
};

interface ListTableProps<T extends { id: number }> {
  /** The rows to show, already filtered. */
  records: T[];
  /** How many there are before filtering (the count says '3 of 10'). */
  total: number;
  columns: RecordColumn<T>[];
  /** Rows open this page; without it rows are not links. */
  rowPath?: (record: T) => string;
  /** Shown under the first column on phones (where secondary columns are hidden). */
  rowSubtitle?: (record: T) => ReactNode;
  /** Initial sort column; default: the first. */
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  /** The sort kept by the screen (useListSort), so it outlives a search that hides every row. */
  sort?: ListSort<T>;
}

export type ListSort<T> = [DataTableSortStatus<T>, (status: DataTableSortStatus<T>) => void];

/** A list's sort: by `sortBy` (default: the first column), ascending unless told. */
export function useListSort<T>(columns: RecordColumn<T>[], sortBy?: string, direction: 'asc' | 'desc' = 'asc'): ListSort<T> {
  return useState<DataTableSortStatus<T>>({ columnAccessor: sortBy ?? String(columns[0]?.accessor ?? 'id'), direction });
}

/** Up to the `sm` breakpoint (48em) the secondary columns are hidden. */
const WIDE = (theme: { breakpoints: Record<string, string> }) => `(min-width: ${theme.breakpoints.sm})`;

const valueOf = <T,>(record: T, accessor: PropertyKey): SortValue => {
  let node: unknown = record;
  for (const part of String(accessor).split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? node : null;
};

/** Sorted on the client (natural, accent-insensitive): an owner's records are a few hundred at most. */
export function ListTable<T extends { id: number }>({ records, total, columns, rowPath, rowSubtitle, sortBy, sortDirection, sort }: ListTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = useNumberFormat();
  const ownSort = useListSort(columns, sortBy, sortDirection);
  const [sortStatus, setSortStatus] = sort ?? ownSort;

  const sorted = useMemo(() => {
    const column = columns.find((entry) => entry.accessor === sortStatus.columnAccessor);
    const sortValue = column?.sortValue ?? ((record: T) => valueOf(record, sortStatus.columnAccessor));
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    // Ties keep the order the records were created in, whichever way the column sorts.
    return [...records].sort((a, b) => sign * compareValues(sortValue(a), sortValue(b), locale) || a.id - b.id);
    // columns are new functions on each render of the screen; what they read is the records and
    // the choice below, so those alone decide when to sort again.
  }, [records, sortStatus, locale]);

  const tableColumns: DataTableColumn<T>[] = columns.map(({ sortValue: _sortValue, secondary, ...column }, index) => {
    const base = { sortable: true, ...column, ...(secondary ? { visibleMediaQuery: WIDE } : {}) } as DataTableColumn<T>;
    if (index !== 0) return base;
    const content = (record: T, row: number) => (column.render ? column.render(record, row) : String(valueOf(record, column.accessor) ?? ''));
    // The first column links to the record: keyboard and middle-click users can open it too.
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
        data-testid="record-table"
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

/** A failed load, translated, with a retry button. */
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

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  data?: readonly unknown[];
}

/**
 * What a list shows instead of its rows: loading, the failure with retry, or `empty` when there
 * is nothing yet; null once there are rows to show.
 */
export function listStatus(list: ListQuery, empty: ReactNode): ReactNode | null {
  if (list.isPending) return <ListLoading />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  return list.data?.length ? null : empty;
}

/** Nothing yet: what the list holds and what to do next (`hint`), with the add button. */
export function ListEmpty({ icon, title, hint, action }: { icon: Icon; title: string; hint: string; action?: ReactNode }) {
  return <NoticePanel icon={icon} title={title} text={hint} action={action} testId="record-empty" />;
}

interface ListNoMatchProps {
  text: string;
  onClear: () => void;
  /** The clear button's text; default: 'Clear search'. */
  clearText?: string;
  /** Default `record-no-match` with `record-clear-search`; a filter says `record-filter-none`. */
  testIds?: { panel: string; clear: string };
}

/** Records exist but the search (or a filter) hides them all: say so, with the way back. */
export function ListNoMatch({ text, onClear, clearText, testIds = { panel: 'record-no-match', clear: 'record-clear-search' } }: ListNoMatchProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={testIds.panel}>
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">{text}</Text>
        <Button variant="default" size="sm" onClick={onClear} data-testid={testIds.clear}>
          {clearText ?? t('records.list.clearSearch')}
        </Button>
      </Group>
    </Paper>
  );
}

type ListSearchProps = { value: string; onChange: (value: string) => void; placeholder: string } & Pick<TextInputProps, 'w' | 'maw' | 'style'>;

/** The search box of a list, with a button that empties it. */
export function ListSearch({ value, onChange, placeholder, ...layout }: ListSearchProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={18} />}
      rightSection={
        value ? (
          <Anchor component="button" type="button" c="dimmed" onClick={() => onChange('')} aria-label={t('records.list.clearSearch')}>
            <IconX size={18} />
          </Anchor>
        ) : null
      }
      {...layout}
      data-testid="record-search"
    />
  );
}

/**
 * A list's choices kept in the url (?q=, ?modelo=, ?chave=), so coming back from a record
 * restores them; changed in place, so Back leaves the list instead of undoing a keystroke.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const set = (values: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { get: (name: string) => params.get(name), set };
}
