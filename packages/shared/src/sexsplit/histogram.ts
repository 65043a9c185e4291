/**
 * The weights a split is fitted to, counted in bins of SEPARACAO_BIN_G: the fit then costs the
 * same for 200 birds or 20,000, and a 1 g bin changes no figure a report shows (its rounding adds
 * 1/12 g² to a variance of some 40,000 g²).
 */

/** Width of a bin (g). */
export const SEPARACAO_BIN_G = 1;

/** Weights counted per bin: the bins that hold birds, in increasing weight. */
export interface PesosContados {
  /** Each bin's centre (g). */
  centros: Float64Array;
  /** Birds in each bin. */
  aves: Float64Array;
  /** Birds in all. */
  total: number;
  /** Mean (g) and variance (g²) of the weights themselves (not of the bins). */
  media: number;
  variancia: number;
}

/** Counts the weights (g; finite and above zero, others are not birds and are skipped) per bin. */
export function contarPesos(pesos_g: ArrayLike<number>, bin_g: number = SEPARACAO_BIN_G): PesosContados {
  const porBin = new Map<number, number>();
  let total = 0;
  let soma = 0;
  for (let index = 0; index < pesos_g.length; index += 1) {
    const peso = pesos_g[index]!;
    if (!Number.isFinite(peso) || peso <= 0) continue;
    total += 1;
    soma += peso;
    const bin = Math.round(peso / bin_g);
    porBin.set(bin, (porBin.get(bin) ?? 0) + 1);
  }
  const media = total === 0 ? 0 : soma / total;
  // Second pass for the variance: centred sums do not lose digits at kilogram weights.
  let quadrados = 0;
  for (let index = 0; index < pesos_g.length; index += 1) {
    const peso = pesos_g[index]!;
    if (Number.isFinite(peso) && peso > 0) quadrados += (peso - media) ** 2;
  }
  const bins = [...porBin.keys()].sort((a, b) => a - b);
  return {
    centros: Float64Array.from(bins, (bin) => bin * bin_g),
    aves: Float64Array.from(bins, (bin) => porBin.get(bin)!),
    total,
    media,
    variancia: total === 0 ? 0 : quadrados / total,
  };
}

/** The lightest weight w with at least `fracao` of the birds at or below it. */
export function quantil(pesos: PesosContados, fracao: number): number {
  const alvo = fracao * pesos.total;
  let acumulado = 0;
  for (let index = 0; index < pesos.centros.length; index += 1) {
    acumulado += pesos.aves[index]!;
    if (acumulado >= alvo) return pesos.centros[index]!;
  }
  return pesos.centros[pesos.centros.length - 1] ?? 0;
}
