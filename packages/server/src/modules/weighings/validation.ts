import { isIsoDate, isStorableText, PESO_MAX_G, type ImportField, type ImportRejeitada, type ImportRowReason, type MsgPes } from '@portal/shared';
import type { PesagensTable } from '../../db/tables.js';

/**
 * The one set of rules a weighing must meet to be stored, whether a file row (modules/imports)
 * or a device's PES record (mqtt) brought it: column lengths, no control characters (obs may hold
 * tab and line breaks), a real date and time, a weight above 0 and at most PESO_MAX_G, whole
 * numbers that fit. A weighing that meets them stores the same on SQLite and PostgreSQL.
 */

/** The stored fields of a weighing (peso in tenths of a gram), before its farm and flock are resolved. */
export type PesagemFields = Pick<PesagensTable, 'data' | 'hora' | 'aviario' | 'lado' | 'box' | 'sexo' | 'peso_dg' | 'idade_lote' | 'linha' | 'score' | 'serie_balanca' | 'obs'>;

/** A field a refusal names: a weighing's (as a file's columns call them), or a device record's seq. */
export type WeighingField = ImportField | 'seq';

/** The text fields of a weighing, in the order their faults are looked for. */
export const TEXT_FIELDS = ['nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'linha', 'serie_balanca', 'obs'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Longest text each field may hold: the column sizes of pesagens, nucleos.nome and lotes.codigo. */
export const MAX_LENGTH: Readonly<Record<TextField, number>> = {
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

/** Why a weighing cannot be stored: the reason, the field at fault and its value as received. */
export class WeighingFault {
  readonly valor: string;
  constructor(
    readonly motivo: ImportRowReason,
    readonly campo: WeighingField | null,
    valor: string,
  ) {
    this.valor = valor.length > VALOR_MAX ? `${valor.slice(0, VALOR_MAX)}…` : valor;
  }

  /** As a file's refused row lists it. */
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
 * The first text fault: a field too long (in TEXT_FIELDS order), else one holding characters that
 * cannot be stored. Called once per row of files of millions: one test over the single-line fields
 * joined (a space between, so two fields' halves never pair up) and one over obs.
 */
export function textFault(texts: Readonly<Record<TextField, string>>): WeighingFault | undefined {
  let singleLine = '';
  for (const field of TEXT_FIELDS) {
    const value = texts[field];
    if (value.length > MAX_LENGTH[field]) return new WeighingFault('VALUE_TOO_LONG', field, value);
    if (field !== 'obs') singleLine += `${value} `;
  }
  if (isStorableText(singleLine) && isStorableText(texts.obs, true)) return undefined;
  const bad = TEXT_FIELDS.find((field) => !isStorableText(texts[field], field === 'obs'))!;
  return new WeighingFault('VALUE_INVALID_CHARACTERS', bad, texts[bad]);
}

/** A whole number from 0 to `max`, or null (none). */
const wholeUpTo = (value: number | null, max: number) => value === null || (Number.isInteger(value) && value >= 0 && value <= max);

/** A weighing record as a device sent it (PES, docs/device-protocol.md), as the codec read it. */
export type DeviceRecord = Omit<MsgPes, 'tipo'>;

/**
 * A device's record checked by the rules above; its sender's serial is the scale's. Answers the
 * stored fields, or the first fault (date, time, texts, weight, age, score, then seq).
 */
export function checkDeviceRecord(record: DeviceRecord, serie: string): (PesagemFields & { seq: number }) | WeighingFault {
  const data = readDate(record.data);
  if (data === undefined) return new WeighingFault('DATE_INVALID', 'data', record.data);
  const hora = readTime(record.hora);
  if (hora === undefined) return new WeighingFault('TIME_INVALID', 'hora', record.hora);
  const texts = { ...record, serie_balanca: serie };
  const fault = textFault(texts);
  if (fault) return fault;
  const peso_dg = Math.round(record.peso * 10);
  if (!Number.isFinite(peso_dg) || peso_dg <= 0 || peso_dg > PESO_MAX_DG) return new WeighingFault('WEIGHT_INVALID', 'peso', String(record.peso));
  if (!wholeUpTo(record.idade_lote, IDADE_MAX)) return new WeighingFault('NUMBER_INVALID', 'idade_lote', String(record.idade_lote));
  if (!wholeUpTo(record.score, SCORE_MAX)) return new WeighingFault('NUMBER_INVALID', 'score', String(record.score));
  if (!Number.isSafeInteger(record.seq) || record.seq < 0) return new WeighingFault('NUMBER_INVALID', 'seq', String(record.seq));
  const { aviario, lado, box, sexo, linha, obs, seq, idade_lote, score } = record;
  return { seq, data, hora, aviario, lado, box, sexo, peso_dg, idade_lote, linha, score, serie_balanca: serie, obs };
}
