import { PREVISAO_IDADE_MINIMA, PREVISAO_IDADE_MINIMA_SEM_PADRAO, type Previsao, type PrevisaoGrupo, type PrevisaoPonto } from '@portal/shared';
import { isoToMasked } from '../records/dates';

/**
 * The growth forecast (getprevisao) put into words and chart series, without React: the flock
 * page's card (ForecastCard, ForecastChart) and the dashboard tiles' line (ForecastLine) use these.
 * A group whose situacao is not 'ok' is said in words, never with a number the fit does not trust.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ForecastFormat {
  t: Translate;
  /** A number in the user's number format with `digits` decimals. */
  number: (value: number, digits: number) => string;
  /** A calendar day (YYYY-MM-DD) as the screens write it; `short`: day and month only. */
  day: (iso: string, short?: boolean) => string;
}

type Point = [number, number | null];

/**
 * Why a group has no forecast to give, as a sentence (null when it has one): no weighings, too few
 * weighing days (how many of how many), a curve that misses the weighings, or a band too wide.
 */
export function forecastReason(grupo: Pick<PrevisaoGrupo, 'situacao' | 'dias_pesagem' | 'dias_minimos' | 'padrao'>, t: Translate): string | null {
  switch (grupo.situacao) {
    case 'ok':
      return null;
    case 'poucos_dias':
      // Days before this age are not fitted (a Gompertz misses a broiler's first days; docs/forecast.md): say so, or 3 weighed points next to "1 day" puzzle.
      return t('flocks.forecast.reasons.poucos_dias', {
        days: grupo.dias_pesagem,
        needed: grupo.dias_minimos,
        age: grupo.padrao === null ? PREVISAO_IDADE_MINIMA_SEM_PADRAO : PREVISAO_IDADE_MINIMA,
      });
    default:
      return t(`flocks.forecast.reasons.${grupo.situacao}`);
  }
}

/**
 * The forecast chart's series by age: the weighed days' means (points), the standard, the P50
 * curve, and the P10–P90 band drawn as a stack: an invisible P10 base and the band's width on top
 * of it. Ages where the curve is not trusted hold null (no line, no band).
 */
export function forecastSeries(grupo: Pick<PrevisaoGrupo, 'curva'>) {
  const observed: [number, number][] = [];
  const standard: [number, number][] = [];
  const p50: Point[] = [];
  const bandBase: Point[] = [];
  const bandWidth: Point[] = [];
  for (const ponto of grupo.curva) {
    if (ponto.observado !== null) observed.push([ponto.idade, ponto.observado]);
    if (ponto.padrao !== null) standard.push([ponto.idade, ponto.padrao]);
    p50.push([ponto.idade, ponto.p50]);
    const banded = ponto.p10 !== null && ponto.p90 !== null;
    bandBase.push([ponto.idade, banded ? ponto.p10 : null]);
    bandWidth.push([ponto.idade, banded ? Math.max(0, ponto.p90! - ponto.p10!) : null]);
  }
  return { observed, standard, p50, bandBase, bandWidth, banded: bandWidth.some(([, width]) => width !== null) };
}

/** The age of a day on the flock's curve (the asked day, today), or null when the curve does not reach it. */
export function ageOn(grupo: Pick<PrevisaoGrupo, 'curva'>, iso: string): number | null {
  return grupo.curva.find((ponto) => ponto.data === iso)?.idade ?? null;
}

/** What the chart's tooltip says of one age: its day, the weighed mean, the standard, P50 and the band. */
export function pointLines(ponto: PrevisaoPonto, f: ForecastFormat): string[] {
  const grams = (value: number) => `${f.number(value, 1)} g`;
  const lines = [f.t('flocks.forecast.chart.ageOn', { age: ponto.idade, date: f.day(ponto.data) })];
  if (ponto.observado !== null) lines.push(`${f.t('flocks.forecast.chart.observed')}: ${grams(ponto.observado)}`);
  if (ponto.padrao !== null) lines.push(`${f.t('flocks.forecast.chart.standard')}: ${grams(ponto.padrao)}`);
  if (ponto.p50 !== null) lines.push(`P50: ${grams(ponto.p50)}`);
  if (ponto.p10 !== null && ponto.p90 !== null) lines.push(`P10–P90: ${f.number(ponto.p10, 1)}–${grams(ponto.p90)}`);
  return lines;
}

type Alvo = NonNullable<PrevisaoGrupo['alvo']>;

/**
 * When the target is reached, in words: 'already reached', or the P50 day with its P10–P90 days; a
 * day past the curve's end reads 'after <horizon>'. Null when the group has no trusted answer.
 */
export function targetDays(alvo: Alvo | null, horizonte: string, f: ForecastFormat, short = false) {
  if (!alvo) return null;
  if (alvo.ja_atingido) return { reached: true as const };
  const day = (dia: Alvo['p50']) => (dia ? f.day(dia.data, short) : f.t('flocks.forecast.after', { date: f.day(horizonte, short) }));
  return { reached: false as const, p50: day(alvo.p50), p10: day(alvo.p10), p90: day(alvo.p90), age: alvo.p50?.idade ?? null };
}

/**
 * The dashboard tile's line for the whole flock: "2.500 g em 12/12 (10/12–14/12)", "2.500 g already
 * reached", or why there is no forecast.
 */
export function tileLine(previsao: Pick<Previsao, 'alvo_g' | 'horizonte' | 'grupos'>, f: ForecastFormat): { text: string; trusted: boolean } {
  const grupo = previsao.grupos[0];
  if (!grupo) return { text: f.t('flocks.forecast.reasons.sem_pesagens'), trusted: false };
  const reason = forecastReason(grupo, f.t);
  const days = targetDays(grupo.alvo, previsao.horizonte, f, true);
  if (reason !== null || !days) return { text: reason ?? f.t('flocks.forecast.reasons.ajuste_ruim'), trusted: false };
  const target = f.number(previsao.alvo_g, 0);
  if (days.reached) return { text: f.t('flocks.forecast.tile.reached', { target }), trusted: true };
  return { text: f.t('flocks.forecast.tile.reach', { target, date: days.p50, from: days.p10, to: days.p90 }), trusted: true };
}

/** The groups to choose among, flock first, as the server sent them. */
export const groupOptions = (previsao: Pick<Previsao, 'grupos'>, t: Translate) =>
  previsao.grupos.map((grupo) => ({ value: grupo.grupo, label: t(`flocks.forecast.groups.${grupo.grupo}`) }));

/**
 * A calendar day as every screen writes it (docs/data-model.md: dd/mm/yyyy, in each language, the
 * same as the date fields beside it); `short`: dd/mm.
 */
export function formatDay(iso: string, short = false): string {
  const masked = isoToMasked(iso);
  return short ? masked.slice(0, 5) : masked;
}
