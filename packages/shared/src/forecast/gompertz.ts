import { PREVISAO_LIMITES } from './constants.js';

/**
 * Gompertz W(t) = A·exp(−B·e^(−k·t)) fitted on the log scale, where a day's noise is roughly a
 * share of its weight: ln W(t) = a − exp(b − e^c·t) with θ = (a, b, c) = (ln A, ln B, ln k). Working
 * in logs keeps A, B and k positive and makes the prior around a standard a plain Gaussian.
 */

export type Theta = [number, number, number];

/** Points on the log scale with their weights (1 / variance). */
export interface LogPoints {
  t: Float64Array;
  z: Float64Array;
  w: Float64Array;
}

/** A Gaussian prior on θ: its centre and precisions (1 / SD²) per component. */
export interface Prior {
  mu: Theta;
  precision: Theta;
}

export interface FitResult {
  theta: Theta;
  converged: boolean;
  /** Data part of the Gauss–Newton information JᵀWJ at theta (3×3, row-major). */
  dataInformation: Float64Array;
}

export const lnGompertz = (theta: Theta, t: number): number => theta[0] - Math.exp(theta[1] - Math.exp(theta[2]) * t);

export const gompertzParams = (theta: Theta) => ({ A: Math.exp(theta[0]), B: Math.exp(theta[1]), k: Math.exp(theta[2]) });

/** Whether a curve's parameters are possible for a bird (finite and within PREVISAO_LIMITES). */
export function plausible(theta: Theta): boolean {
  const { A, B, k } = gompertzParams(theta);
  const limits = PREVISAO_LIMITES;
  return [A, B, k].every(Number.isFinite) && A <= limits.A_max_g && B >= limits.B_min && B <= limits.B_max && k >= limits.k_min && k <= limits.k_max;
}

