import { lineBand, lineStats, scoreCounts, type Estatisticas, type LineBand } from '@portal/shared';
import type { DailyQueries, DayFilter, DayRow, LineColumn, LineScore, RangeRead } from './daily.queries.js';
import { summaryKey, type WeighingSource } from './raw-source.js';

/**
 * The figures from the daily aggregates (pesagens_dia): exact section 3 statistics per line from
 * the days' sums (weighing/daily.ts), three statements per call whatever the number of lines and
 * days — the day rows (and their scores), then the straddling days' 10 g bands and the raw rows of
 * their edge bands, together. Equal to rawSource digit for digit (daily-source.test.ts).
 */

/** A group of day rows taken as one for the statistics, with its counted scores. */
interface Line {
  days: DayRow[];
  scores: Map<number, number>;
}

const newLine = (): Line => ({ days: [], scores: new Map() });

/** The statistics of each line, with all the straddling days' reads of all lines in one statement per kind. */
async function statsOfLines(queries: DailyQueries, lines: readonly Line[]): Promise<Estatisticas[]> {
  const bands: LineBand[] = lines.map((line) => lineBand(line.days.map((day) => ({ aves: day.aves, soma: day.soma, quadrados: day.quadrados, menor: day.menor, maior: day.maior }))));
  const faixaReads: RangeRead[] = [];
  const rawReads: RangeRead[] = [];
  /** Per read, the line and edge its birds count for. */
  const faixaTargets: { line: number; below: boolean }[] = [];
  const rawTargets: { line: number; below: boolean }[] = [];
  bands.forEach((band, lineIndex) => {
    if (!band.straddles) return;
    band.days.forEach((day, dayIndex) => {
      const { id: dia_id, data } = lines[lineIndex]!.days[dayIndex]!;
      for (const [edge, below] of [[day.below, true], [day.above, false]] as const) {
        if (edge === null) continue;
        if (edge.faixas) {
          faixaReads.push({ dia_id, data, de: edge.faixas[0], ate: edge.faixas[1] });
          faixaTargets.push({ line: lineIndex, below });
        }
        if (edge.pesos) {
          rawReads.push({ dia_id, data, de: edge.pesos[0], ate: edge.pesos[1] });
          rawTargets.push({ line: lineIndex, below });
        }
      }
    });
  });
  const [faixaCounts, rawCounts] = await Promise.all([
    faixaReads.length === 0 ? [] : queries.faixaCounts(faixaReads),
    rawReads.length === 0 ? [] : queries.rawCounts(rawReads),
  ]);
  const outside = lines.map(() => ({ below: 0, above: 0 }));
  const add = (targets: readonly { line: number; below: boolean }[], counts: readonly number[]) =>
    targets.forEach((target, index) => {
      if (target.below) outside[target.line]!.below += counts[index]!;
      else outside[target.line]!.above += counts[index]!;
    });
  add(faixaTargets, faixaCounts);
  add(rawTargets, rawCounts);
  return bands.map((band, index) => lineStats(band, outside[index]!, lines[index]!.scores));
}

/** Adds the scores of the day rows `filter` reads, summed per line in the database, to the line `lineOf` finds for them. */
async function addScores(queries: DailyQueries, ownerId: number, filter: DayFilter, by: readonly LineColumn[], lineOf: (key: LineScore['line']) => Line | undefined): Promise<void> {
  for (const row of await queries.lineScores(ownerId, filter, by)) {
    const line = lineOf(row.line);
    if (line) line.scores.set(row.score, (line.scores.get(row.score) ?? 0) + row.aves);
  }
}

const SUMMARY_LINE: readonly LineColumn[] = ['nucleo_id', 'lote_id', 'aviario', 'lado', 'box'];
/** Key of a flock's day (usrstats): the flock and the day. */
const flockDayKey = (row: { lote_id?: number | string | null; data?: number | string | null }) => `${row.lote_id}\u0000${row.data}`;

/** One weighing day of a group of a flock's weighings: birds and their exact weight sum (dg). */
export interface WeighingDaySum {
  data: string;
  aves: number;
  /** Exact as long as a day's sum stays under 2^53 dg (9 × 10^14 g). */
  peso_dg: number;
}

/** A flock's weighings as one group: the whole flock, one house (as the weighings name it) or one sex. */
export interface FlockWeightGroup {
  grupo: 'lote' | 'aviario' | 'sexo';
  /** The house or sex text; '' for the whole flock. */
  valor: string;
  /** Its weighing days up to the as-of day, oldest first. */
  dias: WeighingDaySum[];
  /** The statistics (uniformity, CV…; no scores) of its latest day. */
  ultima: Estatisticas;
}

/**
 * A flock's weighing days up to `df`, whole and per house and per sex, with the statistics of each
 * group's latest day (getdesempenho): one read of the day rows, then the latest days' bands
 * together (statsOfLines), as usrstats reads its flocks' latest days.
 */
