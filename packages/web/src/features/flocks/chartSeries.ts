import type { Desempenho } from '@portal/shared';

type Point = [number, number];

/**
 * The growth chart's series by age: the mean of each weighing day, the standard's weight on every
 * day it has one, and each sex's mean on the days its weighings name it.
 */
export function growthSeries(desempenho: Pick<Desempenho, 'dias' | 'sexos'>) {
  const mean: Point[] = [];
  const standard: Point[] = [];
  for (const dia of desempenho.dias) {
    if (dia.peso_medio_g !== null) mean.push([dia.idade, dia.peso_medio_g]);
    if (dia.padrao_g !== null) standard.push([dia.idade, dia.padrao_g]);
  }
  const sexes = desempenho.sexos.flatMap((sexo) =>
    sexo.curva.length > 0 ? [{ sexo: sexo.sexo, points: sexo.curva.map((dia): Point => [dia.idade, dia.peso_medio_g]) }] : [],
  );
  return { mean, standard, sexes };
}

/**
 * The losses chart's series by age: each day's deaths + culls, the cumulative mortality %, the
 * standard's cumulative mortality where it has one, and the water of the days that recorded it.
 */
export function lossSeries(desempenho: Pick<Desempenho, 'dias'>) {
  const losses: Point[] = [];
  const cumulative: Point[] = [];
  const standard: Point[] = [];
  const water: Point[] = [];
  for (const dia of desempenho.dias) {
    losses.push([dia.idade, dia.mortos + dia.eliminados]);
    cumulative.push([dia.idade, dia.mortalidade_acum_pct]);
    if (dia.mortalidade_padrao_pct !== null) standard.push([dia.idade, dia.mortalidade_padrao_pct]);
    if (dia.agua_l !== null) water.push([dia.idade, dia.agua_l]);
  }
  return { losses, cumulative, standard, water };
}
