import { computeStats, motivoDe } from '@portal/shared';
import type { FlockWeightGroup, WeighingDaySum } from '../daily-source.js';
import { cellKey, type QualityCell } from './cells.js';

/** A filtered flock's weighing as the latest days' statistics read it. */
export interface LatestRow {
  data: string;
  aviario: string;
  sexo: string;
  peso_dg: number;
}

interface GroupAcc {
  grupo: FlockWeightGroup['grupo'];
  valor: string;
  dias: Map<string, WeighingDaySum>;
  latest?: string;
  pesos: number[];
}

/**
 * flockWeights of a flock whose quality filter is on: the same groups (whole flock, per house, per
 * sex) from its judged days — each day row's birds and sum less its flagged weighings — and the
 * latest day's statistics of each group from that day's accepted weighings (`readDays` reads the
 * flock's raw weighings of those few days). A day whose every weighing was set aside is no weighing day.
 */
export async function acceptedFlockWeights(cells: readonly QualityCell[], readDays: (datas: string[]) => Promise<LatestRow[]>): Promise<FlockWeightGroup[]> {
  const groups = new Map<string, GroupAcc>();
  const groupOf = (grupo: FlockWeightGroup['grupo'], valor: string) => {
    const key = `${grupo}\u0000${valor}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { grupo, valor, dias: new Map(), pesos: [] }));
    return group;
  };
  const groupsOfRow = (row: { aviario: string; sexo: string }) => [groupOf('lote', ''), groupOf('aviario', row.aviario), ...(row.sexo === '' ? [] : [groupOf('sexo', row.sexo)])];
  for (const cell of cells) {
    const flagged = new Map<number, { aves: number; peso: number }>();
    for (const row of cell.flagged) {
      const sum = flagged.get(row.dia_id) ?? { aves: 0, peso: 0 };
      flagged.set(row.dia_id, { aves: sum.aves + 1, peso: sum.peso + row.peso_dg });
    }
    for (const day of cell.days) {
      const out = flagged.get(day.id) ?? { aves: 0, peso: 0 };
      const aves = day.aves - out.aves;
      if (aves === 0) continue;
      for (const group of groupsOfRow(day)) {
        const sum = group.dias.get(day.data) ?? { data: day.data, aves: 0, peso_dg: 0 };
        sum.aves += aves;
        sum.peso_dg += Number(day.soma) - out.peso;
        group.dias.set(day.data, sum);
      }
    }
  }
  const list = [...groups.values()];
  for (const group of list) group.latest = [...group.dias.keys()].sort().pop();
  const windows = new Map(cells.map((cell) => [cellKey(cell.data, cell.sexo), cell.janela]));
  const latestDays = [...new Set(list.map((group) => group.latest!))];
  for (const row of await readDays(latestDays)) {
    if (motivoDe(row.peso_dg, windows.get(cellKey(row.data, row.sexo)) ?? null) !== null) continue;
    for (const group of groupsOfRow(row)) if (group.latest === row.data) group.pesos.push(row.peso_dg);
  }
  return list.map((group) => ({
    grupo: group.grupo,
    valor: group.valor,
    dias: [...group.dias.values()].sort((a, b) => (a.data < b.data ? -1 : 1)),
    ultima: computeStats(group.pesos, new Map()),
  }));
}
