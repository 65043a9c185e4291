import { daysBetween } from '../schemas/records/common.js';
import type { JanelaDia, MotivoDescarte } from '../schemas/quality.js';
import { roundHalfAway } from './stats.js';

/**
 * Weighing quality (issue 20, docs/quality.md): the window around a flock-day's expected weight and
 * why a weighing falls outside it, in exact integer decigrams — no floating point decides whether a
 * bird is accepted, so every database, the worker and the browser agree digit for digit.
 */

/** The percentages a window is drawn with (a flock's settings, or a report's `janela` override). */
export interface ParametrosJanela {
  abaixo_pct: number;
  acima_pct: number;
  dupla_tolerancia_pct: number;
}

/** A flock-day-sex's window in decigrams; every edge belongs to the range it closes. */
export interface JanelaDg {
  esperado: number;
  baixo: number;
  alto: number;
  duplaBaixo: number;
  duplaAlto: number;
}

export type ReferenciaUsada = 'padrao' | 'media_anterior';

/** a / b rounded up and down, for a ≥ 0 and b > 0 integers (exact: no float division). */
const ceilDiv = (a: number, b: number) => (a + b - 1 - ((a + b - 1) % b)) / b;
const floorDiv = (a: number, b: number) => (a - (a % b)) / b;

/**
 * The window around `esperadoDg`: accepted from ⌈e·(100 − abaixo)/100⌉ to ⌊e·(100 + acima)/100⌋;
 * two birds from ⌈2e·(100 − tol)/100⌉ to ⌊2e·(100 + tol)/100⌋.
 */
export function janelaDe(esperadoDg: number, parametros: ParametrosJanela): JanelaDg {
  return {
    esperado: esperadoDg,
    baixo: ceilDiv(esperadoDg * (100 - parametros.abaixo_pct), 100),
    alto: floorDiv(esperadoDg * (100 + parametros.acima_pct), 100),
    duplaBaixo: ceilDiv(2 * esperadoDg * (100 - parametros.dupla_tolerancia_pct), 100),
    duplaAlto: floorDiv(2 * esperadoDg * (100 + parametros.dupla_tolerancia_pct), 100),
  };
}

/** Why a weighing is set aside, or null when the window accepts it (no window: all accepted). */
export function motivoDe(pesoDg: number, janela: JanelaDg | null): MotivoDescarte | null {
  if (janela === null) return null;
  if (pesoDg < janela.baixo) return 'parcial';
  if (pesoDg <= janela.alto) return null;
  return pesoDg >= janela.duplaBaixo && pesoDg <= janela.duplaAlto ? 'dupla' : 'acima';
}

/** A window as the wire shows it: grams with 1 decimal; null edges without a reference. */
export function janelaEmGramas(janela: JanelaDg | null, referencia: ReferenciaUsada | null): JanelaDia {
  if (janela === null || referencia === null) return { referencia: 'sem_referencia', esperado_g: null, baixo_g: null, alto_g: null, dupla_baixo_g: null, dupla_alto_g: null };
  return {
    referencia,
    esperado_g: janela.esperado / 10,
    baixo_g: janela.baixo / 10,
    alto_g: janela.alto / 10,
    dupla_baixo_g: janela.duplaBaixo / 10,
    dupla_alto_g: janela.duplaAlto / 10,
  };
}

/** A previous weighing day of the same flock and sex text: its accepted birds and their exact sum (dg). */
export interface DiaAceito {
  data: string;
  idade: number | null;
  aves: number;
  soma: bigint;
}

export interface EsperadoEntrada {
  referencia: 'media_anterior' | 'padrao';
  data: string;
  idade: number | null;
  /** The flock's standard at an age, in dg (interpolated), or null where it says nothing. */
  padraoEm: (idade: number) => number | null;
  /** The earlier weighing days with accepted birds, oldest first (only the last two are read). */
  anteriores: readonly DiaAceito[];
}

/**
 * The weight expected on a flock-day for one sex text, in dg (rounded half away from zero), and
 * where it came from; null: no reference (every weighing accepted).
 * - padrao: the standard at the age, where it covers it; else the media_anterior rule.
 * - media_anterior: the previous day's accepted mean + gain × days between; the gain per day is the
 *   standard's over those two ages when it covers both, else the one observed between the two
 *   previous days' accepted means (never below 0), else 0. No previous day: the standard at the age.
 */
export function esperadoDoDia(entrada: EsperadoEntrada): { referencia: ReferenciaUsada; esperado_dg: number } | null {
  const padraoHoje = entrada.idade === null ? null : entrada.padraoEm(entrada.idade);
  if (entrada.referencia === 'padrao' && padraoHoje !== null) return positive('padrao', padraoHoje);
  const anterior = entrada.anteriores[entrada.anteriores.length - 1];
  if (anterior === undefined) return padraoHoje === null ? null : positive('padrao', padraoHoje);
  const n1 = BigInt(anterior.aves);
  const dias = BigInt(daysBetween(anterior.data, entrada.data));
  const padraoAntes = anterior.idade === null ? null : entrada.padraoEm(anterior.idade);
  if (padraoHoje !== null && padraoAntes !== null && entrada.idade !== null && anterior.idade !== null && entrada.idade !== anterior.idade) {
    // S/n + (std(t) − std(t′)) / (t − t′) · days, as one fraction.
    const idades = BigInt(entrada.idade - anterior.idade);
    return positive('media_anterior', Number(roundHalfAway(anterior.soma * idades + n1 * BigInt(padraoHoje - padraoAntes) * dias, n1 * idades)));
  }
  const antes = entrada.anteriores[entrada.anteriores.length - 2];
  if (antes === undefined) return positive('media_anterior', Number(roundHalfAway(anterior.soma, n1)));
  // m₁ + max(0, (m₁ − m₀) / D) · days with mᵢ = Sᵢ / nᵢ, D the days between the two previous days.
  const n0 = BigInt(antes.aves);
  const entre = BigInt(daysBetween(antes.data, anterior.data));
  const ganho = anterior.soma * n0 - antes.soma * n1;
  const numerador = anterior.soma * n0 * entre + (ganho > 0n ? ganho : 0n) * dias;
  return positive('media_anterior', Number(roundHalfAway(numerador, n1 * n0 * entre)));
}

/** A weight expected at or below 0 (a standard that falls) is no reference. */
const positive = (referencia: ReferenciaUsada, esperado_dg: number) => (esperado_dg > 0 ? { referencia, esperado_dg } : null);

/** Share accepted, % with 2 decimals (half away from zero); 0 without weighings. */
export function aceitasPercent(aves: number, aceitas: number): number {
  return aves === 0 ? 0 : Number(roundHalfAway(BigInt(aceitas) * 10_000n, BigInt(aves))) / 100;
}

/**
 * A scale's day score: 100 × aceitas/aves × min(1, aves ÷ meta), 1 decimal — which is
 * 100 × aceitas ÷ max(aves, meta), exactly.
 */
export function notaDia(aves: number, aceitas: number, meta: number): number {
  const base = Math.max(aves, meta);
  return base === 0 ? 0 : Number(roundHalfAway(BigInt(aceitas) * 1_000n, BigInt(base))) / 10;
}
