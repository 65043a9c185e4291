import {
  PREVISAO_DIAS_MINIMOS_COM_PADRAO,
  PREVISAO_DIAS_MINIMOS_SEM_PADRAO,
  PREVISAO_FALHAS_MAX,
  PREVISAO_HORIZONTE_MAX,
  PREVISAO_IDADE_MINIMA,
  PREVISAO_IDADE_MINIMA_SEM_PADRAO,
  PREVISAO_LARGURA_MAX,
  PREVISAO_REAMOSTRAS,
  PREVISAO_RMSE_PCT_MAX,
  PREVISAO_SPAN_MINIMO_SEM_PADRAO,
} from './constants.js';
import { fitFlock, logPoints, samplingVariance, type FlockDays, type FlockFit } from './fit.js';
import { lnCurve, standardAnchor, type Anchor } from './anchor.js';
import { gompertzParams, type Theta } from './gompertz.js';
import { bootstrap, quantilesAt } from './interval.js';
import type { DiaPesado, PrevisaoAjuste, PrevisaoCalculo, PrevisaoEntrada, PrevisaoSituacao } from './types.js';

/** `value` rounded to `decimals` places (half away from zero). */
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
};

/** A weighing day that can be read at all: finite, age ≥ 0, weight and birds > 0. */
const usable = (dia: DiaPesado) =>
  Number.isFinite(dia.idade) && dia.idade >= 0 && Number.isFinite(dia.peso_g) && dia.peso_g > 0 && Number.isFinite(dia.aves) && dia.aves > 0;

/** The fitted days (usable, age ≥ `youngest`), one per age (mean weighted by birds), by age. */
export function mergeDays(dias: readonly DiaPesado[], youngest: number): FlockDays {
  const byAge = new Map<number, { soma: number; aves: number }>();
  for (const dia of dias) {
    if (!usable(dia) || dia.idade < youngest) continue;
    const day = byAge.get(dia.idade) ?? { soma: 0, aves: 0 };
    day.soma += dia.peso_g * dia.aves;
    day.aves += dia.aves;
    byAge.set(dia.idade, day);
  }
  const ages = [...byAge.keys()].sort((a, b) => a - b);
  return {
    idade: Float64Array.from(ages),
    peso: Float64Array.from(ages, (age) => byAge.get(age)!.soma / byAge.get(age)!.aves),
    aves: Float64Array.from(ages, (age) => byAge.get(age)!.aves),
  };
}

/** The fit's parameters and its misses on the weighed days (root mean square weighted by birds). */
export function describeFit(days: FlockDays, theta: Theta, anchor: Anchor | null): PrevisaoAjuste {
  let squares = 0, shares = 0, birds = 0;
  for (let i = 0; i < days.idade.length; i++) {
    const miss = days.peso[i]! - Math.exp(lnCurve(theta, days.idade[i]!, anchor));
    squares += days.aves[i]! * miss * miss;
    shares += days.aves[i]! * (miss / days.peso[i]!) ** 2;
    birds += days.aves[i]!;
  }
  const { A, B, k } = gompertzParams(theta);
  return { A_g: round(A, 1), B: round(B, 4), k: round(k, 5), rmse_g: round(Math.sqrt(squares / birds), 1), rmse_pct: round(100 * Math.sqrt(shares / birds), 2) };
}

const horizonOf = (entrada: PrevisaoEntrada) =>
  Math.min(PREVISAO_HORIZONTE_MAX, Math.max(0, Math.floor(Number.isFinite(entrada.horizonte_idade) ? entrada.horizonte_idade : 0)));

/** Whether there are too few fitted days for a curve (poucos_dias), or null when there are enough. */
function tooFewDays(days: FlockDays, anchored: boolean): PrevisaoSituacao | null {
  const count = days.idade.length;
  if (count < (anchored ? PREVISAO_DIAS_MINIMOS_COM_PADRAO : PREVISAO_DIAS_MINIMOS_SEM_PADRAO)) return 'poucos_dias';
  if (!anchored && days.idade[count - 1]! - days.idade[0]! < PREVISAO_SPAN_MINIMO_SEM_PADRAO) return 'poucos_dias';
  return null;
}

