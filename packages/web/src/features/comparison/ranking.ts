import { DIGITS, type Comparativo, type LinhaComparativo } from '@portal/shared';
import type { CsvCell } from '../../components/reports/reportText';

/** The indicator columns of the ranking, in table order, with the decimals each is shown with. */
export const INDICATORS = [
  ['lotes', 0],
  ['aves_alojadas', 0],
  ['idade', DIGITS.idade],
  ['viabilidade_pct', DIGITS.pct],
  ['peso_medio_g', DIGITS.gramas],
  ['ganho_medio_g', DIGITS.gramas],
  ['ca', DIGITS.fcr],
  ['ca_corrigida', DIGITS.fcr],
  ['iep', DIGITS.iep],
  ['uniformidade_pct', DIGITS.pct],
] as const satisfies readonly (readonly [keyof Comparativo['media'], number])[];
export type Indicator = (typeof INDICATORS)[number][0];

/** What the ranking can be sorted by: its position (IEP rank), the name, the owner or any indicator. */
export const SORT_KEYS = ['posicao', 'nome', 'proprietario', ...INDICATORS.map(([key]) => key)] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface RankingSort {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: RankingSort = { key: 'posicao', direction: 'asc' };

/** Lower is better for feed conversion (and for the rank itself); higher for every other indicator. */
const LOWER_IS_BETTER: ReadonlySet<SortKey> = new Set<SortKey>(['posicao', 'ca', 'ca_corrigida']);
const TEXT_KEYS: ReadonlySet<SortKey> = new Set<SortKey>(['nome', 'proprietario']);

/** The direction a column sorts in when first clicked: best first for indicators, A→Z for names. */
export const firstDirection = (key: SortKey): SortDirection => (LOWER_IS_BETTER.has(key) || TEXT_KEYS.has(key) ? 'asc' : 'desc');

/** Clicking a column: the same column turns around, another starts best first. */
export const nextSort = (current: RankingSort, key: SortKey): RankingSort =>
  current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: firstDirection(key) };

export const isSortKey = (value: unknown): value is SortKey => typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value);

function valueOf(line: LinhaComparativo, key: SortKey): number | string | null {
  if (key === 'nome') return line.nome;
  if (key === 'proprietario') return line.proprietario.nome;
  return line[key];
}

/**
 * The lines in `sort`'s order. Lines without the value (no IEP, no weighing) go last whichever way
 * the column is turned: an empty figure is never the best nor the worst. Ties keep the IEP rank.
 */
export function sortLines(lines: readonly LinhaComparativo[], sort: RankingSort, locale = 'pt-BR'): LinhaComparativo[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byRank = (a: LinhaComparativo, b: LinhaComparativo) =>
    (a.posicao ?? Number.MAX_SAFE_INTEGER) - (b.posicao ?? Number.MAX_SAFE_INTEGER) || a.nome.localeCompare(b.nome, locale, { numeric: true });
  return [...lines].sort((a, b) => {
    const x = valueOf(a, sort.key);
    const y = valueOf(b, sort.key);
    if (x === null || y === null) return x === y ? byRank(a, b) : x === null ? 1 : -1;
    const order = typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y), locale, { numeric: true }) : x - y;
    return sign * order || byRank(a, b);
  });
}

/** How a quartile reads: the top one is the head ("cabeça"), the bottom one the tail ("cola"). */
export type QuartileTone = 'head' | 'tail' | 'middle' | 'none';

export function quartileTone(quartil: number | null): QuartileTone {
  if (quartil === null) return 'none';
  if (quartil === 1) return 'head';
  if (quartil === 4) return 'tail';
  return 'middle';
}

/** The colour of a quartile (always shown with its label, never alone). */
export const QUARTILE_COLOR: Record<QuartileTone, string> = { head: 'teal', middle: 'gray', tail: 'red', none: 'gray' };

/** The chart's bar colour of a quartile, as hex (canvas has no theme). */
export const QUARTILE_HEX: Record<QuartileTone, string> = { head: '#0ca678', middle: '#868e96', tail: '#e03131', none: '#ced4da' };

/** The texts of the CSV, translated by the page in the reports language. */
export interface RankingCsvTexts {
  columns: Record<'posicao' | 'quartil' | 'nome' | 'proprietario' | 'nucleo' | Indicator, string>;
  /** The label of a quartile (1…4). */
  quartile: (quartil: number) => string;
  /** The first cell of the mean line. */
  mean: string;
}

/**
 * The ranking as a CSV: the lines in the order shown, then the bird-weighted mean. The owner column
 * only when the ranking spans several owners; the farm column unless the lines are owners.
 */
export function rankingCsv(
  report: Comparativo,
  lines: readonly LinhaComparativo[],
  texts: RankingCsvTexts,
  options: { owners: boolean },
): { header: string[]; rows: CsvCell[][] } {
  const withFarm = report.por !== 'proprietario';
  const withOwner = options.owners && report.por !== 'proprietario';
  const header = [
    texts.columns.posicao,
    texts.columns.quartil,
    texts.columns.nome,
    ...(withOwner ? [texts.columns.proprietario] : []),
    ...(withFarm ? [texts.columns.nucleo] : []),
    ...INDICATORS.map(([key]) => texts.columns[key]),
  ];
  const figures = (line: Comparativo['media']) => INDICATORS.map(([key]) => line[key]);
  const rows: CsvCell[][] = lines.map((line) => [
    line.posicao,
    line.quartil === null ? null : texts.quartile(line.quartil),
    line.nome,
    ...(withOwner ? [line.proprietario.nome] : []),
    ...(withFarm ? [line.nucleo?.nome ?? null] : []),
    ...figures(line),
  ]);
  rows.push([null, null, texts.mean, ...(withOwner ? [null] : []), ...(withFarm ? [null] : []), ...figures(report.media)]);
  return { header, rows };
}

/** The file's name: the grouping and the period ("comparativo-lote-2025-01-01-2025-03-31.csv"). */
export const rankingCsvName = (report: Pick<Comparativo, 'por' | 'di' | 'df'>) => `comparativo-${report.por}-${report.di}-${report.df}.csv`;
