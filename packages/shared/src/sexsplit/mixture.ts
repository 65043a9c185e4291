import { quantil, type PesosContados } from './histogram.js';

/**
 * A two-component normal mixture (males m, females f) fitted by EM to counted weights, with the
 * constraints of a sex split (docs/sex-split.md, "Method"):
 * - the male ÷ female mean ratio held at a value (μm = r·μf, the M-step maximising over μf alone),
 *   or left free within [min, max] (a free M-step outside it is projected on the nearer edge: the
 *   best means on that ray, the expected log-likelihood being concave in the means);
 * - the male share drawn to the expected one by a Beta prior worth `forca` birds (MAP step:
 *   p = (Σ wᵢ + forca·p₀) / (n + forca));
 * - each SD its own (a common CV would hold the share better but biases it by points when the
 *   sexes' CVs differ by a tenth: docs/sex-split.md), kept at or above SEPARACAO_CV_MINIMO of its mean.
 * Every step raises the (penalised) likelihood; deterministic starts, no random draws.
 */

/** Lowest CV (%) a fitted group may have: no flock's sex is this even, so below it a component is chasing a spike. */
export const SEPARACAO_CV_MINIMO = 3;
/** Iterations at most, and the change of log-likelihood (per bird) under which the fit has settled. */
const MAX_ITERACOES = 3000;
const TOLERANCIA_POR_AVE = 1e-8;

export interface Mistura {
  /** Male share, 0..1. */
  p: number;
  muM: number;
  muF: number;
  sigmaM: number;
  sigmaF: number;
}

export interface Restricoes {
  /** r = μm ÷ μf held fixed, or free within [min, max]. */
  razao: { fixa: number } | { min: number; max: number };
  /** The male share expected (0..1) and the birds its Beta prior is worth. */
  proporcao: { p0: number; forca: number };
}

export interface Ajuste {
  mistura: Mistura;
  /** Log-likelihood of the weights under the fitted mixture (without the prior). */
  logVerossimilhanca: number;
  /** What EM maximised: the log-likelihood plus the log of the share's prior. */
  objetivo: number;
  /** Per bin: the probability its birds are male. */
  posterior: Float64Array;
  iteracoes: number;
}

const LOG_RAIZ_2PI = 0.5 * Math.log(2 * Math.PI);

/** Log of a normal density. */
export const logNormal = (x: number, mu: number, sigma: number) => -LOG_RAIZ_2PI - Math.log(sigma) - 0.5 * ((x - mu) / sigma) ** 2;

/** E-step: each bin's male probability, and the log-likelihood of the current mixture. */
function esperanca(pesos: PesosContados, m: Mistura, posterior: Float64Array): number {
  const logP = Math.log(m.p);
  const logQ = Math.log(1 - m.p);
  let total = 0;
  for (let index = 0; index < pesos.centros.length; index += 1) {
    const x = pesos.centros[index]!;
    const a = logP + logNormal(x, m.muM, m.sigmaM);
    const b = logQ + logNormal(x, m.muF, m.sigmaF);
    const maior = Math.max(a, b);
    const ea = Math.exp(a - maior);
    const eb = Math.exp(b - maior);
    posterior[index] = ea / (ea + eb);
    total += pesos.aves[index]! * (maior + Math.log(ea + eb));
  }
  return total;
}

/** Σ c·w, Σ c·w·x and Σ c·w·x² of the males, and the same of the females (c: birds, w: male probability). */
interface Somas {
  wM: number;
  xM: number;
  xxM: number;
  wF: number;
  xF: number;
  xxF: number;
}

function somas(pesos: PesosContados, posterior: Float64Array): Somas {
  const s: Somas = { wM: 0, xM: 0, xxM: 0, wF: 0, xF: 0, xxF: 0 };
  for (let index = 0; index < pesos.centros.length; index += 1) {
    const x = pesos.centros[index]!;
    const cM = pesos.aves[index]! * posterior[index]!;
    const cF = pesos.aves[index]! - cM;
    s.wM += cM;
    s.xM += cM * x;
    s.xxM += cM * x * x;
    s.wF += cF;
    s.xF += cF * x;
    s.xxF += cF * x * x;
  }
  return s;
}

/** Σ w·(x − μ)² from the sums. */
const desvios = (w: number, x: number, xx: number, mu: number) => Math.max(xx - 2 * mu * x + mu * mu * w, 0);

/** The means that maximise the expected log-likelihood with μm = r·μf, at the current variances. */
function naRazao(s: Somas, r: number, vM: number, vF: number): { muM: number; muF: number } {
  const muF = ((r * s.xM) / vM + s.xF / vF) / ((r * r * s.wM) / vM + s.wF / vF);
  return { muM: r * muF, muF };
}

/** The means' part of the expected log-likelihood (to choose the better edge of a free ratio). */
const qMedias = (s: Somas, m: { muM: number; muF: number }, vM: number, vF: number) =>
  -desvios(s.wM, s.xM, s.xxM, m.muM) / (2 * vM) - desvios(s.wF, s.xF, s.xxF, m.muF) / (2 * vF);

