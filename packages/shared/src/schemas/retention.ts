import { z } from 'zod';
import { propField } from './records/common.js';
import { integerField } from './primitives.js';

/**
 * How long an account keeps its devices' readings (silo scales, trough monitors, dosers,
 * collectors; issue 23): the raw readings for `leituras_dias`, then per-minute summaries for
 * RESUMO_MINUTOS_DIAS, per-hour summaries for as long as the device exists. Reports read the
 * finest level kept for the period asked (docs/data-model.md, "Retention and rollups").
 */
export const LEITURAS_RETENCAO_PADRAO_DIAS = 90;
export const LEITURAS_RETENCAO_MIN_DIAS = 30;
export const LEITURAS_RETENCAO_MAX_DIAS = 730;
/** Per-minute summaries are kept this long (never less than the raw readings they replace). */
export const RESUMO_MINUTOS_DIAS = 730;

export const retencaoDiasField = integerField({ min: LEITURAS_RETENCAO_MIN_DIAS, max: LEITURAS_RETENCAO_MAX_DIAS });

/** setretencao: the owner's own setting (a grantee may read it, never change it). */
export const setRetencaoBody = z.object({ leituras_dias: retencaoDiasField, prop: propField });
export type SetRetencaoBody = z.input<typeof setRetencaoBody>;

/** getretencao and setretencao's answer: the account's setting and the limits it may take. */
export const retencao = z.object({
  leituras_dias: z.number().int(),
  /** True while the account has not chosen (the default applies). */
  padrao: z.boolean(),
  padrao_dias: z.number().int(),
  minimo_dias: z.number().int(),
  maximo_dias: z.number().int(),
  resumo_minutos_dias: z.number().int(),
});
export type Retencao = z.infer<typeof retencao>;
