/**
 * The growth forecast's fixed numbers (docs/forecast.md, "Growth forecast: method"). The trust
 * limits decide when a curve is shown; the noise and prior figures shape the fit and its interval.
 */

/**
 * Youngest age fitted (days). A Gompertz misses the first week of a broiler's growth badly (on the
 * Ross 308 and Cobb 500 tables a fit to all ages is 15–25 % off at placement and 2–6 % off at day 7
 * and day 14), so first-week weighings and standard points are left out of the fits (from day 7 the
 * standard's own departures from its Gompertz carry its shape, see forecast/anchor.ts), and the
 * curve's quantiles are not given before the youngest age fitted.
 */
export const PREVISAO_IDADE_MINIMA = 7;
/**
 * Youngest age fitted without a standard: with no standard's shape to carry, a Gompertz bends to the
 * second week's faster relative growth and then underestimates the weeks after (on the breed tables a
 * fit from day 14 stays within 1 % from day 21 to day 70; one from day 7 is 4 % off at day 7).
 */
export const PREVISAO_IDADE_MINIMA_SEM_PADRAO = 14;
/** Weighing days needed before a curve is given when a standard anchors it. */
export const PREVISAO_DIAS_MINIMOS_COM_PADRAO = 3;
/** Weighing days needed without a standard (three parameters from the data alone). */
export const PREVISAO_DIAS_MINIMOS_SEM_PADRAO = 6;
/** Without a standard, the weighed ages must also span this many days (first to last). */
export const PREVISAO_SPAN_MINIMO_SEM_PADRAO = 14;
/** Above this weighted RMSE (% of the weighed means) the curve misses its own days: ajuste_ruim. */
export const PREVISAO_RMSE_PCT_MAX = 8;
/** Above this (P90 − P10) / P50 at the asked age the forecast is too vague to plan on: intervalo_largo. */
export const PREVISAO_LARGURA_MAX = 0.3;
/** Bootstrap resamples behind the P10/P50/P90. */
export const PREVISAO_REAMOSTRAS = 200;
/** Above this share of resamples whose refit fails or is absurd, the interval is not given: intervalo_largo. */
export const PREVISAO_FALHAS_MAX = 0.1;

/** Within-day CV of a flock's birds assumed for a day's sampling error (CV² / n on the log scale). */
export const PREVISAO_CV_AVES = 0.1;
/**
 * Day-to-day scatter of a flock's mean around a smooth curve (log scale, ≈ share of the weight)
 * assumed before the days say otherwise, and how many days' worth that belief counts for.
 */
export const PREVISAO_DISPERSAO_DIA = 0.03;
export const PREVISAO_DISPERSAO_DIAS_PRIORI = 4;
/**
 * Prior SDs around the standard's own Gompertz fit, on (ln A, ln B, ln k): loose on the scale A,
 * tighter on the shape, so a few early days scale the standard and later days reshape it.
 */
export const PREVISAO_PRIORI_SD = { lnA: 0.3, lnB: 0.1, lnK: 0.1 } as const;

/** Bounds outside which a fitted curve is absurd for poultry (ajuste_ruim): A in g, k per day. */
export const PREVISAO_LIMITES = { A_max_g: 50_000, B_min: 0.3, B_max: 40, k_min: 0.003, k_max: 0.5 } as const;
/** Longest curve computed (days): getprevisao's horizon is at most 200 days. */
export const PREVISAO_HORIZONTE_MAX = 400;