/** Solves the 3×3 system m·x = v by Gaussian elimination with pivoting; null when singular. */
export function solve3(m: ArrayLike<number>, v: ArrayLike<number>): Theta | null {
  const a = [0, 1, 2].map((row) => [m[row * 3]!, m[row * 3 + 1]!, m[row * 3 + 2]!, v[row]!]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let row = col + 1; row < 3; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    if (!(Math.abs(a[pivot]![col]!) > 1e-300)) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = col + 1; row < 3; row++) {
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 4; k++) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const x: Theta = [0, 0, 0];
  for (let row = 2; row >= 0; row--) {
    let sum = a[row]![3]!;
    for (let k = row + 1; k < 3; k++) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/** The inverse of a symmetric 3×3 matrix (row-major), null when singular. */
export function invert3(m: ArrayLike<number>): Float64Array | null {
  const inverse = new Float64Array(9);
  for (let col = 0; col < 3; col++) {
    const column = solve3(m, [col === 0 ? 1 : 0, col === 1 ? 1 : 0, col === 2 ? 1 : 0]);
    if (!column) return null;
    for (let row = 0; row < 3; row++) inverse[row * 3 + col] = column[row]!;
  }
  return inverse;
}

/** The objective (weighted squared residuals plus the prior's penalty), its gradient half and JᵀWJ. */
function linearise(points: LogPoints, prior: Prior | null, theta: Theta) {
  const information = new Float64Array(9);
  const gradient = new Float64Array(3);
  let objective = 0;
  const k = Math.exp(theta[2]);
  for (let i = 0; i < points.t.length; i++) {
    const t = points.t[i]!;
    const e = Math.exp(theta[1] - k * t);
    const residual = points.z[i]! - (theta[0] - e);
    const w = points.w[i]!;
    const jacobian = [1, -e, e * k * t];
    objective += w * residual * residual;
    for (let r = 0; r < 3; r++) {
      gradient[r]! += w * jacobian[r]! * residual;
      for (let c = 0; c < 3; c++) information[r * 3 + c]! += w * jacobian[r]! * jacobian[c]!;
    }
  }
  if (prior) {
    for (let r = 0; r < 3; r++) {
      const offset = theta[r]! - prior.mu[r]!;
      objective += prior.precision[r]! * offset * offset;
      gradient[r]! -= prior.precision[r]! * offset;
    }
  }
  return { objective, gradient, information };
}

const withPrior = (information: Float64Array, prior: Prior | null) => {
  const total = Float64Array.from(information);
  if (prior) for (let r = 0; r < 3; r++) total[r * 4]! += prior.precision[r]!;
  return total;
};

/**
 * Levenberg–Marquardt on the log-scale objective Σ wᵢ(zᵢ − ln W(tᵢ))² + Σ pⱼ(θⱼ − μⱼ)², from
 * `start`. Steps are capped (a wild step cannot overflow exp) and rejected unless they lower the
 * objective; convergence is a relative change below 1e-10 or a step below 1e-9.
 */
export function fitGompertz(points: LogPoints, prior: Prior | null, start: Theta, maxIterations = 100): FitResult {
  let theta: Theta = [...start];
  let current = linearise(points, prior, theta);
  let lambda = 1e-3;
  let converged = false;
  for (let iteration = 0; iteration < maxIterations && !converged; iteration++) {
    const hessian = withPrior(current.information, prior);
    const damped = Float64Array.from(hessian);
    for (let r = 0; r < 3; r++) damped[r * 4] = hessian[r * 4]! * (1 + lambda) + 1e-12;
    const step = solve3(damped, current.gradient);
    if (!step) break;
    const longest = Math.max(...step.map(Math.abs));
    const scale = longest > 1 ? 1 / longest : 1;
    const candidate: Theta = [theta[0] + step[0] * scale, theta[1] + step[1] * scale, theta[2] + step[2] * scale];
    const next = linearise(points, prior, candidate);
    if (Number.isFinite(next.objective) && next.objective <= current.objective) {
      const change = current.objective - next.objective;
      theta = candidate;
      current = next;
      lambda = Math.max(lambda / 3, 1e-12);
      converged = change <= 1e-10 * (current.objective + 1e-12) || longest * scale < 1e-9;
    } else {
      lambda *= 4;
      if (lambda > 1e12) converged = longest * scale < 1e-6;
      if (lambda > 1e12) break;
    }
  }
  return { theta, converged: converged && theta.every(Number.isFinite), dataInformation: current.information };
}

/**
 * Starting values from the data alone: for each k on a log grid the model ln W = a − B·e^(−k·t) is
 * linear in (a, B), solved by weighted least squares; the k with the smallest residual (and B > 0)
 * wins. Null when no k gives a growing curve.
 */
export function startFromData(points: LogPoints): Theta | null {
  let best: { theta: Theta; sse: number } | null = null;
  for (let step = 0; step <= 40; step++) {
    const k = Math.exp(Math.log(0.005) + (step / 40) * Math.log(0.5 / 0.005));
    let s0 = 0, s1 = 0, s11 = 0, sz = 0, s1z = 0;
    for (let i = 0; i < points.t.length; i++) {
      const x = -Math.exp(-k * points.t[i]!);
      const w = points.w[i]!;
      s0 += w; s1 += w * x; s11 += w * x * x; sz += w * points.z[i]!; s1z += w * x * points.z[i]!;
    }
    const determinant = s0 * s11 - s1 * s1;
    if (!(Math.abs(determinant) > 1e-300)) continue;
    const B = (s0 * s1z - s1 * sz) / determinant;
    const a = (sz - B * s1) / s0;
    if (!(B > 0)) continue;
    let sse = 0;
    for (let i = 0; i < points.t.length; i++) sse += points.w[i]! * (points.z[i]! - a + B * Math.exp(-k * points.t[i]!)) ** 2;
    if (!best || sse < best.sse) best = { theta: [a, Math.log(B), Math.log(k)], sse };
  }
  return best?.theta ?? null;
}

/** A Gompertz fitted to a standard's points (equal weights on the log scale); null when it cannot be. */
export function fitStandard(padrao: ReadonlyArray<{ idade: number; peso: number }>): Theta | null {
  const usable = padrao.filter((point) => Number.isFinite(point.idade) && point.idade >= 0 && Number.isFinite(point.peso) && point.peso > 0);
  if (new Set(usable.map((point) => point.idade)).size < 4) return null;
  const points: LogPoints = {
    t: Float64Array.from(usable, (point) => point.idade),
    z: Float64Array.from(usable, (point) => Math.log(point.peso)),
    w: new Float64Array(usable.length).fill(1),
  };
  const start = startFromData(points);
  if (!start) return null;
  const fit = fitGompertz(points, null, start, 200);
  return fit.converged && plausible(fit.theta) ? fit.theta : null;
}
