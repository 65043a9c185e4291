import { localDate, type Lote, type Padrao } from '@portal/shared';
import type { FarmsService } from '../../farms/index.js';
import type { FlocksService } from '../../flocks/index.js';
import type { OwnerScope } from '../../permissions/index.js';
import type { StandardsService } from '../../standards/index.js';
import type { WeighingsService } from '../../weighings/index.js';
import type { RuleContext } from './types.js';

/** What the flock rules (lote_atrasado, mortalidade, balancas_divergentes) read of other modules. */
export interface FlockRuleDeps {
  flocks: Pick<FlocksService, 'list' | 'dailyOf'>;
  farms: Pick<FarmsService, 'list'>;
  weighings: Pick<WeighingsService, 'flockWeights' | 'scaleDays'>;
  standards: Pick<StandardsService, 'list'>;
}

/** The job reads as the owner itself: every farm, whatever the grants (recipients are filtered at delivery). */
export const ownerScopeOf = (ownerId: number): OwnerScope => ({ ownerId, actorId: ownerId, nivel: 'proprietario', nucleos: null });

const DAY_MS = 86_400_000;

/** The owner's today and yesterday (local days), the window the day-based rules look at. */
export function recentDays(context: Pick<RuleContext, 'now' | 'timezone'>): { today: string; yesterday: string } {
  return { today: localDate(context.now, context.timezone), yesterday: localDate(context.now - DAY_MS, context.timezone) };
}

/** A flock the rules watch: not closed, placed on or before today. */
export interface WatchedFlock {
  lote: Lote;
  alojamento: string;
  /** Its standard's points by age, [] without a standard. */
  pontos: Padrao['pontos'];
  /** The sex its standard's curve is for; null without a standard. */
  padraoSexo: Padrao['sexo'] | null;
}

/** The owner's active flocks placed by `today`, with their standard's points (sorted by age). */
export async function watchedFlocks(deps: Pick<FlockRuleDeps, 'flocks' | 'standards'>, ownerId: number, today: string): Promise<WatchedFlock[]> {
  const scope = ownerScopeOf(ownerId);
  const lotes = (await deps.flocks.list(scope)).filter((lote) => lote.data_encerramento === null && lote.data_alojamento !== null && lote.data_alojamento <= today);
  if (lotes.length === 0) return [];
  const padroes = new Map((await deps.standards.list(scope)).map((padrao) => [padrao.id, padrao]));
  return lotes.map((lote) => {
    const padrao = padroes.get(lote.padrao_id ?? -1);
    return { lote, alojamento: lote.data_alojamento!, pontos: [...(padrao?.pontos ?? [])].sort((a, b) => a.idade - b.idade), padraoSexo: padrao?.sexo ?? null };
  });
}

/** As the screens name a flock: its code (the alarm's title already says it is a flock, in the reader's language). */
export const flockName = (lote: Pick<Lote, 'codigo'>) => lote.codigo;
