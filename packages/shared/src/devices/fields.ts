import { isIsoDate } from '../schemas/records/common.js';
import { isStorableText } from '../schemas/primitives.js';
import type { ProtocolRejection } from './protocol.js';

/**
 * The field codecs the device protocol is built from (docs/device-protocol.md): each reads one
 * raw field (never throwing: a fault is a Rejection) and writes a value back, so that
 * read(write(v)) is v for every value read accepts.
 */
export class Rejection {
  constructor(
    readonly motivo: ProtocolRejection,
    readonly detalhe: string,
  ) {}
}

export interface FieldCodec<T> {
  read(raw: string, name: string): T | Rejection;
  write(value: T): string;
}

/** What a refusal echoes of the offending field: a picture's base64 would swell the log. */
const shown = (raw: string) => JSON.stringify(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw);
const refuse = (motivo: ProtocolRejection, name: string, raw: string, why: string) => new Rejection(motivo, `${name} ${shown(raw)}: ${why}`);

const ESCAPES: Record<string, string> = { '%': '%25', '|': '%7C', $: '%24', ';': '%3B', '\r': '%0D', '\n': '%0A' };
const UNESCAPES: Record<string, string> = { '25': '%', '7C': '|', '24': '$', '3B': ';', '0D': '\r', '0A': '\n' };

export const escapeText = (value: string): string => value.replace(/[%|$;\r\n]/g, (char) => ESCAPES[char]!);

/** The text an escaped field stands for; undefined when a '%' is not one of the six escapes. */
export function unescapeText(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  let valid = true;
  const text = raw.replace(/%([\s\S]{0,2})/g, (_match, code: string) => {
    const char = UNESCAPES[code.toUpperCase()];
    if (char === undefined) valid = false;
    return char ?? '';
  });
  return valid ? text : undefined;
}

/**
 * Text of at most `max` UTF-16 units (the database column's size, counted as Zod does). Only
 * `multiline` texts (obs) may hold CR, LF and tab once unescaped; no text holds other control
 * characters, which PostgreSQL (NUL) or the screens could not take.
 */
export function text(max: number, { min = 0, multiline = false }: { min?: number; multiline?: boolean } = {}): FieldCodec<string> {
  return {
    read(raw, name) {
      // The separators and line breaks only ever travel escaped: a bare one is a broken message.
      if (/[$;\r\n]/.test(raw)) return refuse('TEXTO', name, raw, 'unescaped separator or line break');
      const value = unescapeText(raw);
      if (value === undefined) return refuse('TEXTO', name, raw, 'bad escape');
      if (value.length > max) return refuse('TEXTO', name, raw, `longer than ${max}`);
      if (value.length < min) return refuse('TEXTO', name, raw, 'required');
      if (!isStorableText(value, multiline)) return refuse('TEXTO', name, raw, 'control character');
      return value;
    },
    write: escapeText,
  };
}

/** A request id: letters, digits, '_' and '-', 1 to 40 (device_fotos.pedido). */
export const PEDIDO = /^[A-Za-z0-9_-]{1,40}$/;
export const pedido: FieldCodec<string> = {
  read: (raw, name) => (PEDIDO.test(raw) ? raw : refuse('TEXTO', name, raw, 'not [A-Za-z0-9_-]{1,40}')),
  write: (value) => value,
};

/**
 * A decimal number with at most `decimals` digits after the point, in [min, max] (`above`: min
 * itself excluded). Plain digits only: no sign, exponent, spaces or bare point; more decimals
 * than allowed is refused, not rounded. Written without exponent and without trailing zeros.
 */
export function decimal(decimals: number, min: number, max: number, { above = false }: { above?: boolean } = {}): FieldCodec<number> {
  const shape = decimals === 0 ? /^\d{1,16}$/ : new RegExp(`^\\d{1,16}(\\.\\d{1,${decimals}})?$`);
  return {
    read(raw, name) {
      if (!shape.test(raw)) return refuse('NUMERO', name, raw, decimals === 0 ? 'not a whole number' : `not a number with at most ${decimals} decimal${decimals === 1 ? '' : 's'}`);
      const value = Number(raw);
      if (!Number.isFinite(value) || value > max || value < min || (above && value === min)) {
        return refuse('NUMERO', name, raw, `out of ${above ? '(' : '['}${min}, ${max}]`);
      }
      return value;
    },
    write(value) {
      const fixed = value.toFixed(decimals);
      return decimals === 0 ? fixed : fixed.replace(/0+$/, '').replace(/\.$/, '');
    },
  };
}

export const integer = (min: number, max: number) => decimal(0, min, max);

