import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { ReportPeriod } from '../../components/reports';

/** `ready`: the owner acted for is known (useOwner), so another owner's history is never asked as one's own first. */
type HistoryQuery = { id: number; prop: number | undefined; period: ReportPeriod | null; ready: boolean };

const options = { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } as const;

/** GET gethistoricopontocoleta?id&di&df: the batches per collector and day; nothing is asked without a valid period. */
export function useCollectionHistory({ id, prop, period, ready }: HistoryQuery) {
  return useQuery({
    queryKey: ['collectionHistory', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('gethistoricopontocoleta', { query: { id, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null,
    ...options,
  });
}

/** GET gethistoricopontocoletagrafico?id&di&df: the same history as spec section 3's chart data. */
export function useCollectionHistoryChart({ id, prop, period, ready }: HistoryQuery) {
  return useQuery({
    queryKey: ['collectionHistoryChart', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('gethistoricopontocoletagrafico', { query: { id, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null,
    ...options,
  });
}
