import { z } from 'zod';
import { decimalField, idField, integerField, textField } from '../primitives.js';
import { countField, dateField, notesField, ownerQuery, propField, timestamp } from '../records/common.js';

/**
 * Daily house records (issue 18): per flock, house and day, what the grower writes in the shed —
 * deaths by cause, culls, birds moved in or out, water, temperatures. One record per flock, house
 * and day: a second write of the same day updates it and leaves a line in its history.
 */

/** The causes of death an account starts with (codes; the screens translate them, custom causes show as typed). */
export const CAUSAS_MORTALIDADE_PADRAO = ['morte_subita', 'ascite', 'locomotor', 'onfalite', 'respiratorio', 'desidratacao', 'outras'] as const;
/** What the flock's old single mortality list migrates to when its entry named no cause. */
export const CAUSA_SEM_CAUSA = 'sem_causa';

/** Corrected feed conversion: to this reference weight, with this many points per 100 g of difference (defaults; set per account). */
export const PESO_REFERENCIA_CA_PADRAO_G = 2500;
export const PONTOS_CA_POR_100G_PADRAO = 0.02;

const causaField = textField({ min: 1, max: 40 });
/** A client-generated UUID: a write sent twice (offline queue, lost answer) is stored once. */
export const clientUidField = z.string({ error: 'FIELD_INVALID' }).regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, { error: 'FIELD_INVALID' });

const unique = (values: string[]) => new Set(values.map((value) => value.toLocaleLowerCase('pt-BR'))).size === values.length;

export const mortalidadeCausa = z.object({ causa: causaField, aves: integerField({ min: 1, max: 1_000_000 }) });

export const registerDiarioBody = z.object({
  prop: propField,
  uid: clientUidField.optional(),
  lote_id: idField(),
  aviario_id: idField(),
  data: dateField,
  mortalidade: z
    .array(mortalidadeCausa, { error: 'FIELD_INVALID' })
    .max(30, { error: 'FIELD_TOO_LONG' })
    .refine((entries) => unique(entries.map((entry) => entry.causa)), { error: 'FIELD_INVALID' })
    .default([]),
  eliminados: countField(1_000_000).default(0),
  /** Birds moved into / out of this house that day (transfers, not placement or delivery). */
  entradas: countField(1_000_000).default(0),
  saidas: countField(1_000_000).default(0),
  agua_l: decimalField({ min: 0, max: 1_000_000, step: 0.1 }).nullable().default(null),
  temp_min: decimalField({ min: -30, max: 60, step: 0.1 }).nullable().default(null),
  temp_max: decimalField({ min: -30, max: 60, step: 0.1 }).nullable().default(null),
  obs: notesField,
});
export type RegisterDiarioBody = z.input<typeof registerDiarioBody>;

export const getDiarioQuery = ownerQuery.extend({
  lote_id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()),
  di: dateField.optional(),
  df: dateField.optional(),
});
export type GetDiarioQuery = z.input<typeof getDiarioQuery>;

export const delDiarioBody = z.object({ prop: propField, id: idField() });

/** One change of a daily record: who, when, and each field's value before and after (as text). */
export const diarioAlteracao = z.object({
  em: timestamp,
  por: z.string(),
  campos: z.array(z.object({ campo: z.string(), antes: z.string().nullable(), depois: z.string().nullable() })),
});

export const diario = z.object({
  id: z.number().int(),
  lote_id: z.number().int(),
  aviario_id: z.number().int(),
  aviario_nome: z.string(),
  data: z.string(),
  /** Flock age that day; null without a placement date. */
  idade: z.number().int().nullable(),
  mortalidade: z.array(z.object({ causa: z.string(), aves: z.number().int() })),
  /** Σ mortalidade[].aves. */
  mortos: z.number().int(),
  eliminados: z.number().int(),
  entradas: z.number().int(),
  saidas: z.number().int(),
  agua_l: z.number().nullable(),
  temp_min: z.number().nullable(),
  temp_max: z.number().nullable(),
  obs: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  /** Name (else e-mail) of who wrote it last. */
  updated_by: z.string(),
  /** Every write after the first, newest first. */
  historico: z.array(diarioAlteracao),
});
export type Diario = z.infer<typeof diario>;
export const diarioList = z.array(diario);

/** The account's flock-performance settings: causes of death offered, corrected-FCR reference. */
export const configDesempenho = z.object({
  prop: z.number().int(),
  causas: z.array(z.string()),
  peso_referencia_g: z.number().int(),
  pontos_100g: z.number(),
});
export type ConfigDesempenho = z.infer<typeof configDesempenho>;

export const setConfigDesempenhoBody = z.object({
  prop: propField,
  causas: z
    .array(causaField, { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(30, { error: 'FIELD_TOO_LONG' })
    .refine(unique, { error: 'FIELD_INVALID' }),
  peso_referencia_g: integerField({ min: 500, max: 6000 }),
  pontos_100g: decimalField({ min: 0, max: 0.5, step: 0.001 }),
});
export type SetConfigDesempenhoBody = z.input<typeof setConfigDesempenhoBody>;

/** Close-out of a flock: the closing date and what was delivered to the slaughterhouse. */
export const registerFechamentoBody = z.object({
  prop: propField,
  lote_id: idField(),
  data: dateField,
  aves_entregues: countField(),
  kg_entregues: decimalField({ min: 0, max: 100_000_000, step: 0.1 }),
  /**
   * Feed the flock ate by the integrator's accounts (deliveries minus what was left), when known:
   * the close-out's FCR uses it instead of the silos' measured consumption.
   */
  racao_kg: decimalField({ min: 0, max: 100_000_000, step: 0.1 }).nullable().default(null),
  obs: textField({ max: 2000, multiline: true }).default(''),
});
export type RegisterFechamentoBody = z.input<typeof registerFechamentoBody>;

export const fechamento = z.object({
  data: z.string(),
  aves_entregues: z.number().int(),
  kg_entregues: z.number(),
  /** kg_entregues ÷ aves_entregues in grams (1 decimal); null with no birds delivered. */
  peso_medio_g: z.number().nullable(),
  racao_kg: z.number().nullable(),
  obs: z.string(),
});
export type Fechamento = z.infer<typeof fechamento>;
