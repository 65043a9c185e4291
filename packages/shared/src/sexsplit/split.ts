import { DIGITS, roundTo } from '../performance/formulas.js';
import { SEPARACAO_AVES_MINIMAS, SEPARACAO_SITUACOES } from '../schemas/sexSplit.js';
import { contarPesos, type PesosContados } from './histogram.js';
import { logNormal, melhorAjuste, type Ajuste, type Restricoes } from './mixture.js';

/**
 * The sex split of a mixed weighing (getseparacaosexo): which fit is answered, and when the
 * weights are refused. Method, thresholds and the figures the tests hold it to: docs/sex-split.md.
 */

/**
 * Where a free male ÷ female ratio may go. Males are the heavier group by definition, and below
 * 1.03 two groups at broiler CVs (8–10 %) are one hump; 1.40 is above any sexed broiler table up
 * to slaughter (about 1.20 at 42 d) and broiler breeders' (about 1.35 at 20 weeks), and keeps a
 * double-weighing cluster (ratio ≈ 2) from being taken for the males.
 */
export const SEPARACAO_RAZAO_LIVRE = { min: 1.03, max: 1.4 } as const;
/** A free fit whose ratio is further than this (relative) from the expected one, and clearly better than the held fit, is incompatible. */
export const SEPARACAO_RAZAO_TOLERANCIA = 0.05;
/**
 * The male share is drawn to the placed share, or to the hatch's when the flock was placed as
 * hatched (SEPARACAO_MACHO_ECLOSAO), by a Beta prior worth this many birds: 1 SD of 3.5 points at
 * 50/50, about how far mortality and a scale's sampling move a weighed share from the placed one.
 * Two overlapping normals barely tell their share from their SDs: without it, 2,000 birds of the
 * test mixture answer shares from 33 to 71 % (docs/sex-split.md).
 */
export const SEPARACAO_FORCA_PROPORCAO = 200;
/** Male share of broiler chicks as hatched (the primary sex ratio, 1:1 within a point or two). */
export const SEPARACAO_MACHO_ECLOSAO = 0.5;
/** Fewest pooled SDs between the groups (Ashman's D) for the birds to be told apart at all. */
export const SEPARACAO_D_MINIMO = 1;
/** Smallest share a group may have: a few percent at one end are a tail (or doubles), not a sex. */
export const SEPARACAO_PROPORCAO_MINIMA = 0.05;

export type SeparacaoSituacao = (typeof SEPARACAO_SITUACOES)[number];

export interface SeparacaoEntrada {
  /** The birds' weights (g). */
  pesos_g: ArrayLike<number>;
  /** Expected male ÷ female mean weight (the standards' sex curves at the age); null: free within SEPARACAO_RAZAO_LIVRE. */
  razao_esperada: number | null;
  /** The placed male share (0..1); null: unknown, the share is free. */
  macho_alojado: number | null;
}

export interface SeparacaoGrupoCalculo {
  sexo: 'macho' | 'femea';
  proporcao_pct: number;
  aves: number;
  peso_medio_g: number;
  desvio_g: number;
  cv_pct: number;
  uniformidade_pct: number;
}

export interface SeparacaoCalculo {
  situacao: SeparacaoSituacao;
  aves: number;
  peso_medio_g: number | null;
  confianca_pct: number | null;
  separacao_d: number | null;
  /** μm ÷ μf of the fit answered (of the free fit when its ratio is incompatible); null when refused otherwise. */
  razao_ajustada: number | null;
  /** Log-likelihood gained by two groups over one normal, and what BIC asks of it (2 dp; both null below the minimum birds). */
  ganho: number | null;
  ganho_minimo: number | null;
  /** Male then female; empty when refused. */
  sexos: SeparacaoGrupoCalculo[];
}

/** Φ(z) of the standard normal (Abramowitz & Stegun 7.1.26 for erf, |error| < 1.5·10⁻⁷). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Log-likelihood of the weights under one normal at their own mean and SD. */
function umaNormal(pesos: PesosContados): number {
  const sigma = Math.sqrt(Math.max(pesos.variancia, 1e-12));
  let total = 0;
  for (let index = 0; index < pesos.centros.length; index += 1) total += pesos.aves[index]! * logNormal(pesos.centros[index]!, pesos.media, sigma);
  return total;
}

/** Ashman's D: the means' distance in pooled SDs, √2·|μm − μf| / √(σm² + σf²). */
const ashmanD = ({ mistura: m }: Ajuste) => (Math.SQRT2 * Math.abs(m.muM - m.muF)) / Math.sqrt(m.sigmaM ** 2 + m.sigmaF ** 2);

/**
 * Parameters a fit adds to one normal's two (mean, SD), for BIC: it has μf and two SDs, and μm
 * when the ratio is free; the share, held near a known value by its prior, is not counted.
 */
const parametrosExtra = (razaoLivre: boolean) => (razaoLivre ? 2 : 1);