/** The first whole age 0..horizon whose weight is at least the target, or null. */
const firstAgeReaching = (curve: ReadonlyArray<number | null>, alvo: number) => {
  const age = curve.findIndex((weight) => weight !== null && weight >= alvo);
  return age === -1 ? null : age;
};

/**
 * The growth forecast of one flock (or one sex of it): a Gompertz curve fitted to its weighing days,
 * anchored on its standard, with a seeded bootstrap band, and the trust rules that decide whether
 * numbers are given at all. Method: docs/forecast.md.
 */
export function preverCrescimento(entrada: PrevisaoEntrada): PrevisaoCalculo {
  const anchor = standardAnchor(entrada.padrao);
  const youngest = anchor ? PREVISAO_IDADE_MINIMA : PREVISAO_IDADE_MINIMA_SEM_PADRAO;
  const days = mergeDays(entrada.dias, youngest);
  const horizon = horizonOf(entrada);
  const base = {
    dias_pesagem: days.idade.length,
    aves_pesadas: days.aves.reduce((sum, aves) => sum + aves, 0),
    dias_minimos: anchor ? PREVISAO_DIAS_MINIMOS_COM_PADRAO : PREVISAO_DIAS_MINIMOS_SEM_PADRAO,
  };
  const untrusted = (situacao: PrevisaoSituacao, fit: FlockFit | null): PrevisaoCalculo => ({
    situacao,
    ...base,
    peso_padrao_pct: fit ? round(100 * fit.priorShare, 1) : 0,
    ajuste: fit && fit.theta.every(Number.isFinite) ? describeFit(days, fit.theta, anchor) : null,
    peso_na_idade: null,
    alvo: null,
    curva: Array.from({ length: horizon + 1 }, (_, idade) => ({ idade, p10: null, p50: null, p90: null })),
  });

  // First-week weighings alone are too few days, not none.
  const few = entrada.dias.some(usable) ? tooFewDays(days, anchor !== null) : 'sem_pesagens';
  if (few) return untrusted(few, null);
  const fit = fitFlock(days, anchor);
  if (!fit || !fit.converged) return untrusted('ajuste_ruim', fit);
  const ajuste = describeFit(days, fit.theta, anchor);
  if (!(ajuste.rmse_pct <= PREVISAO_RMSE_PCT_MAX)) return untrusted('ajuste_ruim', fit);

  const sampling = samplingVariance(days);
  const { resamples, failed } = bootstrap({
    points: logPoints(days, sampling, fit.scatter, anchor),
    variance: Float64Array.from(sampling, (variance) => variance + fit.scatter),
    anchor,
    theta: fit.theta,
    scatter: fit.scatter,
    scatterDof: fit.scatterDof,
    resamples: PREVISAO_REAMOSTRAS,
    seed: entrada.seed,
  });
  if (failed > PREVISAO_FALHAS_MAX * PREVISAO_REAMOSTRAS) return untrusted('intervalo_largo', fit);
  const [p10, p50, p90] = quantilesAt(resamples, [entrada.idade_consulta], anchor)[0]!;
  if (!((p90 - p10) / p50 <= PREVISAO_LARGURA_MAX)) return untrusted('intervalo_largo', fit);

  const shown = Array.from({ length: Math.max(0, horizon + 1 - youngest) }, (_, index) => youngest + index);
  const bands = quantilesAt(resamples, shown, anchor);
  const curva = Array.from({ length: horizon + 1 }, (_, idade) => {
    const band = bands[idade - youngest];
    return band ? { idade, p10: round(band[0], 1), p50: round(band[1], 1), p90: round(band[2], 1) } : { idade, p10: null, p50: null, p90: null };
  });
  const alvo = entrada.alvo_g;
  return {
    situacao: 'ok',
    ...base,
    peso_padrao_pct: round(100 * fit.priorShare, 1),
    ajuste,
    peso_na_idade: { p10: round(p10, 1), p50: round(p50, 1), p90: round(p90, 1) },
    alvo: {
      ja_atingido: days.peso[days.peso.length - 1]! >= alvo,
      // The earliest day comes from the heaviest curve (P90), the latest from the lightest (P10).
      p10: firstAgeReaching(curva.map((ponto) => ponto.p90), alvo),
      p50: firstAgeReaching(curva.map((ponto) => ponto.p50), alvo),
      p90: firstAgeReaching(curva.map((ponto) => ponto.p10), alvo),
    },
    curva,
  };
}
