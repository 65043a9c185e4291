import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { ReportPeriod } from '../../components/reports';

const options = { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } as const;

/** GET getcalhas: the trough monitors (MCALHA, SAC) of the owner acted for, with their trough numbers. */
export function useTroughMonitors({ prop, ready }: { prop: number | undefined; ready: boolean }) {
  return useQuery({
    queryKey: ['calhas', prop ?? 'self'],
    queryFn: () => call('getcalhas', { query: { prop } }),
    enabled: ready,
    ...options,
  });
}

/** GET getgraph_calha?id&idcalha&di&df: one trough's series, gaps, stoppages and days; nothing asked without all of them. */
export function useTroughGraph({ id, idcalha, prop, period, ready }: { id: number | undefined; idcalha: number | undefined; prop: number | undefined; period: ReportPeriod | null; ready: boolean }) {
  return useQuery({
    queryKey: ['calhaGraph', id, idcalha, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('getgraph_calha', { query: { id: id!, idcalha: idcalha!, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null && id !== undefined && idcalha !== undefined,
    ...options,
  });
}
