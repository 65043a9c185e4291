import { useQueries, useQuery } from '@tanstack/react-query';
import { avesPesosResponse, totaisSelauto, uniEstrutura, type AvesPesosBody } from '@portal/shared';
import { apiRequest } from '../../api/client';
import { useOwner } from '../records/owner';

/** The calls of the uniformization screen: getuniestrutura, gettotaisselauto and avespesos (spec section 7). */

const KEY = 'uniformizacao';

/** Farms → flocks → houses, with each farm's graders, of the owner acted for. */
export function useUniEstrutura() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: [KEY, 'estrutura', prop ?? 'self'],
    queryFn: () => apiRequest('getuniestrutura', { query: { prop }, schema: uniEstrutura }),
    enabled: ready,
  });
}

/** A grader's birds and weight per category over a period. */
export function useTotaisSelauto(id: number | undefined, ini: string, fim: string) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: [KEY, 'totais', prop ?? 'self', id, ini, fim],
    queryFn: () => apiRequest('gettotaisselauto', { query: { prop, id, ini, fim }, schema: totaisSelauto }),
    enabled: ready && id !== undefined,
  });
}

const avesPesos = (body: AvesPesosBody) => apiRequest('avespesos', { method: 'POST', body, schema: avesPesosResponse });

/** The weight report of the grader's weighings of one flock: the whole population (its `total`) and the categories it holds. */
export function useGraderReport(body: AvesPesosBody | undefined) {
  return useQuery({ queryKey: [KEY, 'avespesos', body], queryFn: () => avesPesos(body!), enabled: body !== undefined });
}

/**
 * One report per category (avespesos filtered by aviario, where a grader writes the category):
 * a category's uniformity needs all its birds over the period, which the per-day groups of the
 * whole report cannot be merged into.
 */
export function useCategoryReports(body: AvesPesosBody | undefined, categorias: readonly string[]) {
  return useQueries({
    queries: categorias.map((aviario) => ({
      queryKey: [KEY, 'avespesos', { ...body, aviario }],
      queryFn: () => avesPesos({ ...body!, aviario }),
      enabled: body !== undefined,
    })),
  });
}
