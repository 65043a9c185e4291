import type { ColetaSexo, ColetaValores, HistoricoColetor, HistoricoPontoColeta } from '@portal/shared';
import type { CsvCell } from '../../components/reports';

/**
 * The collection-point history as table rows, shared by the screen and the CSV so both show the
 * same lines: each day with a row per collector, then the day's total over the point's
 * collectors (when it has more than one); after the days, each collector's period total and the
 * point's. Values stay numbers (null for an empty day) until the screen or the CSV writes them.
 */

export type HistoryRowKind = 'coletor' | 'dia' | 'totalColetor' | 'total';

export interface HistoryRow {
  kind: HistoryRowKind;
  /** The day (YYYY-MM-DD), or null on period totals. */
  data: string | null;
  /** The collector's serial, or null on the point's rows. */
  serie: string | null;
  /** The collector's name ('' when none), or null on the point's rows. */
  nome: string | null;
  registrado: boolean;
  valores: ColetaValores;
}

/** Columns after the day and the collector: the wire names, also the CSV header. */
export const VALUE_COLUMNS = ['coletas', 'machos', 'femeas', 'aves', 'peso_total_kg', 'pesoMedio', 'sexo'] as const;
export type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** Decimals each number column is shown with (counts whole; kg and g 1 decimal, spec section 9). */
export const DECIMALS: Record<Exclude<ValueColumn, 'sexo'>, number> = { coletas: 0, machos: 0, femeas: 0, aves: 0, peso_total_kg: 1, pesoMedio: 1 };

const collectorRow = (kind: 'coletor' | 'totalColetor', coletor: HistoricoColetor, data: string | null, valores: ColetaValores): HistoryRow => ({
  kind,
  data,
  serie: coletor.serie,
  nome: coletor.nome ?? '',
  registrado: coletor.registrado,
  valores,
});

export function historyRows(history: HistoricoPontoColeta): HistoryRow[] {
  const many = history.coletores.length > 1;
  const rows: HistoryRow[] = [];
  history.dias.forEach((day, index) => {
    for (const coletor of history.coletores) rows.push(collectorRow('coletor', coletor, day.data, coletor.dias[index]!));
    if (many || history.coletores.length === 0) rows.push({ kind: 'dia', data: day.data, serie: null, nome: null, registrado: true, valores: day });
  });
  if (many) for (const coletor of history.coletores) rows.push(collectorRow('totalColetor', coletor, null, coletor.total));
  rows.push({ kind: 'total', data: null, serie: null, nome: null, registrado: true, valores: history.total });
  return rows;
}

/** Texts the CSV needs in the user's language. */
export interface HistoryCsvTexts {
  /** The collector cell of a day's total row. */
  dayTotal: string;
  /** The day cell of the period totals. */
  period: string;
  /** The collector cell of the point's period total. */
  total: string;
  notRegistered: string;
}

export const CSV_HEADER = ['data', 'serie', 'coletor', ...VALUE_COLUMNS] as const;

/** The CSV cells of the rows: days as YYYY-MM-DD, numbers left to csvText, sexo as on the wire (M, F, misto). */
export function historyCsvRows(rows: readonly HistoryRow[], texts: HistoryCsvTexts): CsvCell[][] {
  return rows.map((row) => {
    const collector = row.kind === 'dia' ? texts.dayTotal : row.kind === 'total' ? texts.total : row.registrado ? row.nome : texts.notRegistered;
    const values = VALUE_COLUMNS.map((column): CsvCell => row.valores[column] as number | ColetaSexo | null);
    return [row.data ?? texts.period, row.serie ?? '', collector, ...values];
  });
}

/** `coleta_<point id>_<di>_<df>.csv` */
export const historyCsvName = (history: Pick<HistoricoPontoColeta, 'id' | 'di' | 'df'>) => `coleta_${history.id}_${history.di}_${history.df}.csv`;
