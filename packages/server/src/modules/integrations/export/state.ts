import { randomBytes } from 'node:crypto';
import type { IntegracaoEstado } from '@portal/shared';
import type { ConfigRow } from '../configs.repository.js';
import { nextRun } from './schedule.js';

/** A new signing secret: 32 random bytes, base64url (sealed at rest, answered once). */
export const newSigningSecret = (): string => randomBytes(32).toString('base64url');

/** pausada (by failures or a 4xx) wins over inativa (switched off), else ativa. */
export function estadoOf(row: Pick<ConfigRow, 'ativo' | 'pausada_em'>): IntegracaoEstado {
  if (row.pausada_em !== null) return 'pausada';
  return row.ativo === 1 ? 'ativa' : 'inativa';
}

/** The export state every configuration record carries (segredo_definido, estado, proxima_execucao). */
export function exportStateOf(row: ConfigRow, now: number, timezone: number) {
  const next = nextRun(row, now, timezone);
  return {
    segredo_definido: row.segredo_enc !== null,
    estado: estadoOf(row),
    proxima_execucao: next === null ? null : new Date(next).toISOString(),
  };
}
