import { useQuery } from '@tanstack/react-query';
import { call, callText } from '../../api/client';
import type { CallQuery } from '@portal/shared';
import { reportBody, type ReportFilters } from './filters';

/** What getseparacaosexo is asked for one box (sexSplit.ts builds it). */
export type SexSplitQuery = CallQuery<'getseparacaosexo'>;

/**
 * The two weighing reports share their screen: the weight report (aves) reads farms' weighings,
 * the hatchery report (aves-incubatorio) hatcheries' (section 4 and 5 of the issue). The words
 * differ: in a hatchery lote is the hatch, aviario the incubator and sexo the line.
 */
export type ReportKind = 'aves' | 'incubatorio';

export const REPORT_KINDS: Record<ReportKind, { header: 'avesheader' | 'incubatorioheader'; incubatorio: boolean; path: string }> = {
  aves: { header: 'avesheader', incubatorio: false, path: '/aves' },
  incubatorio: { header: 'incubatorioheader', incubatorio: true, path: '/aves-incubatorio' },
};

/** POST avesheader {prop} / incubatorioheader {prop}: the farms, flocks, houses, sexes and scales the filters offer. */
export function useReportHeader(kind: ReportKind, prop: number | undefined, enabled: boolean) {
  const header = REPORT_KINDS[kind].header;
  return useQuery({
    queryKey: ['reports', header, prop ?? 'self'],
    queryFn: () => call(header, { body: prop === undefined ? {} : { prop } }),
    enabled,
    staleTime: 60_000,
  });
}

/** How long a report no screen shows stays in the cache: 30 minutes. */
export const REPORT_CACHE_MS = 30 * 60_000;

/** POST avespesos: the report of generated filters (both dates); nothing is asked until then. */
export function useWeighingReport(kind: ReportKind, filters: ReportFilters, enabled: boolean) {
  const generated = filters.inicio !== undefined && filters.fim !== undefined;
  return useQuery({
    queryKey: ['reports', 'avespesos', kind, filters],
    queryFn: () => call('avespesos', { body: reportBody({ ...filters, inicio: filters.inicio!, fim: filters.fim! }, REPORT_KINDS[kind].incubatorio) }),
    enabled: enabled && generated,
    // A report is a snapshot the user asked for: no refetch on focus, asked again only by Generate.
    staleTime: Infinity,
    // Kept while the tab lives a while: back on the screen (the last filters restored) it shows at once.
    gcTime: REPORT_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The query key of a box's sex split: a split once asked stays in the cache while the report does. */
export const sexSplitKey = (query: SexSplitQuery) => ['reports', 'getseparacaosexo', query] as const;

/** GET getseparacaosexo for one report box, only once asked for (a report of a month has thousands of boxes). */
export function useSexSplit(query: SexSplitQuery, enabled: boolean) {
  return useQuery({
    queryKey: sexSplitKey(query),
    queryFn: () => call('getseparacaosexo', { query }),
    enabled,
    // Like the report it belongs to: a snapshot, asked again only on request.
    staleTime: Infinity,
    gcTime: REPORT_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * GET v2/resumo?tipo=csv: the summary per flock, house, side and pen of the period, narrowed by the
 * report's filters (farm, flock, house, sex) as the report is, as the server writes it (the reader's
 * CSV separator, decimal mark per reports_language) and names it. Farms' weighings only.
 */
export async function fetchSummaryCsv(filters: ReportFilters & { inicio: string; fim: string }, prop: number | undefined): Promise<{ name: string; text: string }> {
  const { incubatorio: _farmsOnly, prop: _actingFor, ...narrowing } = reportBody(filters, false);
  const file = await callText('v2/resumo', { ...narrowing, tipo: 'csv', prop });
  return { name: file.name ?? `resumo_${filters.inicio}_${filters.fim}.csv`, text: file.text };
}
