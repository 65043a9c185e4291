import { daysBetween, PREVISAO_GRUPOS, sexoOfWeighing, type Padrao, type SexoPadrao } from '@portal/shared';
import type { FlockWeightGroup } from '../weighings/index.js';

export type GrupoPrevisao = (typeof PREVISAO_GRUPOS)[number];

/** One weighing day of a forecast group: birds and their weight sum (dg) over the texts taken as that group. */
export interface WeighedDay {
  data: string;
  idade: number;
  aves: number;
  peso_dg: number;
}

export interface WeighedGroup {
  grupo: GrupoPrevisao;
  /** Oldest first; only days from placement on with birds weighed. */
  dias: WeighedDay[];
}

/** Σ weight and Σ birds per day over some groups of weighings ('Fêmea' and 'F' are one sex). */
function summedDays(groups: readonly FlockWeightGroup[], alojamento: string): WeighedDay[] {
  const days = new Map<string, WeighedDay>();
  for (const day of groups.flatMap((group) => group.dias)) {
    const idade = daysBetween(alojamento, day.data);
    if (idade < 0 || day.aves <= 0) continue;
    const sum = days.get(day.data) ?? { data: day.data, idade, aves: 0, peso_dg: 0 };
    sum.aves += day.aves;
    sum.peso_dg += day.peso_dg;
    days.set(day.data, sum);
  }
  return [...days.values()].sort((a, b) => a.idade - b.idade);
}

/**
 * The whole flock first, then each sex its weighings name (in PREVISAO_GRUPOS order) that has a
 * weighing day. A sexo text read as no sex counts for the whole flock only.
 */
export function weighedGroups(weights: readonly FlockWeightGroup[], alojamento: string): WeighedGroup[] {
  const lote: WeighedGroup = { grupo: 'lote', dias: summedDays(weights.filter((group) => group.grupo === 'lote'), alojamento) };
  const sexes = PREVISAO_GRUPOS.filter((grupo): grupo is SexoPadrao => grupo !== 'lote')
    .map((sexo) => ({
      grupo: sexo,
      dias: summedDays(weights.filter((group) => group.grupo === 'sexo' && sexoOfWeighing(group.valor) === sexo), alojamento),
    }))
    .filter((group) => group.dias.length > 0);
  return [lote, ...sexes];
}

/** Breed names compared as people write them: no accents, any case, trimmed. */
const breedKey = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/**
 * The standard a group's curve is anchored on: the flock's for the whole flock; for a sex, a standard
 * of the account of that sex and the flock's breed (its linhagem, else its standard's) — the flock's
 * own when it is one, else the first by name — and the flock's when there is none.
 */
export function standardOfGroup(
  grupo: GrupoPrevisao,
  flock: { linhagem: string; padrao: Padrao | undefined },
  accountStandards: readonly Padrao[],
): Padrao | undefined {
  if (grupo === 'lote') return flock.padrao;
  const breed = breedKey(flock.linhagem) || breedKey(flock.padrao?.linhagem ?? '');
  if (breed === '') return flock.padrao;
  const same = accountStandards.filter((padrao) => padrao.sexo === grupo && breedKey(padrao.linhagem) === breed);
  return same.find((padrao) => padrao.id === flock.padrao?.id) ?? same[0] ?? flock.padrao;
}

/** A bootstrap seed that depends only on the flock and the group (FNV-1a of both): the same question, the same answer. */
export function seedOf(loteId: number, grupo: GrupoPrevisao): number {
  let hash = 0x811c9dc5;
  for (const char of `${loteId}:${grupo}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
