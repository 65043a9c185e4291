import { z } from 'zod';
import { CSV_SEPARATORS } from '../constants.js';
import { propField } from './records/common.js';

/**
 * Manual import (screen importacao, POST /api/importacao, multipart with the file in `file`).
 * Other multipart fields: prop, dry_run ('true'/'false'), create_missing ('true'/'false'),
 * separador (';' ',' or tab; default the user's separador_csv), decimal (',' or '.'; default: guessed).
 */

/** The section 3 weighing fields a column may be read as. */
export const IMPORT_FIELDS = [
  'data',
  'hora',
  'nucleo',
  'lote',
  'aviario',
  'lado',
  'box',
  'sexo',
  'peso',
  'idade_lote',
  'linha',
  'score',
  'serie_balanca',
  'obs',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Columns a file must have. */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['data', 'nucleo', 'lote', 'peso'];

/** Why a row was refused; the web translates each (locale key importacao.motivos.<code>). */
export const IMPORT_ROW_REASONS = [
  'COLUMN_COUNT',
  'DATE_INVALID',
  'TIME_INVALID',
  'WEIGHT_INVALID',
  'NUMBER_INVALID',
  'VALUE_REQUIRED',
  'VALUE_TOO_LONG',
  'VALUE_INVALID_CHARACTERS',
  'NUCLEO_NOT_FOUND',
  'LOTE_NOT_FOUND',
  'LOTE_OTHER_NUCLEO',
  'NUCLEO_OUT_OF_REACH',
  /** The farm text names two or more of the owner's farms (a shared name or code): which one is meant is not guessed. */
  'NUCLEO_AMBIGUOUS',
  /** The CSV text itself is broken on that row (an unclosed quote, a row over 64 KB). */
  'ROW_MALFORMED',
] as const;
export type ImportRowReason = (typeof IMPORT_ROW_REASONS)[number];

export const importRejeitada = z.object({
  /** 1-based line number in the file (the header is line 1). */
  linha: z.number().int(),
  motivo: z.enum(IMPORT_ROW_REASONS),
  /** The column (field name) at fault, when there is one. */
  campo: z.string().nullable(),
  /** The value as read from the file. */
  valor: z.string(),
});
export type ImportRejeitada = z.infer<typeof importRejeitada>;

export const importPreviewRow = z.object({
  linha: z.number().int(),
  data: z.string(),
  hora: z.string(),
  nucleo: z.string(),
  lote: z.string(),
  aviario: z.string(),
  lado: z.string(),
  box: z.string(),
  sexo: z.string(),
  peso: z.number(),
  idade_lote: z.number().int().nullable(),
  linha_genetica: z.string(),
  score: z.number().int().nullable(),
  serie_balanca: z.string(),
  obs: z.string(),
});

export const importResponse = z.object({
  dry_run: z.boolean(),
  arquivo: z.string(),
  separador: z.string(),
  decimal: z.string(),
  /** Each header cell and the field it was read as (null: ignored). */
  colunas: z.array(z.object({ coluna: z.string(), campo: z.enum(IMPORT_FIELDS).nullable() })),
  linhas: z.number().int(),
  validas: z.number().int(),
  /** The first rows as they would be stored. */
  amostra: z.array(importPreviewRow),
  /** Every refused row up to 1000 (rejeitadasTotal counts them all). */
  rejeitadas: z.array(importRejeitada),
  rejeitadasTotal: z.number().int(),
  /** Farms and flocks the file names that the owner lacks (created only with create_missing). */
  faltantes: z.object({ nucleos: z.array(z.string()), lotes: z.array(z.object({ nucleo: z.string(), lote: z.string() })) }),
  /** Set when stored: the import's id and how many weighings it stored. */
  importacao_id: z.number().int().nullable(),
  importadas: z.number().int(),
});
export type ImportResponse = z.infer<typeof importResponse>;

/** Largest file the portal takes by default (bytes; the server setting IMPORT_MAX_MB); a larger upload answers PAYLOAD_TOO_LARGE. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Decimal marks a file may use for peso. */
export const IMPORT_DECIMALS = [',', '.'] as const;
/** Rows of the preview (amostra) and refused rows listed (rejeitadas) at most. */
export const IMPORT_SAMPLE_ROWS = 20;
export const IMPORT_REJECTED_LISTED = 1000;

const flag = z.enum(['true', 'false'], { error: 'FIELD_INVALID' }).default('false').transform((value) => value === 'true');

/**
 * The text fields of the multipart form (the file travels in `file`). `separador` also takes
 * 'tab' (a tab is awkward to type in a form); absent, the user's separador_csv or the one the
 * header line shows. `decimal` absent: guessed from the peso column.
 */
export const importFormFields = z.object({
  prop: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(propField.unwrap()).optional(),
  dry_run: flag,
  create_missing: flag,
  separador: z
    .enum([...CSV_SEPARATORS, 'tab'], { error: 'FIELD_INVALID' })
    .transform((value) => (value === 'tab' ? '\t' : value))
    .optional(),
  decimal: z.enum(IMPORT_DECIMALS, { error: 'FIELD_INVALID' }).optional(),
});
export type ImportFormFields = z.input<typeof importFormFields>;

/** Documents the multipart body in the OpenAPI document (the route reads it as a stream). */
export const importFormBody = z.object({
  file: z.string().meta({ format: 'binary', description: 'The CSV or TXT file' }),
  prop: z.string().optional(),
  dry_run: z.enum(['true', 'false']).optional(),
  create_missing: z.enum(['true', 'false']).optional(),
  separador: z.enum([...CSV_SEPARATORS, 'tab']).optional(),
  decimal: z.enum(IMPORT_DECIMALS).optional(),
});

/** IMPORT_REJECTED (422): the error body carries the whole preview, refused rows listed. */
export const importRejectedBody = z.object({
  code: z.literal('IMPORT_REJECTED'),
  message: z.string(),
  importacao: importResponse,
});
export type ImportRejectedBody = z.infer<typeof importRejectedBody>;
