import type { Anchor } from './anchor.js';
import { fitGompertz, lnGompertz, plausible, type LogPoints, type Prior, type Theta } from './gompertz.js';
import { chiSquare, mulberry32, standardNormal } from './random.js';

/**
 * The P10/P50/P90 band by a seeded parametric bootstrap ("randomise then optimise"): each resample
 * adds noise of the fitted model to every weighing day's log mean, moves the prior's centre by a
 * draw of the prior, and refits. For a linear model those refits are exact draws of the posterior;
 * here they follow the curve's non-linearity too. Each resample also draws
 *  - a variance scale ν/χ²_ν (the noise level is itself estimated from few days: Student-t tails),
 *  - one day-to-day deviation of the flock, N(0, τ²), applied to its whole curve: a forecast is of
 *    the flock's mean on a day, which strays from any smooth curve by about τ.
 */

export interface Resample {
  theta: Theta;
  /** The resample's flock deviation on the log scale. */
  shift: number;
}

export interface BootstrapInput {
  points: LogPoints;
  /** Each day's variance (sampling + scatter) the points' weights came from. */
  variance: Float64Array;
  anchor: Anchor | null;
  theta: Theta;
  scatter: number;
  scatterDof: number;
  resamples: number;
  seed: number;
}

/** The resamples whose refit converged to a plausible curve, and how many did not. */
export function bootstrap(input: BootstrapInput): { resamples: Resample[]; failed: number } {
  const uniform = mulberry32(input.seed);
  const count = input.points.t.length;
  const resamples: Resample[] = [];
  let failed = 0;
  for (let index = 0; index < input.resamples; index++) {
    const dof = input.scatterDof;
    const scale = dof / Math.max(chiSquare(uniform, dof), 0.05 * dof);
    const z = new Float64Array(count);
    const w = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      z[i] = input.points.z[i]! + Math.sqrt(scale * input.variance[i]!) * standardNormal(uniform);
      w[i] = input.points.w[i]! / scale;
    }
    const anchored = input.anchor?.prior;
    const prior: Prior | null = anchored
      ? { mu: anchored.mu.map((centre, j) => centre + standardNormal(uniform) / Math.sqrt(anchored.precision[j]!)) as Theta, precision: anchored.precision }
      : null;
    const shift = Math.sqrt(scale * input.scatter) * standardNormal(uniform);
    const fit = fitGompertz({ t: input.points.t, z, w }, prior, input.theta, 40);
    if (fit.converged && plausible(fit.theta)) resamples.push({ theta: fit.theta, shift });
    else failed++;
  }
  return { resamples, failed };
}

/** The q-quantile (0..1) of ascending `sorted`, interpolated between neighbours. */
export function quantileSorted(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** P10, P50 and P90 of the resampled curves' weights (g) at each of `ages`. */
export function quantilesAt(resamples: Resample[], ages: readonly number[], anchor: Anchor | null): Array<[number, number, number]> {
  const offsets = ages.map((idade) => (anchor ? anchor.offset(idade) : 0));
  const column = new Float64Array(resamples.length);
  return ages.map((idade, index) => {
    for (let r = 0; r < resamples.length; r++) column[r] = Math.exp(lnGompertz(resamples[r]!.theta, idade) + offsets[index]! + resamples[r]!.shift);
    column.sort();
    return [quantileSorted(column, 0.1), quantileSorted(column, 0.5), quantileSorted(column, 0.9)];
  });
}