/** M-step (conditional: the share; the means at the current SDs; each SD at its new mean). */
function maximizacao(pesos: PesosContados, posterior: Float64Array, atual: Mistura, restricoes: Restricoes): Mistura {
  const s = somas(pesos, posterior);
  const { proporcao, razao } = restricoes;
  const p = (s.wM + proporcao.forca * proporcao.p0) / (pesos.total + proporcao.forca);
  const vM = atual.sigmaM ** 2;
  const vF = atual.sigmaF ** 2;
  let medias: { muM: number; muF: number };
  if ('fixa' in razao) medias = naRazao(s, razao.fixa, vM, vF);
  else {
    medias = { muM: s.xM / Math.max(s.wM, 1e-12), muF: s.xF / Math.max(s.wF, 1e-12) };
    const r = medias.muM / medias.muF;
    if (!(r >= razao.min && r <= razao.max)) {
      // Outside the bounds: the best means on either edge, the better of the two.
      const [baixa, alta] = [naRazao(s, razao.min, vM, vF), naRazao(s, razao.max, vM, vF)] as const;
      medias = qMedias(s, baixa, vM, vF) >= qMedias(s, alta, vM, vF) ? baixa : alta;
    }
  }
  const desvio = (w: number, x: number, xx: number, mu: number) => Math.max(Math.sqrt(desvios(w, x, xx, mu) / Math.max(w, 1e-12)), (SEPARACAO_CV_MINIMO / 100) * mu);
  return {
    p: Math.min(Math.max(p, 1e-6), 1 - 1e-6),
    ...medias,
    sigmaM: desvio(s.wM, s.xM, s.xxM, medias.muM),
    sigmaF: desvio(s.wF, s.xF, s.xxF, medias.muF),
  };
}

/** The log of the share's prior density (up to a constant), so the fit's objective rises at every step. */
const logPrior = (p: number, { proporcao }: Restricoes) => proporcao.forca * (proporcao.p0 * Math.log(p) + (1 - proporcao.p0) * Math.log(1 - p));

/** EM from one start until the penalised log-likelihood settles. */
export function ajustarMistura(pesos: PesosContados, restricoes: Restricoes, inicio: Mistura): Ajuste {
  const posterior = new Float64Array(pesos.centros.length);
  let mistura = inicio;
  let anterior = esperanca(pesos, mistura, posterior) + logPrior(mistura.p, restricoes);
  let iteracoes = 0;
  while (iteracoes < MAX_ITERACOES) {
    iteracoes += 1;
    mistura = maximizacao(pesos, posterior, mistura, restricoes);
    const atual = esperanca(pesos, mistura, posterior) + logPrior(mistura.p, restricoes);
    const settled = Math.abs(atual - anterior) < TOLERANCIA_POR_AVE * pesos.total;
    anterior = atual;
    if (settled) break;
  }
  return { mistura, logVerossimilhanca: anterior - logPrior(mistura.p, restricoes), objetivo: anterior, posterior, iteracoes };
}

/**
 * The starts tried: the heaviest share q of the birds taken as males, for q the expected share
 * and 0.3 and 0.7 either side, each group's mean and SD read off those birds, the ratio then
 * brought within the restrictions. The fit answered is the best of them.
 */
export function inicios(pesos: PesosContados, restricoes: Restricoes): Mistura[] {
  const partilhas = [...new Set([restricoes.proporcao.p0, 0.3, 0.7])];
  return partilhas.map((q) => {
    const corte = quantil(pesos, 1 - q);
    const grupos = { m: { n: 0, x: 0, xx: 0 }, f: { n: 0, x: 0, xx: 0 } };
    for (let index = 0; index < pesos.centros.length; index += 1) {
      const x = pesos.centros[index]!;
      const g = x > corte ? grupos.m : grupos.f;
      g.n += pesos.aves[index]!;
      g.x += pesos.aves[index]! * x;
      g.xx += pesos.aves[index]! * x * x;
    }
    const media = (g: { n: number; x: number }) => (g.n === 0 ? pesos.media : g.x / g.n);
    const desvio = (g: { n: number; x: number; xx: number }) => (g.n < 2 ? Math.sqrt(pesos.variancia) : Math.sqrt(Math.max(g.xx / g.n - (g.x / g.n) ** 2, 0)));
    let muM = media(grupos.m);
    let muF = media(grupos.f);
    const { razao } = restricoes;
    const r = 'fixa' in razao ? razao.fixa : Math.min(Math.max(muM / muF, razao.min), razao.max);
    // The mean of all the birds kept: μ = q·r·μf + (1 − q)·μf.
    muF = pesos.media / (q * r + 1 - q);
    muM = r * muF;
    const piso = (mu: number) => (SEPARACAO_CV_MINIMO / 100) * mu;
    return { p: q, muM, muF, sigmaM: Math.max(desvio(grupos.m), piso(muM)), sigmaF: Math.max(desvio(grupos.f), piso(muF)) };
  });
}

/** The best of the fits from every start (highest objective). */
export function melhorAjuste(pesos: PesosContados, restricoes: Restricoes): Ajuste {
  let melhor: Ajuste | null = null;
  for (const inicio of inicios(pesos, restricoes)) {
    const ajuste = ajustarMistura(pesos, restricoes, inicio);
    if (melhor === null || ajuste.objetivo > melhor.objetivo) melhor = ajuste;
  }
  return melhor!;
}
