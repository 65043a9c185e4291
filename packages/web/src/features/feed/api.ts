import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { ReportPeriod } from '../../components/reports';

/** GET getracao?id&di&df: a flock's feed per day; nothing is asked without a flock and a valid period. */
export function useRacao(query: { id: number | undefined; prop: number | undefined; period: ReportPeriod | null; ready: boolean }) {
  const { id, prop, period, ready } = query;
  return useQuery({
    queryKey: ['racao', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('getracao', { query: { id: id!, di: period!.di, df: period!.df, prop } }),
    enabled: ready && id !== undefined && period !== null,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
