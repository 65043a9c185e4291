import { z } from 'zod';
import { idField, textField } from './primitives.js';
import { clientUidField } from './performance/daily.js';
import { dateField, propField, timeOfDayField } from './records/common.js';
import { PESO_MAX_G } from './weighings.js';

/**
 * A manual weighing (issue 18): a few birds weighed by hand in one house, typed in the shed (maybe
 * offline, sent later by the browser's queue). Stored as ordinary weighings, so reports and charts
 * see them; `uid`, made by the browser, makes a re-send harmless.
 */

/** Most birds one manual weighing may carry. */
export const PESAGEM_MANUAL_MAX_AVES = 500;
/** The scale series manual weighings are stored under (the weighings' serie_balanca). */
export const SERIE_BALANCA_MANUAL = 'MANUAL';
export const SEXOS_PESAGEM_MANUAL = ['macho', 'femea', 'misto'] as const;
export type SexoPesagemManual = (typeof SEXOS_PESAGEM_MANUAL)[number];

/** Grams with at most one decimal (the weighings keep tenths of a gram). */
const tenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
export const pesoManualField = z
  .number({ error: 'FIELD_INVALID' })
  .gt(0, { error: 'FIELD_OUT_OF_RANGE' })
  .max(PESO_MAX_G, { error: 'FIELD_OUT_OF_RANGE' })
  .refine(tenths, { error: 'FIELD_INVALID' });

export const registerPesagemManualBody = z.object({
  prop: propField,
  uid: clientUidField,
  lote_id: idField(),
  aviario_id: idField(),
  data: dateField,
  hora: timeOfDayField.default('12:00'),
  sexo: z.enum(SEXOS_PESAGEM_MANUAL, { error: 'FIELD_INVALID' }),
  pesos: z
    .array(pesoManualField, { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(PESAGEM_MANUAL_MAX_AVES, { error: 'FIELD_TOO_LONG' }),
  obs: textField({ max: 200, multiline: true }).default(''),
});
export type RegisterPesagemManualBody = z.input<typeof registerPesagemManualBody>;

export const pesagemManualResponse = z.object({
  uid: z.string(),
  aves: z.number().int(),
  /** Mean of the weights, grams with 1 decimal. */
  peso_medio_g: z.number(),
  /** True when this uid was stored before: nothing was stored now. */
  repetido: z.boolean(),
});
export type PesagemManualResponse = z.infer<typeof pesagemManualResponse>;
