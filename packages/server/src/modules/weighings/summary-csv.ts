import { csvFile, type DecimalSeparator, type Estatisticas, type ResumoResponse } from '@portal/shared';

/** The statistics columns of the summary file, in the section 3 names. */
const STAT_COLUMNS = [
  'totalAves',
  'pesoTotal',
  'pesoMedio',
  'desvioP',
  'cv',
  'uni',
  'corteCima',
  'corteBaixo',
  'qtdUniforme',
  'qtdAcima',
  'qtdAbaixo',
  'perAcima',
  'perAbaixo',
  'maiorPeso',
  'menorPeso',
] as const satisfies readonly (keyof Estatisticas)[];

/** Digits after the point of each figure: weights 1, percentages 2, counts 0. */
const DECIMALS: Record<(typeof STAT_COLUMNS)[number], number> = {
  totalAves: 0,
  pesoTotal: 1,
  pesoMedio: 1,
  desvioP: 1,
  cv: 2,
  uni: 2,
  corteCima: 1,
  corteBaixo: 1,
  qtdUniforme: 0,
  qtdAcima: 0,
  qtdAbaixo: 0,
  perAcima: 2,
  perAbaixo: 2,
  maiorPeso: 1,
  menorPeso: 1,
};

/**
 * A figure with a fixed number of decimals and the reader's decimal mark (their number format, by
 * default their reports language's: comma in Portuguese and Spanish, as those spreadsheets read
 * it; point in English), no thousands separator, so spreadsheets read it as a number.
 * The figures are already rounded, so toFixed only pads (1234.5 → "1234,50" never re-rounds).
 */
export function formatFigure(value: number | null, decimals: number, decimal: DecimalSeparator): string {
  if (value === null) return '';
  const text = value.toFixed(decimals);
  return decimal === '.' ? text : text.replace('.', ',');
}

/** GET v2/resumo?tipo=csv: a header line, then one line per flock, house, side and box. */
export function summaryCsv(summary: ResumoResponse, separador: string, decimal: DecimalSeparator): string {
  const header = ['nome_nucleo', 'lote', 'aviario', 'lado', 'box', 'primeira', 'ultima', 'dias', ...STAT_COLUMNS];
  // Every cell goes through the shared rule: texts from devices, imports and grantees are defused, and a
  // decimal comma in a comma-separated file is quoted like any text holding the separator.
  const rows = summary.linhas.map((linha) => [
    linha.nome_nucleo, linha.lote, linha.aviario, linha.lado, linha.box, linha.primeira, linha.ultima,
    String(linha.dias),
    ...STAT_COLUMNS.map((column) => formatFigure(linha.stats[column], DECIMALS[column], decimal)),
  ]);
  return csvFile([header, ...rows], separador);
}