/** A whole number, or empty for none. */
export function optionalInteger(min: number, max: number): FieldCodec<number | null> {
  const inner = integer(min, max);
  return {
    read: (raw, name) => (raw === '' ? null : inner.read(raw, name)),
    write: (value) => (value === null ? '' : inner.write(value)),
  };
}

export const flag: FieldCodec<boolean> = {
  read: (raw, name) => (raw === '1' ? true : raw === '0' ? false : refuse('NUMERO', name, raw, "not '0' or '1'")),
  write: (value) => (value ? '1' : '0'),
};

/** YYYY-MM-DD, a real calendar date between 1900 and 2100 (the rule of every date in the portal). */
export const date: FieldCodec<string> = {
  read: (raw, name) => (isIsoDate(raw) ? raw : refuse('DATA', name, raw, 'not a real YYYY-MM-DD date')),
  write: (value) => value,
};

/** HH:MM:SS, 00:00:00 to 23:59:59. */
export const time: FieldCodec<string> = {
  read(raw, name) {
    const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(raw);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) > 59) return refuse('DATA', name, raw, 'not a real HH:MM:SS time');
    return raw;
  },
  write: (value) => value,
};

/** One of a fixed set of words, written as is; anything else is refused with `motivo`. */
export function oneOf<T extends string>(values: readonly T[], motivo: ProtocolRejection): FieldCodec<T> {
  return {
    read: (raw, name) => ((values as readonly string[]).includes(raw) ? (raw as T) : refuse(motivo, name, raw, `not one of ${values.join(', ')}`)),
    write: (value) => value,
  };
}

export interface Field {
  key: string;
  codec: FieldCodec<unknown>;
  /**
   * A field added to a message after devices were in use: it comes last, and a line without it
   * (an older device) still parses, the key left out of the message.
   */
  optional?: boolean;
}
export const field = <T>(key: string, codec: FieldCodec<T>): Field => ({ key, codec: codec as FieldCodec<unknown> });
/** A trailing field older devices do not send (see Field.optional). */
export const optionalField = <T>(key: string, codec: FieldCodec<T>): Field => ({ ...field(key, codec), optional: true });

/** How many raw fields a message of `fields` may have: the required ones up to all. */
export function fieldCount(fields: readonly Field[]): { min: number; max: number } {
  return { min: fields.filter((one) => !one.optional).length, max: fields.length };
}

/** Reads raw fields in order into an object; the first fault wins. The count is checked by the caller. */
export function readFields(fields: readonly Field[], raws: readonly string[]): Record<string, unknown> | Rejection {
  const record: Record<string, unknown> = {};
  for (const [index, { key, codec, optional }] of fields.entries()) {
    if (optional && index >= raws.length) break;
    const value = codec.read(raws[index]!, key);
    if (value instanceof Rejection) return value;
    record[key] = value;
  }
  return record;
}

/** The raw fields of a record; a trailing optional field whose value is undefined is not written. */
export function writeFields(fields: readonly Field[], record: Record<string, unknown>): string[] {
  const present = fields.filter(({ key, optional }) => !optional || record[key] !== undefined);
  return present.map(({ key, codec }) => codec.write(record[key]));
}

/** One item whose fields are separated by ';' (SEL's infoGeral). */
export function item(fields: readonly Field[]): FieldCodec<Record<string, unknown>> {
  return {
    read(raw, name) {
      const raws = raw.split(';');
      if (raws.length !== fields.length || raw.includes('$')) return refuse('LISTA', name, raw, `an item has ${fields.length} fields`);
      const value = readFields(fields, raws);
      return value instanceof Rejection ? new Rejection(value.motivo, `${name}: ${value.detalhe}`) : value;
    },
    write: (value) => writeFields(fields, value).join(';'),
  };
}

/** Items separated by '$', each of `fields` separated by ';'; empty is no item. min..max items. */
export function list(fields: readonly Field[], min: number, max: number): FieldCodec<Record<string, unknown>[]> {
  const one = item(fields);
  return {
    read(raw, name) {
      const raws = raw === '' ? [] : raw.split('$');
      if (raws.length < min || raws.length > max) return refuse('LISTA', name, raw, `${raws.length} items, not ${min} to ${max}`);
      const items: Record<string, unknown>[] = [];
      for (const [index, itemRaw] of raws.entries()) {
        const value = one.read(itemRaw, `${name}[${index}]`);
        if (value instanceof Rejection) return value;
        items.push(value);
      }
      return items;
    },
    write: (items) => items.map((value) => one.write(value)).join('$'),
  };
}
