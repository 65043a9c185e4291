import { z } from 'zod';
import { decimalField, idField } from './primitives.js';
import { dateField, ownerQuery } from './records/common.js';

/**
 * Growth forecast (issue 20): a Gompertz curve W(t) = A·exp(−B·e^(−k·t)) fitted to a flock's daily
 * means (weighted by birds weighed), anchored on its breed standard while few days are weighed, with
 * P10/P50/P90 bands. Method and published accuracy: docs/forecast.md; the arithmetic:
 * packages/shared/src/forecast/.
 */
const coercedId = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());

/** Heaviest target weight a forecast accepts (g): a broiler breeder hen is ~5 kg. */
export const PREVISAO_ALVO_MAX_G = 20_000;

export const previsaoQuery = ownerQuery.extend({
  lote_id: coercedId,
  /** Target weight (g); default: the account's reference weight (getconfigdesempenho's peso_referencia_g). */
  alvo_g: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(decimalField({ min: 1, max: PREVISAO_ALVO_MAX_G, step: 0.1 })).optional(),
  /** The day whose weight is asked; default: the flock's closing day when closed, else the owner's today + 7. */
  data: dateField.optional(),
});
export type PrevisaoQuery = z.input<typeof previsaoQuery>;

/** Who a curve is fitted to: the whole flock, or the weighings of one sex (their sexo text read as macho, fêmea or misto). */
export const PREVISAO_GRUPOS = ['lote', 'macho', 'femea', 'misto'] as const;
/**
 * ok: trusted; sem_pesagens: no weighing day; poucos_dias: too few weighing days for the curve (see
 * dias_minimos); ajuste_ruim: the curve misses the days it was fitted to (rmse_pct above the limit) or
 * did not converge; intervalo_largo: the P10–P90 width at the asked day is too wide to plan on.
 */
export const PREVISAO_SITUACOES = ['ok', 'sem_pesagens', 'poucos_dias', 'ajuste_ruim', 'intervalo_largo'] as const;

const quantis = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });
const diaPrevisto = z.object({ data: z.string(), idade: z.number().int() });

export const previsaoPonto = z.object({
  idade: z.number().int(),
  data: z.string(),
  /** Forecast mean weight (g, 1 dp); null when the group's curve is not trusted. */
  p10: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  /** The standard's weight at that age (g), null when it does not cover it. */
  padrao: z.number().nullable(),
  /** The weighing day's mean (g) and birds weighed, null on days without weighings. */
  observado: z.number().nullable(),
  aves: z.number().int().nullable(),
});

export const previsaoGrupo = z.object({
  grupo: z.enum(PREVISAO_GRUPOS),
  situacao: z.enum(PREVISAO_SITUACOES),
  /** Weighing days and birds the fit used. */
  dias_pesagem: z.number().int(),
  aves_pesadas: z.number().int(),
  /** Weighing days needed before a curve is given (with or without a standard to anchor on). */
  dias_minimos: z.number().int(),
  /** The latest weighing day used. */
  ultima_data: z.string().nullable(),
  /** Share of the fit that still comes from the standard (0–100 %; 0 without one), falling as days accumulate. */
  peso_padrao_pct: z.number(),
  /** The standard the curve was anchored on (the flock's, or the account's of that breed and sex). */
  padrao: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  /** The fitted curve (A in g) and how far it misses the weighed days (weighted by birds); null without a fit. */
  ajuste: z.object({ A_g: z.number(), B: z.number(), k: z.number(), rmse_g: z.number(), rmse_pct: z.number() }).nullable(),
  /** Weight expected on the asked day (g, 1 dp); null when not trusted. */
  peso_na_data: quantis.extend({ data: z.string(), idade: z.number().int() }).nullable(),
  /**
   * The day the target weight is reached: p10 the earliest (10 % of the curves reach it by then), p90
   * the latest; null when not trusted or not reached before the horizon. ja_atingido: the latest
   * weighed mean is already at or above the target.
   */
  alvo: z.object({ ja_atingido: z.boolean(), p10: diaPrevisto.nullable(), p50: diaPrevisto.nullable(), p90: diaPrevisto.nullable() }).nullable(),
  /** Every day from placement (age 0) to the horizon. */
  curva: z.array(previsaoPonto),
});

export const previsaoResponse = z.object({
  lote_id: z.number().int(),
  codigo: z.string(),
  data_alojamento: z.string(),
  /** The owner's today, and the flock's age on it (at closing for a closed flock). */
  hoje: z.string(),
  idade: z.number().int(),
  /** The target (g) and the asked day actually used. */
  alvo_g: z.number(),
  data: z.string(),
  /** Last day of the curves: the closing day of a closed flock, else the latest of the standard's last age, the asked day and the target's p90 (≤ 200 days). */
  horizonte: z.string(),
  /** Whole flock first, then each sex that has weighings (macho, femea, misto). */
  grupos: z.array(previsaoGrupo),
});
export type Previsao = z.infer<typeof previsaoResponse>;
export type PrevisaoGrupo = z.infer<typeof previsaoGrupo>;
export type PrevisaoPonto = z.infer<typeof previsaoPonto>;
