import type { Estatisticas, Language, ResumoResponse } from '@portal/shared';

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
 * A figure with a fixed number of decimals and the language's decimal mark (comma in Portuguese
 * and Spanish, as pt-BR spreadsheets read it; point in English), no thousands separator.
 * The figures are already rounded, so toFixed only pads (1234.5 → "1234,50" never re-rounds).
 */
export function formatFigure(value: number | null, decimals: number, language: Language): string {
  if (value === null) return '';
  const text = value.toFixed(decimals);
  return language === 'en' ? text : text.replace('.', ',');
}

/**
 * One field of a CSV line: quoted when it holds the separator, a quote or a line break (quotes
 * doubled), and defused when it starts like a spreadsheet formula (a house named "=1+1").
 */
export function csvField(text: string, separador: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return safe.includes(separador) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** GET v2/resumo?tipo=csv: a header line, then one line per flock, house, side and box. */
export function summaryCsv(summary: ResumoResponse, separador: string, language: Language): string {
  const header = ['nome_nucleo', 'lote', 'aviario', 'lado', 'box', 'primeira', 'ultima', 'dias', ...STAT_COLUMNS];
  const lines = summary.linhas.map((linha) =>
    [
      ...[linha.nome_nucleo, linha.lote, linha.aviario, linha.lado, linha.box, linha.primeira, linha.ultima].map((text) => csvField(text, separador)),
      String(linha.dias),
      // A decimal comma in a comma-separated file is quoted like any text holding the separator.
      ...STAT_COLUMNS.map((column) => csvField(formatFigure(linha.stats[column], DECIMALS[column], language), separador)),
    ].join(separador),
  );
  return [header.join(separador), ...lines].join('\r\n') + '\r\n';
}
