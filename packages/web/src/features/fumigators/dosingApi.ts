import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterDosagemBody } from '@portal/shared';
import { call } from '../../api/client';
import type { ReportPeriod } from '../../components/reports';
import { FUMIGATORS_PATH } from './api';

/** `ready`: the owner acted for is known (useOwner), so another owner's history is never asked as one's own first. */
export interface DosingQuery {
  id: number;
  prop: number | undefined;
  period: ReportPeriod | null;
  ready: boolean;
}

const options = { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } as const;
const KEY = 'dosing';

export const fumigatorDosingPath = (fumigadorId: number, dosagemId: number) => `${FUMIGATORS_PATH}/historico/${fumigadorId}/detalhe/${dosagemId}`;

/** POST reldosagem {id, di, df}: totals and one row per day. */
export function useDosingReport({ id, prop, period, ready }: DosingQuery) {
  return useQuery({
    queryKey: [KEY, 'report', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('reldosagem', { body: { id, di: period!.di, df: period!.df, ...(prop === undefined ? {} : { prop }) } }),
    enabled: ready && period !== null,
    ...options,
  });
}

/** GET getfumigacao?id&di&df: the events that started in the period, newest first. */
export function useDosingEvents({ id, prop, period, ready }: DosingQuery) {
  return useQuery({
    queryKey: [KEY, 'events', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('getfumigacao', { query: { id, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null,
    ...options,
  });
}

/** GET getfumigacaodetalhe?id&di&df: the doser's flow and day counter over the period. */
export function useDoserChart({ id, prop, period, ready }: DosingQuery) {
  return useQuery({
    queryKey: [KEY, 'chart', id, prop ?? 'self', period?.di, period?.df],
    queryFn: () => call('getfumigacaodetalhe', { query: { id, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null,
    ...options,
  });
}

/** POST reldosagemdetalhe {id, iddosagens}: one event with its readings. */
export function useDosingDetail(id: number, iddosagens: number, prop: number | undefined, ready: boolean) {
  return useQuery({
    queryKey: [KEY, 'detail', id, iddosagens, prop ?? 'self'],
    queryFn: () => call('reldosagemdetalhe', { body: { id, iddosagens, ...(prop === undefined ? {} : { prop }) } }),
    enabled: ready,
    ...options,
  });
}

/** GET getfotosdosagem?id: the doser's pictures around an event. */
export function useDosingPhotos(iddosagem: number, prop: number | undefined, ready: boolean) {
  return useQuery({
    queryKey: [KEY, 'photos', iddosagem, prop ?? 'self'],
    queryFn: () => call('getfotosdosagem', { query: { id: iddosagem, prop } }),
    enabled: ready,
    ...options,
  });
}

/** POST registerdosagem (a manual event without id, notes with id) and POST deldosagem; both refresh every dosing query. */
export function useDosingWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [KEY] });
  const save = useMutation({
    mutationFn: (body: RegisterDosagemBody) => call('registerdosagem', { body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (body: { iddosagem: number; prop?: number }) => call('deldosagem', { body }),
    onSuccess: refresh,
  });
  return { save, remove };
}
