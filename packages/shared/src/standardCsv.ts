import { pontoPadrao, type PontoPadrao } from './schemas/records/standards.js';

/**
 * Reads a breed standard (one row a day of age) from CSV text, for the web's import and the
 * server's presets alike. Pure: no Node or DOM.
 *
 * - Separator: tab, ';' or ',' (the first of these found on the first row).
 * - Numbers: decimal point or comma ("42.5", "42,5"; "1.234,5" and "1,234.5" with thousands).
 *   With ',' as the separator a decimal comma needs quotes ("42,5"), as spreadsheets write it.
 * - A first row with any non-numeric cell is a header: its columns are recognised by name in
 *   Portuguese, English or Spanish (accents, case, spaces, units like "(g)" or "_g" do not matter;
 *   weights headed in kg are turned into grams); columns not recognised are skipped. Without a header the columns are day then weight.
 * - Day and weight are required on every row; gain, conversion, cumulative feed and cumulative
 *   mortality (%) may be empty.
 * - Values are rounded to what a standard stores (grams 1 decimal, conversion 3 decimals) and must
 *   fit its ranges; a day may appear once. Points come back sorted by day.
 */
export type StandardCsvResult = { pontos: PontoPadrao[] } | { error: 'CSV_INVALID'; line?: number };

type Column = keyof PontoPadrao;

/** Normalised header names of each column (see `normaliseHeader`). */
const HEADER_NAMES: Record<Column, readonly string[]> = {
  idade: ['dia', 'dias', 'idade', 'idade_dias', 'day', 'days', 'age', 'age_days', 'edad', 'edad_dias'],
  peso: [
    'peso', 'peso_medio', 'peso_corporal', 'peso_vivo', 'pm',
    'weight', 'body_weight', 'bodyweight', 'live_weight', 'bw',
    'peso_promedio',
  ],
  ganho_diario: [
    'ganho', 'ganho_diario', 'ganho_de_peso_diario', 'ganho_peso_diario', 'gpd',
    'gain', 'daily_gain', 'daily_weight_gain',
    'ganancia', 'ganancia_diaria', 'ganancia_de_peso_diaria', 'ganancia_peso_diaria',
  ],
  conversao: [
    'conversao', 'conversao_alimentar', 'ca',
    'fcr', 'feed_conversion', 'feed_conversion_ratio',
    'conversion', 'conversion_alimenticia', 'ica',
  ],
  consumo_acumulado: [
    'consumo', 'consumo_acumulado', 'consumo_racao_acumulado', 'consumo_de_racao_acumulado',
    'cumulative_feed', 'cumulative_feed_intake', 'feed_intake_cumulative', 'cum_feed', 'cumulative_intake',
    'consumo_alimento_acumulado', 'consumo_de_alimento_acumulado',
  ],
  mortalidade_pct: [
    'mortalidade', 'mortalidade_acumulada', 'mortalidade_pct', 'mortalidade_acumulada_pct',
    'mortality', 'cumulative_mortality', 'mortality_pct', 'cum_mortality',
    'mortalidad', 'mortalidad_acumulada', 'mortalidad_pct',
  ],
};

/** Digits each column keeps (grams 1 decimal, conversion 3), as the standard's schema stores them. */
const DECIMALS: Record<Column, number> = { idade: 0, peso: 1, ganho_diario: 1, conversao: 3, consumo_acumulado: 1, mortalidade_pct: 2 };

const invalid = (line?: number): StandardCsvResult => (line === undefined ? { error: 'CSV_INVALID' } : { error: 'CSV_INVALID', line });

/** "Peso Médio (g)" → "peso_medio"; "body_weight_g" → "body_weight". */
function normaliseHeader(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[([].*?[)\]]/g, ' ')
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_(g|gr|grams|gramas|gramos|kg)$/, '');
}

