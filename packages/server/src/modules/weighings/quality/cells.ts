import {
  daysBetween,
  esperadoDoDia,
  janelaDe,
  motivoDe,
  type DiaAceito,
  type JanelaDg,
  type MotivoDescarte,
  type ParametrosJanela,
  type QualidadeContagem,
  type ReferenciaUsada,
} from '@portal/shared';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { DailyQueries, DayRow, EdgeRow, RangeRead } from '../daily.queries.js';
import { standardAt, type StandardCurve } from '../standard.js';

/**
 * A flock's weighing days judged by its quality window (docs/quality.md), from the flock's first
 * weighing day on, each day's window drawn from the days before it. Exact, and without reading the
 * flock's weighings: each (day, sex text) is its day rows' sums (pesagens_dia) minus the weighings
 * outside its window, read raw by the (dia_id, peso_dg) index — one statement per weighing day
 * that has any, and none for a day whose lightest and heaviest birds lie inside.
 */

/** What the window needs of a flock: its placement (ages) and standard. */
export interface QualityFlock {
  id: number;
  data_alojamento: string | null;
  curve: StandardCurve | undefined;
}

/** The rules a flock is judged by: its window's percentages and where the expected weight comes from. */
export interface QualityRules extends ParametrosJanela {
  referencia: 'media_anterior' | 'padrao';
}

export interface FlaggedRow extends EdgeRow {
  motivo: MotivoDescarte;
}

/** One weighing day and sex text of a flock: its window and what it accepted and set aside. */
export interface QualityCell {
  data: string;
  idade: number | null;
  sexo: string;
  /** null: no reference, no window, every weighing accepted. */
  referencia: ReferenciaUsada | null;
  janela: JanelaDg | null;
  /** Its day rows (one per house, side, box and scale). */
  days: DayRow[];
  aves: number;
  flagged: FlaggedRow[];
  counts: QualidadeContagem;
}

/** Key of a cell: day and sex text. */
export const cellKey = (data: string, sexo: string) => `${data}\u0000${sexo}`;

/** What a day row's birds outside the window are: its weights below `baixo` and above `alto` (never inside). */
function edgeReads(day: DayRow, janela: JanelaDg): RangeRead[] {
  const reads: RangeRead[] = [];
  if (day.menor < janela.baixo) reads.push({ dia_id: day.id, data: day.data, de: day.menor, ate: Math.min(day.maior, janela.baixo - 1) });
  if (day.maior > janela.alto) reads.push({ dia_id: day.id, data: day.data, de: Math.max(day.menor, janela.alto + 1), ate: day.maior });
  return reads;
}

/** The flock's day rows up to `df` by day, then by sex text. */
function byDayAndSex(rows: readonly DayRow[]): Map<string, Map<string, DayRow[]>> {
  const days = new Map<string, Map<string, DayRow[]>>();
  for (const row of rows) {
    let sexes = days.get(row.data);
    if (!sexes) days.set(row.data, (sexes = new Map()));
    const list = sexes.get(row.sexo);
    if (list) list.push(row);
    else sexes.set(row.sexo, [row]);
  }
  return days;
}

/** The flock's weighing days up to `df`, oldest first, each sex text judged by its window. */
export async function flockCells(queries: DailyQueries, ownerId: number, flock: QualityFlock, rules: QualityRules, df: string): Promise<QualityCell[]> {
  const days = byDayAndSex(await queries.dayRows(ownerId, { lote_id: flock.id, fim: df }));
  const padraoEm = (idade: number) => (flock.curve === undefined ? null : standardAt(flock.curve, idade));
  /** Per sex text, its earlier days with accepted birds (the last two are all the rule reads). */
  const history = new Map<string, DiaAceito[]>();
  const cells: QualityCell[] = [];
  for (const data of [...days.keys()].sort()) {
    const idade = flock.data_alojamento === null ? null : daysBetween(flock.data_alojamento, data);
    const today = [...days.get(data)!].map(([sexo, rows]): QualityCell => {
      const esperado = esperadoDoDia({ referencia: rules.referencia, data, idade, padraoEm, anteriores: history.get(sexo) ?? [] });
      const aves = rows.reduce((sum, row) => sum + row.aves, 0);
      return {
        data, idade, sexo, referencia: esperado?.referencia ?? null, janela: esperado === null ? null : janelaDe(esperado.esperado_dg, rules), days: rows, aves,
        flagged: [], counts: { aceitas: aves, parcial: 0, dupla: 0, acima: 0 },
      };
    });
    // SQLite's driver answers synchronously: a turn of the event loop before each day, so calls
    // arriving while a long flock is judged on the request thread (the alarm job's flock rules,
    // getdesempenho's inline fallback) are served between days (bench/quality.bench.mjs).
    await eventLoopTurn();
    // One statement for the day's edges, every sex text together.
    const cellOfDay = new Map<number, QualityCell>();
    const reads = today.flatMap((cell) => (cell.janela === null ? [] : cell.days.flatMap((day) => (cellOfDay.set(day.id, cell), edgeReads(day, cell.janela!)))));
    for (const row of reads.length === 0 ? [] : await queries.edgeRows(reads)) {
      const cell = cellOfDay.get(row.dia_id)!;
      const motivo = motivoDe(row.peso_dg, cell.janela);
      if (motivo === null) continue;
      cell.flagged.push({ ...row, motivo });
      cell.counts[motivo] += 1;
      cell.counts.aceitas -= 1;
    }
    for (const cell of today) {
      if (cell.counts.aceitas === 0) continue;
      const flaggedSum = cell.flagged.reduce((sum, row) => sum + BigInt(row.peso_dg), 0n);
      const soma = cell.days.reduce((sum, row) => sum + BigInt(row.soma), 0n) - flaggedSum;
      const list = history.get(cell.sexo) ?? [];
      history.set(cell.sexo, [...list.slice(-1), { data, idade, aves: cell.counts.aceitas, soma }]);
    }
    cells.push(...today);
  }
  return cells;
}
