import type { AvesPesosResponse, Estatisticas, ReportBox, ReportCategoria, ReportGrupo, ReportLado } from '@portal/shared';

/**
 * The report tree (date|flock|sex group → house (categoria) → side (lado) → boxes) flattened
 * once into the rows the screen virtualises, and the summary table's rows pointing into them.
 * Built in one pass without formatting anything, so a report of thousands of boxes costs
 * milliseconds; each row's texts are made only when it is on screen.
 */

export type ReportItem =
  | { type: 'group'; key: string; grupo: ReportGrupo }
  | { type: 'category'; key: string; grupo: ReportGrupo; categoria: ReportCategoria }
  | { type: 'side'; key: string; grupo: ReportGrupo; lado: ReportLado }
  /** Up to `columns` boxes of one side, side by side on a wide screen. */
  | { type: 'boxes'; key: string; grupo: ReportGrupo; boxes: ReportBox[] };

export type SummaryLevel = 'grupo' | 'aviario' | 'lado';

export interface SummaryRow {
  level: SummaryLevel;
  key: string;
  grupo: ReportGrupo;
  /** The house (aviario rows and lado rows) and the side (lado rows). */
  aviario?: string;
  lado?: string;
  stats: Estatisticas;
  /** The group's comparison with its standard (group rows only). */
  padrao: ReportGrupo['padrao'];
  /** How many boxes the row sums up. */
  boxes: number;
  /** The index in `items` of the row's heading, followed by its first box. */
  item: number;
}

export interface ReportLayout {
  items: ReportItem[];
  summary: SummaryRow[];
  boxCount: number;
}

/** The flat rows of a report, `columns` boxes a row (1 on a phone, 2 on a wide screen). */
export function reportLayout(report: AvesPesosResponse, columns: number): ReportLayout {
  const items: ReportItem[] = [];
  const summary: SummaryRow[] = [];
  let boxCount = 0;
  report.grupos.forEach((grupo, groupIndex) => {
    const groupKey = `g${groupIndex}`;
    const groupRow: SummaryRow = { level: 'grupo', key: groupKey, grupo, stats: grupo.stats, padrao: grupo.padrao, boxes: 0, item: items.length };
    summary.push(groupRow);
    items.push({ type: 'group', key: groupKey, grupo });
    grupo.categorias.forEach((categoria, categoryIndex) => {
      const categoryKey = `${groupKey}c${categoryIndex}`;
      const categoryRow: SummaryRow = { level: 'aviario', key: categoryKey, grupo, aviario: categoria.aviario, stats: categoria.stats, padrao: null, boxes: 0, item: items.length };
      summary.push(categoryRow);
      items.push({ type: 'category', key: categoryKey, grupo, categoria });
      categoria.lados.forEach((lado, sideIndex) => {
        const sideKey = `${categoryKey}s${sideIndex}`;
        summary.push({ level: 'lado', key: sideKey, grupo, aviario: lado.aviario, lado: lado.lado, stats: lado.stats, padrao: null, boxes: lado.boxes.length, item: items.length });
        items.push({ type: 'side', key: sideKey, grupo, lado });
        for (let start = 0; start < lado.boxes.length; start += columns) {
          items.push({ type: 'boxes', key: `${sideKey}b${start}`, grupo, boxes: lado.boxes.slice(start, start + columns) });
        }
        categoryRow.boxes += lado.boxes.length;
      });
      groupRow.boxes += categoryRow.boxes;
    });
    boxCount += groupRow.boxes;
  });
  return { items, summary, boxCount };
}

/** Whether any group compares with a standard (the summary then shows the % of standard). */
export const hasStandard = (report: AvesPesosResponse): boolean => report.grupos.some((grupo) => grupo.padrao !== null);