/** Splits one row, honouring double quotes ("" is a quote inside a quoted cell). */
function splitRow(row: string, separator: string): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < row.length; index += 1) {
    const char = row[index]!;
    if (quoted) {
      if (char === '"' && row[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  if (quoted) return undefined;
  cells.push(cell.trim());
  return cells;
}

/** A number written with a decimal point or comma, optionally with thousands groups; else undefined. */
function parseLocaleNumber(text: string): number | undefined {
  const value = text.replace(/\s+/g, '');
  let plain: string;
  if (/^[-+]?\d+([.,]\d+)?$/.test(value)) plain = value.replace(',', '.');
  else if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(value)) plain = value.replaceAll('.', '').replace(',', '.');
  else if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) plain = value.replaceAll(',', '');
  else return undefined;
  const number = Number(plain);
  return Number.isFinite(number) ? number : undefined;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Where a field is read: its column, and the factor to grams (1000 for a column headed in kg). */
interface Source {
  index: number;
  scale: number;
}

const IN_KILOGRAMS = /(^|[^a-z])kg([^a-z]|$)/i;
const MASS_COLUMNS: readonly Column[] = ['peso', 'ganho_diario', 'consumo_acumulado'];

/** Where each field is, from a header row; undefined when day or weight is missing or a field repeats. */
function columnsFromHeader(cells: string[]): Partial<Record<Column, Source>> | undefined {
  const columns: Partial<Record<Column, Source>> = {};
  for (const [index, cell] of cells.entries()) {
    const name = normaliseHeader(cell);
    const field = (Object.keys(HEADER_NAMES) as Column[]).find((key) => HEADER_NAMES[key].includes(name));
    if (field === undefined) continue;
    if (columns[field] !== undefined) return undefined;
    columns[field] = { index, scale: MASS_COLUMNS.includes(field) && IN_KILOGRAMS.test(cell) ? 1000 : 1 };
  }
  return columns.idade === undefined || columns.peso === undefined ? undefined : columns;
}

export function parseStandardCsv(text: string): StandardCsvResult {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const filled = rows.flatMap((row, index) => (row.trim() === '' ? [] : [{ row, line: index + 1 }]));
  const first = filled[0];
  if (!first) return invalid();
  const separator = ['\t', ';', ','].find((candidate) => first.row.includes(candidate));
  if (separator === undefined) return invalid(first.line);

  const firstCells = splitRow(first.row, separator);
  if (!firstCells) return invalid(first.line);
  const isHeader = firstCells.some((cell) => cell !== '' && parseLocaleNumber(cell) === undefined);
  const columns = isHeader ? columnsFromHeader(firstCells) : { idade: { index: 0, scale: 1 }, peso: { index: 1, scale: 1 } };
  if (!columns) return invalid(first.line);

  const pontos: PontoPadrao[] = [];
  const seenDays = new Set<number>();
  for (const { row, line } of isHeader ? filled.slice(1) : filled) {
    const cells = splitRow(row, separator);
    if (!cells) return invalid(line);
    const values: Partial<Record<Column, number | null>> = {};
    for (const [field, { index, scale }] of Object.entries(columns) as [Column, Source][]) {
      const cell = cells[index] ?? '';
      if (cell === '') {
        values[field] = null;
        continue;
      }
      const number = parseLocaleNumber(cell);
      if (number === undefined || (field === 'idade' && !Number.isInteger(number))) return invalid(line);
      values[field] = round(number * scale, DECIMALS[field]);
    }
    if (values.idade === null || values.peso === null) return invalid(line);
    const parsed = pontoPadrao.safeParse({
      idade: values.idade,
      peso: values.peso,
      ganho_diario: values.ganho_diario ?? null,
      conversao: values.conversao ?? null,
      consumo_acumulado: values.consumo_acumulado ?? null,
      mortalidade_pct: values.mortalidade_pct ?? null,
    });
    if (!parsed.success || seenDays.has(parsed.data.idade)) return invalid(line);
    seenDays.add(parsed.data.idade);
    pontos.push(parsed.data);
  }
  if (pontos.length === 0) return invalid();
  return { pontos: pontos.sort((a, b) => a.idade - b.idade) };
}
