import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Lote } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import { FLOCKS_PATH } from './api';
import { auditQuery, type AuditFilters } from './qualityRows';

/** lotes/:id/qualidade: a flock's weighing quality, day by day, and the audit of what was set aside. */
export const flockQualityPath = (flock: Pick<Lote, 'id'>) => `${FLOCKS_PATH}/${flock.id}/qualidade`;

/** A period asked for; absent: the whole flock (the server's default). */
export interface QualityPeriod {
  di: string;
  df: string;
}

export const qualityKeys = {
  all: ['qualidade'] as const,
  flock: (id: number, prop: number | undefined, period: QualityPeriod | undefined) => ['qualidade', 'lote', prop ?? 'self', id, period?.di ?? '', period?.df ?? ''] as const,
  audit: (id: number, prop: number | undefined, data: string, filters: AuditFilters) => ['qualidade', 'descartadas', prop ?? 'self', id, data, filters.serie_balanca ?? '', filters.motivo ?? ''] as const,
};

const quiet = { retry: false, refetchOnWindowFocus: false } as const;

/**
 * GET getqualidade?lote_id[&di&df]: the settings, each weighing day's window and counts, each
 * scale's daily score. Not asked while `enabled` is false (a period being typed).
 */
export function useQualidade(id: number, period?: QualityPeriod, enabled = true) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: qualityKeys.flock(id, prop, period),
    queryFn: () => call('getqualidade', { query: { lote_id: id, prop, ...(period ?? {}) } }),
    enabled: ready && enabled,
    // A new period keeps the last answer on screen until the new one comes.
    placeholderData: keepPreviousData,
    ...quiet,
  });
}

/** GET getpesagensdescartadas: the weighings set aside on one day (null: no day open), by scale and reason when chosen. */
export function useDescartadas(id: number, data: string | null, filters: AuditFilters) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: qualityKeys.audit(id, prop, data ?? '', filters),
    queryFn: () => call('getpesagensdescartadas', { query: auditQuery(id, data ?? '', filters, prop) }),
    enabled: ready && data !== null,
    placeholderData: keepPreviousData,
    ...quiet,
  });
}
