import { isIsoDate, PESO_MAX_G, type ImportField, type ImportRejeitada, type ImportRowReason } from '@portal/shared';
import type { PesagensTable } from '../../db/tables.js';
import type { ColumnMap } from './columns.js';

/** A weighing read from a file: the stored fields of pesagens (peso in tenths of a gram), its farm and flock by name. */
export type ImportRow = Pick<PesagensTable, 'data' | 'hora' | 'aviario' | 'lado' | 'box' | 'sexo' | 'peso_dg' | 'idade_lote' | 'linha' | 'score' | 'serie_balanca' | 'obs'> & {
  nucleo: string;
  lote: string;
};

/** Longest text each field may hold: the column sizes of pesagens, nucleos.nome and lotes.codigo. */
export const MAX_LENGTH: Partial<Record<ImportField, number>> = {
  nucleo: 120,
  lote: 40,
  aviario: 40,
  lado: 40,
  box: 40,
  sexo: 20,
  linha: 40,
  serie_balanca: 40,
  obs: 200,
};
export const PESO_MAX_DG = Math.round(PESO_MAX_G * 10);
export const IDADE_MAX = 10_000;
export const SCORE_MAX = 1_000_000;

/** Longest value echoed back in a refusal: a 64 KB cell listed a thousand times would swell the answer. */
const VALOR_MAX = 200;

export class RowRejected {
  readonly valor: string;
  constructor(
    readonly motivo: ImportRowReason,
    readonly campo: ImportField | null,
    valor: string,
  ) {
    this.valor = valor.length > VALOR_MAX ? `${valor.slice(0, VALOR_MAX)}…` : valor;
  }
  at(linha: number): ImportRejeitada {
    return { linha, motivo: this.motivo, campo: this.campo, valor: this.valor };
  }
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const pad = (value: string) => (value.length === 1 ? `0${value}` : value);

/** dd/mm/yyyy, d/m/yyyy (also with '-' or '.') or yyyy-mm-dd → YYYY-MM-DD; undefined when not a real date. */
export function readDate(raw: string): string | undefined {
  let match = DMY.exec(raw);
  let iso: string | undefined;
  if (match) iso = `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}`;
  else if ((match = YMD.exec(raw))) iso = `${match[1]}-${pad(match[2]!)}-${pad(match[3]!)}`;
  return iso !== undefined && isIsoDate(iso) ? iso : undefined;
}

/** H:MM, HH:MM or HH:MM:SS → HH:MM:SS; '' stays ''. */
export function readTime(raw: string): string | undefined {
  if (raw === '') return '';
  const match = TIME.exec(raw);
  if (!match) return undefined;
  const [hours, minutes, seconds = '00'] = [Number(match[1]), match[2]!, match[3]];
  if (hours > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  return `${pad(String(hours))}:${minutes}:${seconds}`;
}

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

const TEXT_FIELDS = ['nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'linha', 'serie_balanca', 'obs'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Control characters (isStorableText's single-line rule); lone surrogates cannot come out of a decoder. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

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
 * Reads one record with the file's column map. Throws nothing: answers the row, or why it is
 * refused (the first fault found, with its field and value as read). Called once per row of
 * files of millions: one control-character test per row, dates and times memoised.
 */
export function rowReader(columns: ColumnMap, decimal: ',' | '.') {
  const { index } = columns;
  const width = columns.colunas.length;
  const date = memo(readDate);
  const time = memo(readTime);
  const cell = (record: readonly string[], position: number) => (position === -1 ? '' : (record[position] ?? '').trim());
  const texts = TEXT_FIELDS.map((field) => ({ field, position: index[field], max: MAX_LENGTH[field]! }));

  return function read(record: readonly string[]): ImportRow | RowRejected {
    // A trailing separator (an empty last cell) is not a column of its own.
    if (record.length !== width && !(record.length > width && record.slice(width).every((value) => value.trim() === ''))) {
      return new RowRejected('COLUMN_COUNT', null, String(record.length));
    }
    const rawDate = cell(record, index.data);
    if (rawDate === '') return new RowRejected('VALUE_REQUIRED', 'data', '');
    const data = date(rawDate);
    if (data === undefined) return new RowRejected('DATE_INVALID', 'data', rawDate);

    const values = {} as Record<TextField, string>;
    let joined = '';
    for (const { field, position, max } of texts) {
      const value = cell(record, position);
      if (value.length > max) return new RowRejected('VALUE_TOO_LONG', field, value);
      values[field] = value;
      joined += value;
    }
    if (CONTROL.test(joined)) {
      const bad = texts.find(({ field }) => CONTROL.test(values[field]))!;
      return new RowRejected('VALUE_INVALID_CHARACTERS', bad.field, values[bad.field]);
    }
    if (values.nucleo === '') return new RowRejected('VALUE_REQUIRED', 'nucleo', '');
    if (values.lote === '') return new RowRejected('VALUE_REQUIRED', 'lote', '');
    const rawHora = cell(record, index.hora);
    const hora = time(rawHora);
    if (hora === undefined) return new RowRejected('TIME_INVALID', 'hora', rawHora);

    const rawPeso = cell(record, index.peso);
    if (rawPeso === '') return new RowRejected('VALUE_REQUIRED', 'peso', '');
    const peso_dg = readPesoDg(rawPeso, decimal);
    if (peso_dg === undefined) return new RowRejected('WEIGHT_INVALID', 'peso', rawPeso);
    const rawIdade = cell(record, index.idade_lote);
    const idade_lote = readInteger(rawIdade, IDADE_MAX);
    if (idade_lote === undefined) return new RowRejected('NUMBER_INVALID', 'idade_lote', rawIdade);
    const rawScore = cell(record, index.score);
    const score = readInteger(rawScore, SCORE_MAX);
    if (score === undefined) return new RowRejected('NUMBER_INVALID', 'score', rawScore);

    return { data, hora, peso_dg, idade_lote, score, ...values };
  };
}
