import { computeStats, computeStatsParts, type Estatisticas } from '@portal/shared';
import type { PesagemFilter, PesagensRepository } from './pesagens.repository.js';
import { WeightList } from './report-tree.js';

/**
 * Where the calls that align with whole days (headers, usrstats, the charts' flock series,
 * v2/resumo, gettotaisselauto) get their figures: the daily aggregates (daily-source.ts, what the
 * portal uses) or the raw weighings (this file: the reference the aggregates must equal digit for
 * digit, kept for the tests and the fleet bench's ratio). Both answer the same for the same birds.
 */
export interface WeighingSource {
  /** avesheader: houses, sexes, scales and first/last day of the weighings on these farms. */
  header(ownerId: number, nucleos: readonly number[]): Promise<HeaderFound>;
  /** Per flock and weighing day: birds, weight sum (dg) and the youngest age the rows carry. */
  dailyTotals(ownerId: number, loteIds: readonly number[]): Promise<DayTotal[]>;
  /** The statistics (with scores) of each flock's one day, in the order asked. */
  flockDayStats(ownerId: number, days: readonly FlockDay[]): Promise<Estatisticas[]>;
  /** Weighings on these farms (null: all the owner's). */
  count(ownerId: number, nucleos: readonly number[] | null): Promise<number>;
  /** A flock's statistics (without scores) per weighing day in [di, df]: the charts' flock series. */
  flockSeries(ownerId: number, loteId: number, di: string, df: string): Promise<Map<string, Estatisticas>>;
  /** v2/resumo: per farm, flock, house, side and box, in no particular order. */
  summaryLines(ownerId: number, filter: PesagemFilter): Promise<SummaryLine[]>;
  /** gettotaisselauto: per category (in the order given) and of all of them together. */
  graderStats(ownerId: number, filter: PesagemFilter, categorias: readonly string[]): Promise<{ categorias: Estatisticas[]; total: Estatisticas }>;
}

export interface HeaderFound {
  aviarios: string[];
  sexos: string[];
  balancas: string[];
  primeira: string | null;
  ultima: string | null;
}

export interface DayTotal {
  lote_id: number;
  data: string;
  aves: number;
  peso_dg: number;
  idade_lote: number | null;
}

export interface FlockDay {
  lote_id: number;
  data: string;
}

export interface SummaryLine {
  nucleo_id: number;
  lote_id: number | null;
  aviario: string;
  lado: string;
  box: string;
  /** The weighing days, sorted. */
  dias: string[];
  stats: Estatisticas;
}

/** Key of a summary line: farm, flock, house, side, box. */
export const summaryKey = (row: { nucleo_id: number; lote_id: number | null; aviario: string; lado: string; box: string }) =>
  `${row.nucleo_id}\u0000${row.lote_id}\u0000${row.aviario}\u0000${row.lado}\u0000${row.box}`;

/** The figures from the raw weighings (pesagens), streamed where a call may read many. */
export function rawSource(pesagens: PesagensRepository): WeighingSource {
  return {
    header: (ownerId, nucleos) => pesagens.header(ownerId, nucleos),
    dailyTotals: (ownerId, loteIds) => pesagens.dailyTotals(ownerId, loteIds),
    count: (ownerId, nucleos) => pesagens.count(ownerId, nucleos),

    async flockDayStats(ownerId, days) {
      const answers: Estatisticas[] = [];
      for (const day of days) {
        const birds = await pesagens.dayWeights(ownerId, day.lote_id, day.data);
        answers.push(
          computeStats(
            birds.map((bird) => bird.peso_dg),
            birds.map((bird) => bird.score),
          ),
        );
      }
      return answers;
    },

    async flockSeries(ownerId, loteId, di, df) {
      const byDay = new Map<string, number[]>();
      for (const bird of await pesagens.birdWeights(ownerId, loteId, di, df)) {
        const list = byDay.get(bird.data);
        if (list) list.push(bird.peso_dg);
        else byDay.set(bird.data, [bird.peso_dg]);
      }
      return new Map([...byDay].map(([data, pesos]) => [data, computeStats(pesos)]));
    },

    async summaryLines(ownerId, filter) {
      interface Line {
        row: { nucleo_id: number; lote_id: number | null; aviario: string; lado: string; box: string };
        pesos: WeightList;
        scores: Map<number, number>;
        dias: Set<string>;
      }
      const lines = new Map<string, Line>();
      for await (const batch of pesagens.summaryRows(ownerId, filter)) {
        for (const row of batch) {
          const key = summaryKey(row);
          let line = lines.get(key);
          if (!line) {
            line = { row, pesos: new WeightList(), scores: new Map(), dias: new Set() };
            lines.set(key, line);
          }
          line.pesos.push(row.peso_dg);
          if (row.score !== null) line.scores.set(row.score, (line.scores.get(row.score) ?? 0) + 1);
          line.dias.add(row.data);
        }
      }
      return [...lines.values()].map(({ row, pesos, scores, dias }) => ({
        nucleo_id: row.nucleo_id,
        lote_id: row.lote_id,
        aviario: row.aviario,
        lado: row.lado,
        box: row.box,
        dias: [...dias].sort(),
        stats: computeStats(pesos.view(), scores),
      }));
    },

    async graderStats(ownerId, filter, categorias) {
      const index = new Map(categorias.map((desc, position) => [desc, position]));
      const categories = categorias.map(() => ({ pesos: new WeightList(), scores: new Map<number, number>() }));
      for await (const batch of pesagens.graderRows(ownerId, filter, categorias)) {
        for (const row of batch) {
          // The query keeps only these categories; the check keeps a surprise from being a crash.
          const category = categories[index.get(row.aviario) ?? -1];
          if (!category) continue;
          category.pesos.push(row.peso_dg);
          if (row.score !== null) category.scores.set(row.score, (category.scores.get(row.score) ?? 0) + 1);
        }
      }
      return {
        categorias: categories.map((category) => computeStats(category.pesos.view(), category.scores)),
        total: computeStatsParts(
          categories.map((category) => category.pesos.view()),
          categories.map((category) => category.scores),
        ),
      };
    },
  };
}
