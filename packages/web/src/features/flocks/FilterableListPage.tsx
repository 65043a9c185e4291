// A local variant of records/RecordListPage with one addition, a filter beside the search (the
// block has no place for one yet). Everything else behaves, looks and is tested as the block:
// same test ids, texts and states. Meant to move into the block as its optional `filter` prop.
import 'mantine-datatable/styles.css';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch, IconX, type Icon } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { useRecordList } from '../records/recordApi';
import type { RecordListPageProps } from '../records/RecordListPage';
import { compareValues, matchesSearch, type SortValue } from '../records/text';
import { useNumberFormat } from '../records/useNumberFormat';
import { useScreenHeading } from '../screens/useScreenHeading';

/** A filter shown beside the search: its control, which records it keeps, and how to undo it. */
export interface ListFilter<T> {
  control: ReactNode;
  keeps: (record: T) => boolean;
  /** What to say when records exist but none passes the filter, and the button that clears it. */
  noneText: string;
  clearText: string;
  clear: () => void;
}

export type FilterableListPageProps<T extends { id: number }, B extends z.ZodType> = RecordListPageProps<T, B> & {
  filter: ListFilter<T>;
  /** The add button's target and text when they depend on other records (no farm yet: add a farm). */
  addButton?: { path: string; text: string; testId: string };
};

const WIDE = (theme: { breakpoints: Record<string, string> }) => `(min-width: ${theme.breakpoints.sm})`;

const valueOf = <T,>(record: T, accessor: PropertyKey): SortValue => {
  let node: unknown = record;
  for (const part of String(accessor).split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? node : null;
};

/**
 * Test ids as RecordListPage: `record-search`, `record-add`, `record-table`, `record-row`
 * (`data-record-id`), `record-empty`, `record-no-match` with `record-clear-search`,
 * `record-loading`, `record-error` with `record-retry`, `record-count`; plus
 * `record-filter-none` with `record-filter-clear` when the filter alone hides every record.
 */
export function FilterableListPage<T extends { id: number }, B extends z.ZodType>(props: FilterableListPageProps<T, B>) {
  const { route, api, columns, searchText, rowPath, addPath, texts, icon, rowSubtitle, sortBy, filter } = props;
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useRecordList(api);
  const navigate = useNavigate();
  const { locale } = useNumberFormat();

  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const setQuery = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  const [debouncedQuery] = useDebouncedValue(query, 150);

  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: sortBy ?? String(columns[0]?.accessor ?? 'id'),
    direction: 'asc',
  });

  const passing = useMemo(() => (list.data ?? []).filter(filter.keeps), [list.data, filter.keeps]);
  const records = useMemo(() => {
    const found = passing.filter((record) => matchesSearch(searchText(record), debouncedQuery));
    const column = columns.find((entry) => entry.accessor === sortStatus.columnAccessor);
    const sortValue = column?.sortValue ?? ((record: T) => valueOf(record, sortStatus.columnAccessor));
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    return found.sort((a, b) => sign * compareValues(sortValue(a), sortValue(b), locale) || a.id - b.id);
    // As in RecordListPage: searchText and columns are new each render; the data and choices decide.
  }, [passing, debouncedQuery, sortStatus, locale]);

  const add = props.addButton ?? { path: addPath, text: texts.add, testId: 'record-add' };
  const addButton = owner.canWrite ? (
    <Button component={Link} to={add.path} leftSection={<IconPlus size={20} />} data-testid={add.testId}>
      {add.text}
    </Button>
  ) : null;

  const tableColumns: DataTableColumn<T>[] = columns.map(({ sortValue: _sortValue, secondary, ...column }, index) => {
    const base = { sortable: true, ...column, ...(secondary ? { visibleMediaQuery: WIDE } : {}) } as DataTableColumn<T>;
    if (index !== 0) return base;
    return {
      ...base,
      render: (record: T, row: number) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={rowPath(record)}
            fw={600}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
            style={{ overflowWrap: 'anywhere' }}
          >
            {column.render ? column.render(record, row) : String(valueOf(record, column.accessor) ?? '')}
          </Anchor>
          {rowSubtitle && (
            <Text size="sm" c="dimmed" hiddenFrom="sm" component="div">
              {rowSubtitle(record)}
            </Text>
          )}
        </Stack>
      ),
    } as DataTableColumn<T>;
  });

  const all = list.data ?? [];
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py={60} data-testid="record-loading">
        <Loader />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} data-testid="record-error" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(list.error, t)}</Text>
          <Button
            variant="light"
            color="red"
            size="sm"
            leftSection={<IconRefresh size={16} />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
            data-testid="record-retry"
          >
            {t('records.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (all.length === 0) {
    body = <EmptyState icon={icon} title={texts.emptyTitle} hint={owner.canWrite ? texts.emptyHint : t('records.list.emptyReadOnly')} action={addButton} />;
  } else {
    let results: ReactNode;
    if (passing.length === 0) {
      results = (
        <Paper withBorder radius="lg" p="lg" data-testid="record-filter-none">
          <Group justify="space-between" gap="sm">
            <Text c="dimmed">{filter.noneText}</Text>
            <Button variant="default" size="sm" onClick={filter.clear} data-testid="record-filter-clear">
              {filter.clearText}
            </Button>
          </Group>
        </Paper>
      );
    } else if (records.length === 0) {
      results = (
        <Paper withBorder radius="lg" p="lg" data-testid="record-no-match">
          <Group justify="space-between" gap="sm">
            <Text c="dimmed">{t('records.list.noMatch', { query: debouncedQuery })}</Text>
            <Button variant="default" size="sm" onClick={() => setQuery('')} data-testid="record-clear-search">
              {t('records.list.clearSearch')}
            </Button>
          </Group>
        </Paper>
      );
    } else {
      results = (
        <Box>
          <DataTable<T>
            withTableBorder
            borderRadius="lg"
            highlightOnHover
            verticalAlign="center"
            horizontalSpacing="md"
            verticalSpacing="sm"
            fz="md"
            records={records}
            columns={tableColumns}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
            onRowClick={({ record }) => navigate(rowPath(record))}
            customRowAttributes={(record) => ({ 'data-testid': 'record-row', 'data-record-id': record.id })}
            data-testid="record-table"
          />
          <Text size="sm" c="dimmed" mt="xs" data-testid="record-count">
            {records.length === all.length
              ? t('records.list.count', { count: all.length })
              : t('records.list.countFiltered', { count: records.length, total: all.length })}
          </Text>
        </Box>
      );
    }
    body = (
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder={texts.search}
            aria-label={texts.search}
            leftSection={<IconSearch size={18} />}
            rightSection={
              query ? (
                <Anchor component="button" type="button" c="dimmed" onClick={() => setQuery('')} aria-label={t('records.list.clearSearch')}>
                  <IconX size={18} />
                </Anchor>
              ) : null
            }
            w={{ base: '100%', sm: 420 }}
            data-testid="record-search"
          />
          {filter.control}
        </Group>
        {results}
      </Stack>
    );
  }

  return (
    <PageFrame
      title={heading.title}
      description={heading.description}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      {body}
    </PageFrame>
  );
}

function EmptyState({ icon: EmptyIcon, title, hint, action }: { icon: Icon; title: string; hint: string; action: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="record-empty">
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
