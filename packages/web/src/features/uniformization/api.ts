import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';

/** The calls of the uniformization screen: getuniestrutura and gettotaisselauto (spec section 7). */

const KEY = 'uniformizacao';

/** Farms → flocks → houses, with each farm's graders, of the owner acted for. */
export function useUniEstrutura() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: [KEY, 'estrutura', prop ?? 'self'],
    queryFn: () => call('getuniestrutura', { query: { prop } }),
    enabled: ready,
  });
}

/**
 * A grader's birds of one flock per category over a period, with each category's statistics
 * (after grading) and the whole population's (before grading): one round trip for the screen.
 */
export function useTotaisSelauto(id: number, loteId: number, ini: string, fim: string) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: [KEY, 'totais', prop ?? 'self', id, loteId, ini, fim],
    queryFn: () => call('gettotaisselauto', { query: { prop, id, lote_id: loteId, ini, fim } }),
    enabled: ready,
  });
}
