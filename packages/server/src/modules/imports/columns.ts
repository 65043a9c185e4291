import { CSV_SEPARATORS, IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, type ImportField } from '@portal/shared';

/**
 * How a file's header names the section 3 fields. Cells are compared without case, accents,
 * spaces or punctuation, so 'Núcleo', 'NUCLEO' and 'nome_nucleo' all name the farm. A few
 * English and Spanish names that scales and spreadsheets write are accepted too.
 */
const ALIASES: Record<ImportField, readonly string[]> = {
  data: ['data', 'date', 'fecha', 'dia', 'day', 'data_pesagem'],
  hora: ['hora', 'time', 'hour', 'horario'],
  nucleo: ['nucleo', 'nome_nucleo', 'nucleo_nome', 'granja', 'farm', 'finca', 'site'],
  lote: ['lote', 'flock', 'batch', 'lot', 'codigo_lote'],
  aviario: ['aviario', 'galpao', 'galpon', 'house', 'shed', 'categoria', 'category', 'incubadora', 'incubator'],
  lado: ['lado', 'side', 'produto', 'product', 'producto'],
  box: ['box', 'pen', 'ordem', 'order', 'orden', 'corral'],
  sexo: ['sexo', 'sex'],
  peso: ['peso', 'weight', 'peso_g', 'weight_g', 'peso_gramas', 'peso_gr', 'weight_grams'],
  idade_lote: ['idade_lote', 'idade', 'age', 'edad', 'idade_dias', 'age_days', 'flock_age', 'edad_lote'],
  linha: ['linha', 'line', 'linea', 'linhagem'],
  score: ['score', 'escore', 'puntaje', 'nota'],
  serie_balanca: ['serie_balanca', 'serie', 'balanca', 'scale', 'scale_serial', 'serial', 'numero_serie', 'bascula'],
  obs: ['obs', 'observacao', 'observacoes', 'notes', 'note', 'comments', 'comment', 'observaciones', 'observacion'],
};

/** Lower case, no accents, words joined by '_': the form header cells are compared in. */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const FIELD_BY_KEY = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => ALIASES[field].map((alias) => [alias, field] as const)),
);

export interface ColumnMap {
  /** Each header cell and the field it is read as (null: ignored). */
  colunas: { coluna: string; campo: ImportField | null }[];
  /** Position of each field in a record; -1 when the file lacks it. */
  index: Record<ImportField, number>;
}

/** Maps the header; a field named twice is read from its first column. Undefined when a required field is missing. */
export function mapColumns(header: readonly string[]): ColumnMap | undefined {
  const index = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, -1])) as Record<ImportField, number>;
  const colunas = header.map((cell, position) => {
    const field = FIELD_BY_KEY.get(headerKey(cell)) ?? null;
    if (field === null || index[field] !== -1) return { coluna: cell.replace(/^\uFEFF/, '').trim(), campo: null };
    index[field] = position;
    return { coluna: cell.replace(/^\uFEFF/, '').trim(), campo: field };
  });
  if (IMPORT_REQUIRED_FIELDS.some((field) => index[field] === -1)) return undefined;
  return { colunas, index };
}

/**
 * The separator of a file whose form did not name one: the one the header line uses most
 * (quoted text aside), the user's own when it is among them or the line has none.
 */
export function detectSeparator(headerLine: string, preferred: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  const counts = CSV_SEPARATORS.map((separator) => ({ separator, count: unquoted.split(separator).length - 1 }));
  if ((counts.find((entry) => entry.separator === preferred)?.count ?? 0) > 0) return preferred;
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  return best.count > 0 ? best.separator : preferred;
}

/**
 * The decimal mark of a file whose form did not name one, from its first peso values: the last
 * mark of each value votes ('1.234,5' votes comma); no mark at all: comma unless the file is
 * separated by commas (an unquoted number could not hold one).
 */
export function detectDecimal(pesos: readonly string[], separator: string): ',' | '.' {
  let comma = 0;
  let point = 0;
  for (const peso of pesos) {
    const lastComma = peso.lastIndexOf(',');
    const lastPoint = peso.lastIndexOf('.');
    if (lastComma > lastPoint) comma += 1;
    else if (lastPoint > lastComma) point += 1;
  }
  if (comma > 0 || point > 0) return comma >= point ? ',' : '.';
  return separator === ',' ? '.' : ',';
}
