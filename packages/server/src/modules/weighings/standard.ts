import { roundHalfAway } from '@portal/shared';

/** A flock's standard as the reports compare against it: weights in grams by day of age. */
export interface StandardCurve {
  id: number;
  nome: string;
  /** Sorted by age. */
  pontos: readonly { idade: number; peso: number }[];
}

/**
 * The standard's weight at `idade`, in integer decigrams: a point's own weight, else the straight
 * line between the points either side (rounded half away from zero to 0.1 g, as shown). null
 * before the first point or after the last: a standard says nothing about ages it does not cover.
 */
export function standardAt(curve: StandardCurve, idade: number): number | null {
  const points = curve.pontos;
  for (let index = 0; index < points.length; index += 1) {
    const after = points[index]!;
    if (after.idade === idade) return Math.round(after.peso * 10);
    if (after.idade > idade) {
      if (index === 0) return null;
      const before = points[index - 1]!;
      // Points carry 1 decimal: work in decigrams so the line is an exact rational.
      const from = BigInt(Math.round(before.peso * 10));
      const to = BigInt(Math.round(after.peso * 10));
      const span = BigInt(after.idade - before.idade);
      return Number(roundHalfAway(from * span + (to - from) * BigInt(idade - before.idade), span));
    }
  }
  return null;
}

/** pesoMedio (exact: sumDg / aves) as % of the standard weight (dg), 2 decimals, half away from zero. */
export function percentOfStandard(sumDg: number, aves: number, padraoDg: number): number | null {
  if (aves === 0 || padraoDg <= 0) return null;
  return Number(roundHalfAway(BigInt(sumDg) * 10_000n, BigInt(aves) * BigInt(padraoDg))) / 100;
}

/** The comparison block of a report node, or null without a standard or an age it covers. */
export function comparison(curve: StandardCurve | undefined, idade: number | null, sumDg: number, aves: number) {
  if (!curve || idade === null || aves === 0) return null;
  const padraoDg = standardAt(curve, idade);
  if (padraoDg === null) return null;
  const percentPadrao = percentOfStandard(sumDg, aves, padraoDg);
  if (percentPadrao === null) return null;
  return { padrao_id: curve.id, padrao_nome: curve.nome, idade, pmComparacao: padraoDg / 10, percentPadrao };
}