/** Two groups are supported: BIC prefers them to one normal, they lie apart enough, and neither is a mere tail. */
function suporta(ajuste: Ajuste, ganhoMinimo: number, um: number): boolean {
  const { p } = ajuste.mistura;
  return ajuste.logVerossimilhanca - um > ganhoMinimo && ashmanD(ajuste) >= SEPARACAO_D_MINIMO && Math.min(p, 1 - p) >= SEPARACAO_PROPORCAO_MINIMA;
}

function grupos(ajuste: Ajuste, total: number): SeparacaoGrupoCalculo[] {
  const { p, muM, muF, sigmaM, sigmaF } = ajuste.mistura;
  const machos = Math.round(p * total);
  const grupo = (sexo: 'macho' | 'femea', share: number, aves: number, mu: number, sigma: number): SeparacaoGrupoCalculo => ({
    sexo,
    proporcao_pct: roundTo(share * 100, DIGITS.pct)!,
    aves,
    peso_medio_g: roundTo(mu, DIGITS.gramas)!,
    desvio_g: roundTo(sigma, DIGITS.gramas)!,
    cv_pct: roundTo((sigma / mu) * 100, DIGITS.pct)!,
    // Within ±10 % of the group's mean under its fitted normal: 2·Φ(0.1·μ/σ) − 1.
    uniformidade_pct: roundTo((2 * normalCdf((0.1 * mu) / sigma) - 1) * 100, DIGITS.pct)!,
  });
  return [grupo('macho', p, machos, muM, sigmaM), grupo('femea', 1 - p, total - machos, muF, sigmaF)];
}

/** Mean over the birds of the larger of their two group probabilities (%). */
function confianca(ajuste: Ajuste, pesos: PesosContados): number {
  let soma = 0;
  for (let index = 0; index < pesos.centros.length; index += 1) soma += pesos.aves[index]! * Math.max(ajuste.posterior[index]!, 1 - ajuste.posterior[index]!);
  return (soma / pesos.total) * 100;
}

/**
 * Splits mixed weights into males and females, or says why not: poucas_aves below
 * SEPARACAO_AVES_MINIMAS, um_grupo when the weights do not support two groups, razao_incompativel
 * when they do only at a ratio far from the expected one.
 */
export function separarSexos(entrada: SeparacaoEntrada): SeparacaoCalculo {
  const pesos = contarPesos(entrada.pesos_g);
  const n = pesos.total;
  const base = { aves: n, peso_medio_g: n === 0 ? null : roundTo(pesos.media, DIGITS.gramas), confianca_pct: null, separacao_d: null, razao_ajustada: null, sexos: [] };
  if (n < SEPARACAO_AVES_MINIMAS) return { ...base, situacao: 'poucas_aves', ganho: null, ganho_minimo: null };

  const proporcao = { p0: entrada.macho_alojado ?? SEPARACAO_MACHO_ECLOSAO, forca: SEPARACAO_FORCA_PROPORCAO };
  const um = umaNormal(pesos);
  const bic = (extra: number) => 0.5 * extra * Math.log(n);
  const esperada = entrada.razao_esperada;
  const livres = { min: Math.min(SEPARACAO_RAZAO_LIVRE.min, esperada ?? Infinity), max: Math.max(SEPARACAO_RAZAO_LIVRE.max, esperada ?? 0) };
  const livre = melhorAjuste(pesos, { razao: livres, proporcao });
  const minimoLivre = bic(parametrosExtra(true));
  const razaoDe = (ajuste: Ajuste) => ajuste.mistura.muM / ajuste.mistura.muF;

  let answered: { ajuste: Ajuste; minimo: number };
  if (esperada === null) answered = { ajuste: livre, minimo: minimoLivre };
  else {
    const restricoes: Restricoes = { razao: { fixa: esperada }, proporcao };
    const fixo = melhorAjuste(pesos, restricoes);
    const minimoFixo = bic(parametrosExtra(false));
    const livreMuitoMelhor = livre.logVerossimilhanca - fixo.logVerossimilhanca > bic(1);
    const longe = Math.abs(razaoDe(livre) / esperada - 1) > SEPARACAO_RAZAO_TOLERANCIA;
    if (suporta(livre, minimoLivre, um) && livreMuitoMelhor && longe) {
      return { ...base, situacao: 'razao_incompativel', razao_ajustada: roundTo(razaoDe(livre), 3), ganho: roundTo(livre.logVerossimilhanca - um, 2), ganho_minimo: roundTo(minimoLivre, 2) };
    }
    answered = { ajuste: fixo, minimo: minimoFixo };
  }
  const { ajuste, minimo } = answered;
  const ganho = roundTo(ajuste.logVerossimilhanca - um, 2);
  if (!suporta(ajuste, minimo, um)) return { ...base, situacao: 'um_grupo', ganho, ganho_minimo: roundTo(minimo, 2) };
  return {
    ...base,
    situacao: 'ok',
    confianca_pct: roundTo(confianca(ajuste, pesos), DIGITS.pct),
    separacao_d: roundTo(ashmanD(ajuste), DIGITS.razao),
    razao_ajustada: roundTo(razaoDe(ajuste), 3),
    ganho,
    ganho_minimo: roundTo(minimo, 2),
    sexos: grupos(ajuste, n),
  };
}
