import type { AvesPesosResponse, Estatisticas, ReportBox, ReportGrupo } from '@portal/shared';
import { isoToMasked } from '../records/dates';
import type { NumberFormat } from '../records/numbers';
import { DIGITS, STAT_FIELDS } from './statFields';

/**
 * A weight report flattened to one row per node (the total, then each date|flock|sex group
 * followed by its categories, sides and boxes), every cell already text in the user's number
 * format. The downloads (exportFormat.ts) only lay these cells out.
 */

export const LEVELS = ['total', 'grupo', 'categoria', 'lado', 'box'] as const;
export type Level = (typeof LEVELS)[number];

export const KEY_COLUMNS = ['data', 'nucleo', 'lote', 'sexo', 'aviario', 'lado', 'box', 'linha', 'idade_lote', 'key'] as const;
export const COMPARISON_COLUMNS = ['pmComparacao', 'percentPadrao'] as const;
export const COLUMN_IDS = ['nivel', ...KEY_COLUMNS, ...STAT_FIELDS.map((field) => field.name), ...COMPARISON_COLUMNS, 'scores'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

const NUMERIC = new Set<string>([...STAT_FIELDS.map((field) => field.name), ...COMPARISON_COLUMNS, 'idade_lote']);

export interface TableColumn {
  id: ColumnId;
  title: string;
  numeric: boolean;
}

export interface ReportTable {
  title: string;
  /** Label and value lines of the header: period, scales, … */
  meta: [string, string][];
  columns: TableColumn[];
  rows: string[][];
}

export interface TableTexts {
  title: string;
  meta: [string, string][];
  /** Column titles: the section 3 names for CSV, translated labels for TXT and HTML. */
  headers: Record<ColumnId, string>;
  levels: Record<Level, string>;
}

/** Numbers as text: `digits` fixed decimals; `grouping` adds thousands separators (not in CSV, so spreadsheets read them). */
export type NumberText = (value: number, digits: number) => string;

/** The number writer of a report's number format (useReportLanguage's `numbers`): 1.234,5 with grouping, 1234,5 without. */
export function numberText(numbers: NumberFormat, grouping: boolean): NumberText {
  return grouping ? (value, digits) => numbers.format(value, digits) : (value, digits) => numbers.plain(value, digits);
}

interface NodeKeys {
  data?: string;
  nucleo?: string;
  lote?: string;
  sexo?: string;
  aviario?: string;
  lado?: string;
  box?: string;
  linha?: string;
  idade_lote?: number | null;
  key?: string;
}

type Padrao = ReportGrupo['padrao'];

/** 'score: count (percent %)' for each score carried, joined by ' | '. */
export function scoresText(scores: Estatisticas['scores'], number: NumberText): string {
  return scores.map((entry) => `${entry.score}: ${number(entry.count, 0)} (${number(entry.percent, 2)} %)`).join(' | ');
}

function row(level: Level, keys: NodeKeys, stats: Estatisticas, padrao: Padrao, texts: TableTexts, number: NumberText): string[] {
  const value = (input: number | null | undefined, digits: number) => (input === null || input === undefined ? '' : number(input, digits));
  return [
    texts.levels[level],
    keys.data ? isoToMasked(keys.data) || keys.data : '',
    keys.nucleo ?? '',
    keys.lote ?? '',
    keys.sexo ?? '',
    keys.aviario ?? '',
    keys.lado ?? '',
    keys.box ?? '',
    keys.linha ?? '',
    value(keys.idade_lote, 0),
    keys.key ?? '',
    ...STAT_FIELDS.map((field) => value(stats[field.name], DIGITS[field.unit])),
    value(padrao?.pmComparacao, 1),
    value(padrao?.percentPadrao, 2),
    scoresText(stats.scores, number),
  ];
}

function boxRow(grupo: ReportGrupo, box: ReportBox, texts: TableTexts, number: NumberText): string[] {
  return row('box', { ...box, nucleo: grupo.nome_nucleo }, box.stats, box.padrao, texts, number);
}

/** The report as a table (see the top of this file). */
export function reportTable(report: AvesPesosResponse, texts: TableTexts, number: NumberText): ReportTable {
  const rows: string[][] = [row('total', {}, report.total, null, texts, number)];
  for (const grupo of report.grupos) {
    const groupKeys = { data: grupo.data, nucleo: grupo.nome_nucleo, lote: grupo.lote, sexo: grupo.sexo };
    rows.push(row('grupo', { ...groupKeys, idade_lote: grupo.idade_lote }, grupo.stats, grupo.padrao, texts, number));
    for (const categoria of grupo.categorias) {
      rows.push(row('categoria', { ...groupKeys, aviario: categoria.aviario }, categoria.stats, null, texts, number));
      for (const lado of categoria.lados) {
        rows.push(row('lado', { ...groupKeys, aviario: lado.aviario, lado: lado.lado }, lado.stats, null, texts, number));
        for (const box of lado.boxes) rows.push(boxRow(grupo, box, texts, number));
      }
    }
  }
  return {
    title: texts.title,
    meta: texts.meta,
    columns: COLUMN_IDS.map((id) => ({ id, title: texts.headers[id], numeric: NUMERIC.has(id) })),
    rows,
  };
}

/** Every box of a report with its group, in report order (screen, print and tests walk the same list). */
export function reportBoxes(report: AvesPesosResponse): { grupo: ReportGrupo; box: ReportBox }[] {
  return report.grupos.flatMap((grupo) =>
    grupo.categorias.flatMap((categoria) => categoria.lados.flatMap((lado) => lado.boxes.map((box) => ({ grupo, box })))),
  );
}

/** The farms and flocks a report covers, once each, in report order. */
export function coveredNames(report: AvesPesosResponse): { nucleos: string[]; lotes: string[] } {
  const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
  return { nucleos: unique(report.grupos.map((grupo) => grupo.nome_nucleo)), lotes: unique(report.grupos.map((grupo) => grupo.lote)) };
}

/** Section 9: 4 boxes per printed page. */
export const BOXES_PER_PAGE = 4;

/** Items split into printed pages of BOXES_PER_PAGE. */
export function printPages<T>(items: readonly T[], perPage = BOXES_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}
