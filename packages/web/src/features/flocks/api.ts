import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Lote } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import { recordApi } from '../records/recordApi';

/** Flocks (lotes): getlote, registerlote, dellote {idlote}. */
export const loteApi = recordApi({
  name: 'lote',
  get: 'getlote',
  register: 'registerlote',
  del: 'dellote',
  idKey: 'idlote',
});

export const FLOCKS_PATH = '/lotes';
export const flockAddPath = `${FLOCKS_PATH}/add`;
export const flockPath = (flock: Pick<Lote, 'id'>) => `${FLOCKS_PATH}/${flock.id}`;
export const flockEditPath = (flock: Pick<Lote, 'id'>) => `${FLOCKS_PATH}/${flock.id}/editar`;
export const flockCloseOutPath = (flock: Pick<Lote, 'id'>) => `${FLOCKS_PATH}/${flock.id}/fechamento`;

/** Query keys of a flock's performance data; a daily record or close-out written refreshes them all. */
export const performanceKeys = {
  all: ['desempenho'] as const,
  desempenho: (id: number, prop?: number) => ['desempenho', 'lote', prop ?? 'self', id] as const,
  diario: (id: number, prop?: number) => ['desempenho', 'diario', prop ?? 'self', id] as const,
  config: (prop?: number) => ['desempenho', 'config', prop ?? 'self'] as const,
  /** Under 'desempenho': a weighing or daily record written asks the forecast again too. */
  previsao: (id: number, asked: ForecastAsked, prop?: number) => ['desempenho', 'previsao', prop ?? 'self', id, asked.alvo_g ?? null, asked.data ?? null] as const,
};

/** What a forecast is asked for beyond its flock: the target weight (g) and the day; the server's defaults when left out. */
export interface ForecastAsked {
  alvo_g?: number;
  data?: string;
}

const quiet = { retry: false, refetchOnWindowFocus: false } as const;

/** GET getdesempenho?lote_id: the flock's indicators as of today (or its closing day). */
export function useDesempenho(id: number) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: performanceKeys.desempenho(id, prop),
    queryFn: () => call('getdesempenho', { query: { lote_id: id, prop } }),
    enabled: ready,
    ...quiet,
  });
}

/** GET getdiario?lote_id: every daily house record of the flock. */
export function useDiario(id: number) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: performanceKeys.diario(id, prop),
    queryFn: () => call('getdiario', { query: { lote_id: id, prop } }),
    enabled: ready,
    ...quiet,
  });
}

/** GET getconfigdesempenho: the account's causes of death (and corrected-FCR reference). */
export function useConfigDesempenho() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: performanceKeys.config(prop),
    queryFn: () => call('getconfigdesempenho', { query: { prop } }),
    enabled: ready,
    staleTime: 5 * 60_000,
    ...quiet,
  });
}

/**
 * GET getprevisao?lote_id[&alvo_g][&data]: the flock's growth forecast (a heavy call: a curve fitted
 * per group with a bootstrap). Kept for 10 minutes: the dashboard's tiles and the flock page share
 * it; a new target or day keeps the last answer on screen until its own arrives.
 */
export function usePrevisao(id: number, asked: ForecastAsked = {}) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: performanceKeys.previsao(id, asked, prop),
    queryFn: () => call('getprevisao', { query: { lote_id: id, prop, ...asked } }),
    enabled: ready,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    ...quiet,
  });
}
