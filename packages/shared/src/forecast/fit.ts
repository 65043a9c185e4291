import { PREVISAO_CV_AVES, PREVISAO_DISPERSAO_DIA, PREVISAO_DISPERSAO_DIAS_PRIORI } from './constants.js';
import type { Anchor } from './anchor.js';
import { fitGompertz, invert3, lnGompertz, plausible, startFromData, type LogPoints, type Prior, type Theta } from './gompertz.js';

/**
 * A flock's curve: the MAP fit of its weighing days under the noise model
 *   ln ȳᵢ = ln W(tᵢ) + eᵢ,  Var eᵢ = CV²/nᵢ + τ²
 * (a day's sampling error, which shrinks with the birds weighed, plus the day-to-day scatter τ of a
 * real flock around any smooth curve, which does not). τ² is estimated from the residuals, shrunk
 * towards PREVISAO_DISPERSAO_DIA with PREVISAO_DISPERSAO_DIAS_PRIORI days' weight, and the fit is
 * redone with the new weights until it settles.
 */

export interface FlockDays {
  idade: Float64Array;
  peso: Float64Array;
  aves: Float64Array;
}

export interface FlockFit {
  theta: Theta;
  converged: boolean;
  /** τ² used in the weights (shrunk estimate). */
  scatter: number;
  /** Degrees of freedom behind the variance: the prior's days plus the residual days. */
  scatterDof: number;
  /** The prior's share of the fit's information (0..1), see informationShares. */
  priorShare: number;
}

/** Sampling variance of each day's log mean (CV² / birds). */
export const samplingVariance = (days: FlockDays) => Float64Array.from(days.aves, (aves) => (PREVISAO_CV_AVES * PREVISAO_CV_AVES) / aves);

/** The days on the log scale, less the anchor's departures (so a plain Gompertz is fitted), weighted by 1 / variance. */
export function logPoints(days: FlockDays, sampling: Float64Array, scatter: number, anchor: Anchor | null): LogPoints {
  return {
    t: days.idade,
    z: Float64Array.from(days.peso, (peso, i) => Math.log(peso) - (anchor ? anchor.offset(days.idade[i]!) : 0)),
    w: Float64Array.from(sampling, (variance) => 1 / (variance + scatter)),
  };
}

/** The τ² ≥ 0 at which Σ rᵢ² / (cᵢ + τ²) equals `dof` (0 when sampling alone explains the residuals). */
export function scatterFromResiduals(residuals: Float64Array, sampling: Float64Array, dof: number): number {
  const standardised = (scatter: number) => residuals.reduce((sum, residual, i) => sum + (residual * residual) / (sampling[i]! + scatter), 0);
  if (dof <= 0 || standardised(0) <= dof) return 0;
  let low = 0;
  let high = Math.max(...residuals.map((residual) => residual * residual)) + 1e-12;
  while (standardised(high) > dof) high *= 2;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (standardised(middle) > dof) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * From the information at the fit (H = JᵀWJ + P): the parameters the data pin down, tr(H⁻¹·JᵀWJ),
 * and the prior's share of the information, tr(H⁻¹·P) / 3; the two add up to 3 parameters, so the
 * share is 1 with no day and falls as days pin down first the scale A, then the shape B and k.
 * 0 without a standard.
 */
export function informationShares(dataInformation: Float64Array, prior: Prior | null) {
  const total = Float64Array.from(dataInformation);
  if (prior) for (let r = 0; r < 3; r++) total[r * 4]! += prior.precision[r]!;
  const inverse = invert3(total);
  if (!inverse) return { dataParameters: 3, priorShare: prior ? 1 : 0 };
  let dataParameters = 0;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) dataParameters += inverse[r * 3 + c]! * dataInformation[c * 3 + r]!;
  if (!prior) return { dataParameters, priorShare: 0 };
  const fromPrior = [0, 1, 2].reduce((sum, r) => sum + inverse[r * 4]! * prior.precision[r]!, 0);
  return { dataParameters, priorShare: Math.min(1, Math.max(0, fromPrior / 3)) };
}

/** Starting values: the standard's curve moved to the days' level, else the data's own grid start. */
export function startingTheta(points: LogPoints, prior: Prior | null): Theta | null {
  if (!prior) return startFromData(points);
  let shift = 0;
  let weight = 0;
  for (let i = 0; i < points.t.length; i++) {
    shift += points.w[i]! * (points.z[i]! - lnGompertz(prior.mu, points.t[i]!));
    weight += points.w[i]!;
  }
  return [prior.mu[0] + shift / weight, prior.mu[1], prior.mu[2]];
}

export function fitFlock(days: FlockDays, anchor: Anchor | null): FlockFit | null {
  const prior = anchor?.prior ?? null;
  const sampling = samplingVariance(days);
  const count = days.idade.length;
  const priorScatter = PREVISAO_DISPERSAO_DIA * PREVISAO_DISPERSAO_DIA;
  let scatter = priorScatter;
  let theta = startingTheta(logPoints(days, sampling, scatter, anchor), prior);
  if (!theta) return null;
  let result: FlockFit | null = null;
  for (let round = 0; round < 4; round++) {
    const points = logPoints(days, sampling, scatter, anchor);
    const fit = fitGompertz(points, prior, theta);
    theta = fit.theta;
    const { dataParameters, priorShare } = informationShares(fit.dataInformation, prior);
    const residuals = Float64Array.from(points.t, (t, i) => points.z[i]! - lnGompertz(theta!, t));
    const dof = Math.max(0, count - dataParameters);
    const estimate = scatterFromResiduals(residuals, sampling, dof);
    const next = (PREVISAO_DISPERSAO_DIAS_PRIORI * priorScatter + dof * estimate) / (PREVISAO_DISPERSAO_DIAS_PRIORI + dof);
    result = { theta, converged: fit.converged && plausible(theta), scatter, scatterDof: PREVISAO_DISPERSAO_DIAS_PRIORI + dof, priorShare };
    const settled = Math.abs(next - scatter) <= 0.01 * scatter;
    scatter = next;
    if (settled) break;
  }
  return result;
}