export async function flockWeightGroups(queries: DailyQueries, ownerId: number, loteId: number, df: string): Promise<FlockWeightGroup[]> {
  const groups = new Map<string, { grupo: FlockWeightGroup['grupo']; valor: string; days: Map<string, DayRow[]> }>();
  const add = (grupo: FlockWeightGroup['grupo'], valor: string, row: DayRow) => {
    const key = `${grupo}\u0000${valor}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { grupo, valor, days: new Map() }));
    const rows = group.days.get(row.data);
    if (rows) rows.push(row);
    else group.days.set(row.data, [row]);
  };
  for (const row of await queries.dayRows(ownerId, { lote_id: loteId, fim: df })) {
    add('lote', '', row);
    add('aviario', row.aviario, row);
    if (row.sexo !== '') add('sexo', row.sexo, row);
  }
  const list = [...groups.values()].map((group) => {
    const dias = [...group.days.keys()].sort();
    return { ...group, dias };
  });
  const stats = await statsOfLines(
    queries,
    list.map((group) => ({ days: group.days.get(group.dias[group.dias.length - 1]!)!, scores: new Map() })),
  );
  return list.map((group, index) => ({
    grupo: group.grupo,
    valor: group.valor,
    dias: group.dias.map((data) => {
      const rows = group.days.get(data)!;
      return { data, aves: rows.reduce((sum, row) => sum + row.aves, 0), peso_dg: rows.reduce((sum, row) => sum + Number(row.soma), 0) };
    }),
    ultima: stats[index]!,
  }));
}

/** One scale's weighings of one house (as the weighings name it) on one day, whatever the flock. */
export interface ScaleDaySum {
  nucleo_id: number;
  /** A flock the day's weighings of that house were counted for (the first found), null when none. */
  lote_id: number | null;
  aviario: string;
  data: string;
  serie_balanca: string;
  aves: number;
  peso_dg: number;
}

/** The owner's weighings per farm, house, day and scale over [di, df] (the scales-disagree alarm). */
export async function scaleDaySums(queries: DailyQueries, ownerId: number, di: string, df: string): Promise<ScaleDaySum[]> {
  const sums = new Map<string, ScaleDaySum>();
  for (const row of await queries.dayRows(ownerId, { inicio: di, fim: df })) {
    const key = [row.nucleo_id, row.aviario, row.data, row.serie_balanca].join('\u0000');
    const sum = sums.get(key) ?? { nucleo_id: row.nucleo_id, lote_id: null, aviario: row.aviario, data: row.data, serie_balanca: row.serie_balanca, aves: 0, peso_dg: 0 };
    sum.lote_id ??= row.lote_id;
    sum.aves += row.aves;
    sum.peso_dg += Number(row.soma);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

export function dailySource(queries: DailyQueries): WeighingSource {
  return {
    header: (ownerId, nucleos) => queries.header(ownerId, nucleos),
    dailyTotals: (ownerId, loteIds) => queries.dailyTotals(ownerId, loteIds),
    count: (ownerId, nucleos) => queries.count(ownerId, nucleos),

    async flockDayStats(ownerId, days) {
      if (days.length === 0) return [];
      const filter: DayFilter = { lotes: [...new Set(days.map((day) => day.lote_id))], datas: [...new Set(days.map((day) => day.data))] };
      const lines = new Map(days.map((day) => [flockDayKey(day), newLine()]));
      // The filter crosses flocks and days: only the pairs asked are kept.
      for (const row of await queries.dayRows(ownerId, filter)) lines.get(flockDayKey(row))?.days.push(row);
      await addScores(queries, ownerId, filter, ['lote_id', 'data'], (key) => lines.get(flockDayKey(key)));
      const ordered = days.map((day) => lines.get(flockDayKey(day))!);
      return statsOfLines(queries, ordered);
    },

    async flockSeries(ownerId, loteId, di, df) {
      const byDay = new Map<string, Line>();
      for (const row of await queries.dayRows(ownerId, { lote_id: loteId, inicio: di, fim: df })) {
        let line = byDay.get(row.data);
        if (!line) byDay.set(row.data, (line = newLine()));
        line.days.push(row);
      }
      // The series draws no scores: none are read (the raw path counts none either).
      const stats = await statsOfLines(queries, [...byDay.values()]);
      return new Map([...byDay.keys()].map((data, index) => [data, stats[index]!]));
    },

    async summaryLines(ownerId, filter) {
      const lines = new Map<string, Line & { dias: Set<string> }>();
      for (const row of await queries.dayRows(ownerId, filter)) {
        const key = summaryKey(row);
        let line = lines.get(key);
        if (!line) lines.set(key, (line = { ...newLine(), dias: new Set() }));
        line.days.push(row);
        line.dias.add(row.data);
      }
      await addScores(queries, ownerId, filter, SUMMARY_LINE, (key) => lines.get(summaryKey(key as Parameters<typeof summaryKey>[0])));
      const list = [...lines.values()];
      const stats = await statsOfLines(queries, list);
      return list.map((line, index) => {
        const { nucleo_id, lote_id, aviario, lado, box } = line.days[0]!;
        return { nucleo_id, lote_id, aviario, lado, box, dias: [...line.dias].sort(), stats: stats[index]! };
      });
    },

    async graderStats(ownerId, filter, categorias) {
      const dayFilter: DayFilter = { ...filter, aviarios: categorias };
      const position = new Map(categorias.map((desc, index) => [desc, index]));
      const categories = categorias.map(newLine);
      const categoryOf = (aviario: unknown) => categories[position.get(aviario as string) ?? -1];
      for (const row of await queries.dayRows(ownerId, dayFilter)) categoryOf(row.aviario)?.days.push(row);
      await addScores(queries, ownerId, dayFilter, ['aviario'], (key) => categoryOf(key.aviario));
      // Before grading: every category's days as one line, with all their scores.
      const total: Line = { days: categories.flatMap((line) => line.days), scores: scoreCounts(categories.map((line) => line.scores)) };
      const stats = await statsOfLines(queries, [...categories, total]);
      return { categorias: stats.slice(0, categorias.length), total: stats[categorias.length]! };
    },
  };
}
