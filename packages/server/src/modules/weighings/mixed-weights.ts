import { sexoOfWeighing, type MotivoDescarte } from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { MixedScope, PesagensRepository } from './pesagens.repository.js';

export type { MixedScope } from './pesagens.repository.js';

/** A weighing's sex text reads as mixed ('X', 'Misto', 'mixed'…) or says nothing: its birds may be of either sex. */
export const readsMixed = (sexo: string): boolean => sexo.trim() === '' || sexoOfWeighing(sexo) === 'misto';

/**
 * The weights (dg) of a flock-day's mixed weighings, or a house's, side's or box's of it
 * (getseparacaosexo). A sex text named must read as mixed (or be empty); weighings of a named sex
 * are left out, and a scope weighed by sex only is refused: SEX_NOT_MIXED. A flock out of reach is
 * NOT_FOUND. Any step that sets weighings aside (the quality filter) goes in the one marked place.
 */
export function mixedWeightsOf(deps: {
  pesagens: Pick<PesagensRepository, 'flockDaySexRows'>;
  flocks: Pick<FlocksService, 'get'>;
  /** The flock-day's quality judge while the flock's filter is on (quality/service.ts dayJudge); undefined: nothing set aside. */
  quality?: (ownerId: number, loteId: number, data: string) => Promise<((sexo: string, pesoDg: number) => MotivoDescarte | null) | undefined>;
}) {
  return async (scope: OwnerScope, query: MixedScope): Promise<Int32Array> => {
    await deps.flocks.get(scope, query.lote_id);
    if (query.sexo !== undefined && !readsMixed(query.sexo)) throw new AppError('SEX_NOT_MIXED');
    const rows = await deps.pesagens.flockDaySexRows(scope.ownerId, query);
    const mixed = rows.filter((row) => readsMixed(row.sexo));
    if (mixed.length === 0 && rows.length > 0) throw new AppError('SEX_NOT_MIXED');
    // Weighings set aside before the split (e.g. the flock's quality filter) are removed here.
    const judge = await deps.quality?.(scope.ownerId, query.lote_id, query.data);
    const kept = judge === undefined ? mixed : mixed.filter((row) => judge(row.sexo, row.peso_dg) === null);
    return Int32Array.from(kept, (row) => row.peso_dg);
  };
}
