import { z } from 'zod';
import { idField, integerField, textField } from './primitives.js';
import { dateField, ownerQuery, propField } from './records/common.js';

/**
 * Weighing quality (issue 20), per flock and off by default (so the section 3 statistics stay as
 * specified): a window around the weight expected for the day, asymmetric (−abaixo_pct / +acima_pct),
 * flags the weighings outside it — a partial bird (below), two birds on the plate (about twice the
 * expected weight), or simply too heavy (above) — and, while the flock's filter is on, keeps them
 * out of the weight report's statistics, the forecast and the sex split. Flagged weighings are never
 * deleted: the audit lists them with their reason. Rules: docs/quality.md; the arithmetic:
 * packages/shared/src/weighing/quality.ts.
 */
const coercedId = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());

/** Why a weighing was set aside: below the window (a bird partly on the plate), about twice the expected weight, above the window. */
export const MOTIVOS_DESCARTE = ['parcial', 'dupla', 'acima'] as const;
export type MotivoDescarte = (typeof MOTIVOS_DESCARTE)[number];
/**
 * Where a day's expected weight comes from: media_anterior — the previous weighing day's accepted
 * mean of the same sex text plus the gain since (the standard's gain over those ages, else the
 * observed one), the standard's weight on the first day; padrao — the standard's weight at the age.
 */
export const REFERENCIAS_QUALIDADE = ['media_anterior', 'padrao'] as const;

export const QUALIDADE_PADRAO = {
  ativo: false,
  abaixo_pct: 30,
  acima_pct: 15,
  /** A weighing within ±this % of twice the expected weight is two birds. */
  dupla_tolerancia_pct: 15,
  referencia: 'media_anterior',
  /** Weighings a scale is expected to make a day (the quality score's second half). */
  pesagens_dia_meta: 100,
} as const;

const janelaFields = {
  abaixo_pct: integerField({ min: 1, max: 90 }),
  acima_pct: integerField({ min: 1, max: 90 }),
};

export const qualidadeConfig = z.object({
  lote_id: z.number().int(),
  ativo: z.boolean(),
  ...janelaFields,
  dupla_tolerancia_pct: integerField({ min: 1, max: 45 }),
  referencia: z.enum(REFERENCIAS_QUALIDADE),
  pesagens_dia_meta: integerField({ min: 1, max: 100_000 }),
});
export type QualidadeConfig = z.infer<typeof qualidadeConfig>;

export const setQualidadeConfigBody = qualidadeConfig.extend({ prop: propField, lote_id: idField(), referencia: z.enum(REFERENCIAS_QUALIDADE, { error: 'FIELD_INVALID' }) });
export type SetQualidadeConfigBody = z.input<typeof setQualidadeConfigBody>;

/** A report recomputed under another window (avespesos `janela`): these percentages for every flock of the report, filter on. */
export const janelaOverride = z.object(janelaFields);

/** Accepted and flagged weighings of a group, by reason. */
export const qualidadeContagem = z.object({
  aceitas: z.number().int(),
  parcial: z.number().int(),
  dupla: z.number().int(),
  acima: z.number().int(),
});
export type QualidadeContagem = z.infer<typeof qualidadeContagem>;

/** One flock-day-sex's window, in grams (1 dp); both edges accepted. Null edges: no reference, all accepted. */
export const janelaDia = z.object({
  referencia: z.enum([...REFERENCIAS_QUALIDADE, 'sem_referencia']),
  esperado_g: z.number().nullable(),
  baixo_g: z.number().nullable(),
  alto_g: z.number().nullable(),
  dupla_baixo_g: z.number().nullable(),
  dupla_alto_g: z.number().nullable(),
});
export type JanelaDia = z.infer<typeof janelaDia>;

export const qualidadeQuery = ownerQuery.extend({
  lote_id: coercedId,
  /** Default: from placement to the closing day or the owner's today. */
  di: dateField.optional(),
  df: dateField.optional(),
});

export const qualidadeResponse = z.object({
  config: qualidadeConfig,
  lote_id: z.number().int(),
  codigo: z.string(),
  di: z.string(),
  df: z.string(),
  /** Per weighing day and sex text: the window and what it accepted and set aside (computed whether the filter is on or not). */
  dias: z.array(
    janelaDia.extend({
      data: z.string(),
      idade: z.number().int().nullable(),
      sexo: z.string(),
      aves: z.number().int(),
      ...qualidadeContagem.shape,
    }),
  ),
  /** Per scale and day: weighings, accepted share, and the day's score (0–100: accepted share × min(1, weighings ÷ pesagens_dia_meta)). */
  balancas: z.array(
    z.object({
      serie_balanca: z.string(),
      dias: z.array(z.object({ data: z.string(), aves: z.number().int(), aceitas: z.number().int(), aceitas_pct: z.number(), nota: z.number() })),
    }),
  ),
});
export type Qualidade = z.infer<typeof qualidadeResponse>;

export const descartadasQuery = ownerQuery.extend({
  lote_id: coercedId,
  data: dateField,
  serie_balanca: textField({ max: 40 }).optional(),
  motivo: z.enum(MOTIVOS_DESCARTE, { error: 'FIELD_INVALID' }).optional(),
});
/** Most flagged weighings one audit answer lists (the counts are always whole). */
export const DESCARTADAS_MAX = 2_000;
export const descartadasResponse = z.object({
  lote_id: z.number().int(),
  data: z.string(),
  total: z.number().int(),
  pesagens: z.array(
    z.object({
      hora: z.string(),
      aviario: z.string(),
      lado: z.string(),
      box: z.string(),
      sexo: z.string(),
      serie_balanca: z.string(),
      peso: z.number(),
      motivo: z.enum(MOTIVOS_DESCARTE),
      esperado_g: z.number(),
    }),
  ),
});
export type Descartadas = z.infer<typeof descartadasResponse>;
