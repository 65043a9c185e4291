import {
  LEITURAS_RETENCAO_MAX_DIAS,
  LEITURAS_RETENCAO_MIN_DIAS,
  LEITURAS_RETENCAO_PADRAO_DIAS,
  RESUMO_MINUTOS_DIAS,
  type Retencao,
} from '@portal/shared';
import { requireOwner, type OwnerScope } from '../permissions/index.js';
import type { RetentionRepository } from './retention.repository.js';

/**
 * How long an account keeps its devices' raw readings (getretencao, setretencao): read with any
 * grant, changed by the owner alone. The schema (shared) bounds the days; the purge reads them.
 */
export function retentionService(deps: { retention: RetentionRepository; clock: () => number }) {
  const { retention, clock } = deps;

  const answer = (dias: number | undefined): Retencao => ({
    leituras_dias: dias ?? LEITURAS_RETENCAO_PADRAO_DIAS,
    padrao: dias === undefined,
    padrao_dias: LEITURAS_RETENCAO_PADRAO_DIAS,
    minimo_dias: LEITURAS_RETENCAO_MIN_DIAS,
    maximo_dias: LEITURAS_RETENCAO_MAX_DIAS,
    resumo_minutos_dias: RESUMO_MINUTOS_DIAS,
  });

  return {
    async get(scope: OwnerScope): Promise<Retencao> {
      return answer(await retention.daysOf(scope.ownerId));
    },

    async set(scope: OwnerScope, dias: number): Promise<Retencao> {
      requireOwner(scope);
      await retention.setDays(scope.ownerId, dias, clock());
      return answer(dias);
    },
  };
}
export type RetentionService = ReturnType<typeof retentionService>;
