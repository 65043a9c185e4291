import { IDADE_MAX, PESO_MAX_DG, readDate, readTime, SCORE_MAX, TEXT_FIELDS, textFault, WeighingFault, type PesagemFields, type TextField } from '../weighings/index.js';
import type { ColumnMap } from './columns.js';

/** A weighing read from a file: the stored fields of pesagens (peso in tenths of a gram), its farm and flock by name. */
export type ImportRow = PesagemFields & {
  nucleo: string;
  lote: string;
};

/**
 * Grams with at most one significant decimal → integer decigrams, from the text alone (no
 * floating point): '1234,5' → 12345. Thousands grouped by the other mark are allowed
 * ('1.234,5'). Undefined for anything else, zero, or more than PESO_MAX_G.
 */
export function readPesoDg(raw: string, decimal: ',' | '.'): number | undefined {
  const group = decimal === ',' ? '.' : ',';
  let text = raw;
  if (text.includes(group)) {
    const grouped = decimal === ',' ? /^\d{1,3}(\.\d{3})+(,\d*)?$/ : /^\d{1,3}(,\d{3})+(\.\d*)?$/;
    if (!grouped.test(text)) return undefined;
    text = text.replaceAll(group, '');
  }
  const mark = text.indexOf(decimal);
  const whole = mark === -1 ? text : text.slice(0, mark);
  const fraction = mark === -1 ? '' : text.slice(mark + 1);
  if (!/^\d{1,7}$/.test(whole) || !/^\d*$/.test(fraction) || (mark !== -1 && fraction === '' && whole === '')) return undefined;
  // A second decimal is accepted only as zeros ('1234,50'): the portal keeps one.
  if (fraction.length > 1 && !/^0+$/.test(fraction.slice(1))) return undefined;
  const dg = Number(whole) * 10 + (fraction === '' ? 0 : Number(fraction[0]));
  return dg > 0 && dg <= PESO_MAX_DG ? dg : undefined;
}

function readInteger(raw: string, max: number): number | null | undefined {
  if (raw === '') return null;
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= max ? value : undefined;
}

/** A bounded memo: scale files repeat the same dates and times on thousands of rows. */
function memo<T>(read: (raw: string) => T): (raw: string) => T {
  const known = new Map<string, T>();
  return (raw) => {
    let value = known.get(raw);
    if (value === undefined && !known.has(raw)) {
      if (known.size > 10_000) known.clear();
      value = read(raw);
      known.set(raw, value);
    }
    return value as T;
  };
}

/**
 * Reads one record with the file's column map into a weighing, checked by the weighings' rules
 * (weighings/validation.ts); a file must also name the farm and flock of each row. Throws nothing:
 * answers the row, or why it is refused (the first fault found, with its field and value as
 * read). Called once per row of files of millions: dates and times memoised.
 */
export function rowReader(columns: ColumnMap, decimal: ',' | '.') {
  const { index } = columns;
  const width = columns.colunas.length;
  const date = memo(readDate);
  const time = memo(readTime);
  const cell = (record: readonly string[], position: number) => (position === -1 ? '' : (record[position] ?? '').trim());
  const texts = TEXT_FIELDS.map((field) => ({ field, position: index[field] }));

  return function read(record: readonly string[]): ImportRow | WeighingFault {
    // A trailing separator (an empty last cell) is not a column of its own.
    if (record.length !== width && !(record.length > width && record.slice(width).every((value) => value.trim() === ''))) {
      return new WeighingFault('COLUMN_COUNT', null, String(record.length));
    }
    const rawDate = cell(record, index.data);
    if (rawDate === '') return new WeighingFault('VALUE_REQUIRED', 'data', '');
    const data = date(rawDate);
    if (data === undefined) return new WeighingFault('DATE_INVALID', 'data', rawDate);

    const values = {} as Record<TextField, string>;
    for (const { field, position } of texts) values[field] = cell(record, position);
    const fault = textFault(values);
    if (fault) return fault;
    if (values.nucleo === '') return new WeighingFault('VALUE_REQUIRED', 'nucleo', '');
    if (values.lote === '') return new WeighingFault('VALUE_REQUIRED', 'lote', '');
    const rawHora = cell(record, index.hora);
    const hora = time(rawHora);
    if (hora === undefined) return new WeighingFault('TIME_INVALID', 'hora', rawHora);

    const rawPeso = cell(record, index.peso);
    if (rawPeso === '') return new WeighingFault('VALUE_REQUIRED', 'peso', '');
    const peso_dg = readPesoDg(rawPeso, decimal);
    if (peso_dg === undefined) return new WeighingFault('WEIGHT_INVALID', 'peso', rawPeso);
    const rawIdade = cell(record, index.idade_lote);
    const idade_lote = readInteger(rawIdade, IDADE_MAX);
    if (idade_lote === undefined) return new WeighingFault('NUMBER_INVALID', 'idade_lote', rawIdade);
    const rawScore = cell(record, index.score);
    const score = readInteger(rawScore, SCORE_MAX);
    if (score === undefined) return new WeighingFault('NUMBER_INVALID', 'score', rawScore);

    return { data, hora, peso_dg, idade_lote, score, ...values };
  };
}
