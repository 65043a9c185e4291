import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, type Icon } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PageFrame } from '../../components/PageFrame';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { ListEmpty, ListNoMatch, ListSearch, ListTable, listStatus, useListParams, useListSort, type RecordColumn } from './ListTable';
import { useOwner } from './owner';
import { OwnerPicker, ReadOnlyBadge } from './OwnerPicker';
import { useRecordList, type RecordApi } from './recordApi';
import { matchesSearch } from './text';

/**
 * The list screen of a farm record: title and trail from the route, owner picker, search, a
 * sortable table whose rows open the record, and the add button; with loading, error (translated,
 * with retry) and empty states. Client-side search and sort: an owner's records are at most a
 * few hundred, and filtering as one types must not wait for the network.
 *
 * Test ids: `record-search` (search input), `record-add` (add button, in the header and in the
 * empty state), `record-table`, `record-row` (each row; `data-record-id` holds its id),
 * `record-count`, `record-empty` (no records yet), `record-no-match` (search found nothing)
 * with `record-clear-search`, `record-filter-none` (the filter hides every record) with
 * `record-filter-clear`, `record-loading`, `record-error` with `record-retry`, `owner-picker`,
 * `owner-read-only`.
 */

export interface RecordListTexts {
  /** Search box placeholder naming what it searches: 'Search by name, city or code'. */
  search: string;
  /** Add button: 'Add farm'. */
  add: string;
  /** No records yet: a title and what to do next. */
  emptyTitle: string;
  emptyHint: string;
}

/** The list texts a feature keeps as `<prefix>.search`, `.add`, `.emptyTitle` and `.emptyHint`. */
export const listTexts = (t: TFunction, prefix: string): RecordListTexts => ({
  search: t(`${prefix}.search`),
  add: t(`${prefix}.add`),
  emptyTitle: t(`${prefix}.emptyTitle`),
  emptyHint: t(`${prefix}.emptyHint`),
});

/** A filter shown beside the search: its control, which records it keeps, and how to undo it. */
export interface ListFilter<T> {
  control: ReactNode;
  /** Keep it stable (useCallback) or the list is filtered on every render. */
  keeps: (record: T) => boolean;
  /** What to say when records exist but none passes the filter, and the button that clears it. */
  noneText: string;
  clearText: string;
  clear: () => void;
}

export interface RecordListPageProps<T extends { id: number }, B extends z.ZodType> {
  route: ScreenRoute;
  api: RecordApi<T, B>;
  columns: RecordColumn<T>[];
  /** The texts the search looks in (accent- and case-insensitive, every word must match). */
  searchText: (record: T) => (string | number | null | undefined)[];
  rowPath: (record: T) => string;
  addPath: string;
  texts: RecordListTexts;
  /** Icon of the empty state. */
  icon: Icon;
  /** Shown under the first column on phones (where secondary columns are hidden). */
  rowSubtitle?: (record: T) => ReactNode;
  /** Initial sort column; default: the first. */
  sortBy?: string;
  /** A filter beside the search (a select, a switch …); test ids `record-filter-none`, `record-filter-clear`. */
  filter?: ListFilter<T>;
  /** The add button's target and text when they depend on other records (no farm yet: add a farm). */
  addButton?: { path: string; text: string; testId: string };
}

export function RecordListPage<T extends { id: number }, B extends z.ZodType>(props: RecordListPageProps<T, B>) {
  const { route, api, columns, searchText, rowPath, addPath, texts, icon, rowSubtitle, sortBy, filter } = props;
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useRecordList(api);

  // The search is kept in the url (?q=), so coming back from a record restores it.
  const params = useListParams();
  const query = params.get('q') ?? '';
  const setQuery = (value: string) => params.set({ q: value });
  const [debouncedQuery] = useDebouncedValue(query, 150);
  // Kept here, not in the table, so a search that hides every row does not reset it.
  const sort = useListSort(columns, sortBy);

  const keeps = filter?.keeps;
  const passing = useMemo(() => (keeps ? (list.data ?? []).filter(keeps) : (list.data ?? [])), [list.data, keeps]);
  const records = useMemo(
    () => passing.filter((record) => matchesSearch(searchText(record), debouncedQuery)),
    // searchText is a new function on each render of the screen; what it reads is the data and
    // the query, so those alone decide when to filter again.
    [passing, debouncedQuery],
  );

  const add = props.addButton ?? { path: addPath, text: texts.add, testId: 'record-add' };
  const addButton = owner.canWrite ? (
    <Button component={Link} to={add.path} leftSection={<IconPlus size={20} />} data-testid={add.testId}>
      {add.text}
    </Button>
  ) : null;

  const all = list.data ?? [];
  let body = listStatus(list, <ListEmpty icon={icon} title={texts.emptyTitle} hint={owner.canWrite ? texts.emptyHint : t('records.list.emptyReadOnly')} action={addButton} />);
  if (body === null) {
    let results: ReactNode;
    if (passing.length === 0 && filter) {
      results = (
        <ListNoMatch
          text={filter.noneText}
          clearText={filter.clearText}
          onClear={filter.clear}
          testIds={{ panel: 'record-filter-none', clear: 'record-filter-clear' }}
        />
      );
    } else if (records.length === 0) {
      results = <ListNoMatch text={t('records.list.noMatch', { query: debouncedQuery })} onClear={() => setQuery('')} />;
    } else {
      results = <ListTable records={records} total={all.length} columns={columns} rowPath={rowPath} rowSubtitle={rowSubtitle} sort={sort} />;
    }
    body = (
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch value={query} onChange={setQuery} placeholder={texts.search} w={{ base: '100%', sm: 420 }} />
          {filter?.control}
        </Group>
        {results}
      </Stack>
    );
  }

  return (
    <PageFrame
      {...heading}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {/* When there are no records the empty state holds the one add button. */}
          {!(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      {body}
    </PageFrame>
  );
}
