import { daysBetween } from '../schemas/records/common.js';
import { SEXOS_PADRAO, type SexoPadrao } from '../schemas/records/standards.js';
import { PESO_ALOJAMENTO_PADRAO_G } from '../schemas/reports/racao.js';

/**
 * The flock performance indicators (issue 18), pure: the server's getdesempenho and getcomparativo
 * compute with them and the browser may redo them. docs/performance.md states each formula, its
 * inputs and units. Every function takes and returns unrounded numbers, so an indicator built on
 * another (IEP on FCR, corrected FCR on FCR) uses the exact value; the wire rounds once, at the end,
 * with `roundTo` and the digits of `DIGITS`. Null means "not enough data", never 0.
 */

/** Decimal places each kind of indicator is shown with (half away from zero). */
export const DIGITS = { pct: 2, fcr: 3, iep: 1, gramas: 1, kg: 3, idade: 1, razao: 2 } as const;

/** `value` rounded half away from zero to `decimals` places; null stays null. */
export function roundTo(value: number | null, decimals: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  // The tiny nudge keeps 361.45 (stored as 361.4499…) rounding the way it is written.
  const scaled = Math.abs(value) * factor * (1 + Number.EPSILON * 4);
  const rounded = Math.round(scaled) / factor;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

/** Live birds ÷ birds placed × 100 (%); null without birds placed. */
export function livabilityPct(placed: number, alive: number): number | null {
  return placed > 0 ? (alive / placed) * 100 : null;
}

/** Losses (deaths + culls) ÷ birds the percentage is of × 100 (%): cumulative over placed, or a day's over the birds alive that morning. */
export function mortalityPct(losses: number, of: number): number | null {
  return of > 0 ? (losses / of) * 100 : null;
}

/** g/day between two weighing days' means (g); null unless the second is later. */
export function dailyGainG(before: { data: string; peso_g: number }, after: { data: string; peso_g: number }): number | null {
  const days = daysBetween(before.data, after.data);
  return days > 0 ? (after.peso_g - before.peso_g) / days : null;
}

/** g/day since placement: (mean − placement weight) ÷ age; null at age ≤ 0. */
export function gainSincePlacementG(pesoG: number, pesoAlojamentoG: number, idade: number): number | null {
  return idade > 0 ? (pesoG - pesoAlojamentoG) / idade : null;
}

/** The placement weight (g): the standard's age-0 point, else a day-old broiler chick (42 g), as the feed report takes it. */
export function placementWeightG(pontos: readonly { idade: number; peso: number }[]): number {
  return pontos.find((ponto) => ponto.idade === 0)?.peso ?? PESO_ALOJAMENTO_PADRAO_G;
}

/**
 * A standard's value at `idade`: the point's own value, else the straight line between the nearest
 * points either side that have one; null outside them (a standard says nothing about ages it does
 * not cover). `pontos` sorted by age.
 */
export function curveAt(pontos: readonly { idade: number; valor: number | null }[], idade: number): number | null {
  let before: { idade: number; valor: number } | undefined;
  for (const ponto of pontos) {
    if (ponto.valor === null) continue;
    if (ponto.idade === idade) return ponto.valor;
    if (ponto.idade > idade) {
      if (!before) return null;
      return before.valor + ((ponto.valor - before.valor) * (idade - before.idade)) / (ponto.idade - before.idade);
    }
    before = { idade: ponto.idade, valor: ponto.valor };
  }
  return null;
}

/**
 * Birds placed in the house at `index` of a flock's `houses`: the data model records placement per
 * flock, so it is split evenly and the first houses take the remainder.
 */
export function placedInHouse(total: number, houses: number, index: number): number {
  return Math.floor(total / houses) + (index < total % houses ? 1 : 0);
}

/** Mean ÷ standard × 100 (%). */
export function percentOfStandardPct(pesoG: number, padraoG: number | null): number | null {
  return padraoG !== null && padraoG > 0 ? (pesoG / padraoG) * 100 : null;
}

/**
 * The "weight flock age": the age (days) at which the standard's curve, straight between its
 * points, equals `pesoG`. The first segment that reaches it wins (a curve that dips is read from
 * placement on); null below the first point or above the last.
 */
export function weightFlockAge(pontos: readonly { idade: number; peso: number }[], pesoG: number): number | null {
  for (let index = 0; index < pontos.length; index += 1) {
    const point = pontos[index]!;
    if (point.peso === pesoG) return point.idade;
    const next = pontos[index + 1];
    if (!next) break;
    const low = Math.min(point.peso, next.peso);
    const high = Math.max(point.peso, next.peso);
    if (pesoG > low && pesoG < high) return point.idade + ((pesoG - point.peso) * (next.idade - point.idade)) / (next.peso - point.peso);
  }
  return null;
}

/** Feed (kg) ÷ birds (kg per bird). */
export function feedPerBirdKg(racaoKg: number, aves: number): number | null {
  return aves > 0 ? racaoKg / aves : null;
}

/** FCR = feed kg ÷ live weight kg, the live weight being live birds × mean weight. */
export function feedConversion(racaoKg: number, avesVivas: number, pesoG: number): number | null {
  const liveKg = (avesVivas * pesoG) / 1000;
  return liveKg > 0 ? racaoKg / liveKg : null;
}

/** FCR at close-out: feed kg ÷ kg delivered. */
export function feedConversionDelivered(racaoKg: number, kgEntregues: number): number | null {
  return kgEntregues > 0 ? racaoKg / kgEntregues : null;
}

/**
 * FCR corrected to a reference weight: FCR + (reference − mean) ÷ 100 × points per 100 g. A
 * lighter flock converts better just for being lighter; this puts flocks of different weights on
 * one scale.
 */
export function correctedFeedConversion(ca: number | null, pesoG: number, pesoReferenciaG: number, pontos100g: number): number | null {
  return ca === null ? null : ca + ((pesoReferenciaG - pesoG) / 100) * pontos100g;
}

/** Water litres ÷ feed kg. */
export function waterFeedRatio(aguaL: number, racaoKg: number): number | null {
  return racaoKg > 0 ? aguaL / racaoKg : null;
}

/** IEP/EPEF = livability % × mean weight kg ÷ (age days × FCR) × 100. */
export function productionEfficiency(viabilidadePct: number | null, pesoKg: number | null, idade: number | null, ca: number | null): number | null {
  if (viabilidadePct === null || pesoKg === null || idade === null || ca === null || idade <= 0 || ca <= 0) return null;
  return ((viabilidadePct * pesoKg) / (idade * ca)) * 100;
}

/** Σ value × weight ÷ Σ weight over the items with a value and a positive weight; null when none. */
export function weightedMean(items: readonly { valor: number | null; peso: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const item of items) {
    if (item.valor === null || !(item.peso > 0)) continue;
    sum += item.valor * item.peso;
    weights += item.peso;
  }
  return weights > 0 ? sum / weights : null;
}

/**
 * Ranks by `valor`, highest first (1 = best), and the quartile of each rank: 1 the top quarter
 * ("cabeça"), 4 the bottom ("cola"), quartile = ⌊(rank − 1) × 4 ÷ n⌋ + 1 over the n ranked items,
 * so the quarters differ in size by at most one. Equal values keep the order given. Items without
 * a value get no rank and no quartile.
 */
export function rankQuartiles(values: readonly (number | null)[]): { posicao: number | null; quartil: number | null }[] {
  const ranked = values
    .map((valor, index) => ({ valor, index }))
    .filter((item): item is { valor: number; index: number } => item.valor !== null && Number.isFinite(item.valor))
    .sort((a, b) => b.valor - a.valor || a.index - b.index);
  const result = values.map(() => ({ posicao: null as number | null, quartil: null as number | null }));
  ranked.forEach((item, rank) => {
    result[item.index] = { posicao: rank + 1, quartil: Math.floor((rank * 4) / ranked.length) + 1 };
  });
  return result;
}

/** The sex a weighing's free text names ('M', 'Macho', 'male', 'Fêmea', 'F', 'Misto'…), or null when it names none. */
export function sexoOfWeighing(text: string): SexoPadrao | null {
  const word = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  const names: Record<SexoPadrao, readonly string[]> = {
    macho: ['m', 'macho', 'machos', 'male', 'males'],
    femea: ['f', 'femea', 'femeas', 'female', 'females', 'hembra', 'hembras', 'h'],
    misto: ['x', 'misto', 'mistos', 'mixed', 'mixto', 'mix', 'as hatched', 'as-hatched'],
  };
  return SEXOS_PADRAO.find((sexo) => names[sexo].includes(word)) ?? null;
}
