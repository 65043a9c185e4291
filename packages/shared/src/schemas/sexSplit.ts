import { z } from 'zod';
import { idField, textField } from './primitives.js';
import { dateField, ownerQuery } from './records/common.js';

/**
 * Sex split of a mixed weighing (issue 20): a two-component normal mixture fitted by EM to the
 * weights of one box, one house-day or one flock-day whose sex is mixed ('X', 'Misto', 'mixed'… or
 * empty), constrained by the expected male/female weight ratio and, when known, the placed sex
 * ratio. Method: docs/sex-split.md; the arithmetic: packages/shared/src/sexsplit/.
 */
const coercedId = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());

export const separacaoSexoQuery = ownerQuery
  .extend({
    lote_id: coercedId,
    data: dateField,
    /** A house-day: the weighings of this house (category) only; with lado and box, one box. */
    aviario: textField({ max: 40 }).optional(),
    lado: textField({ max: 40 }).optional(),
    box: textField({ max: 40 }).optional(),
    /** The report box's sex text (default: every text read as mixed, and empty); must read as mixed or be empty. */
    sexo: textField({ max: 20 }).optional(),
  })
  .superRefine((query, context) => {
    // A box is named down from its house: a side without its house, or a box without its side, names nothing.
    if (query.lado !== undefined && query.aviario === undefined) context.addIssue({ code: 'custom', path: ['aviario'], message: 'FIELD_REQUIRED' });
    if (query.box !== undefined && query.lado === undefined) context.addIssue({ code: 'custom', path: ['lado'], message: 'FIELD_REQUIRED' });
  });
export type SeparacaoSexoQuery = z.input<typeof separacaoSexoQuery>;

/**
 * ok: two groups found; poucas_aves: fewer birds than SEPARACAO_AVES_MINIMAS; um_grupo: the weights
 * do not support two groups (one normal explains them as well, or the groups overlap too much to be
 * told apart); razao_incompativel: two groups, but their weight ratio is far from the one expected
 * for the breed and age.
 */
export const SEPARACAO_SITUACOES = ['ok', 'poucas_aves', 'um_grupo', 'razao_incompativel'] as const;
/** Fewest birds a split is tried on. */
export const SEPARACAO_AVES_MINIMAS = 100;

export const separacaoSexoGrupo = z.object({
  sexo: z.enum(['macho', 'femea']),
  /** Share of the birds (%, 2 dp) and the birds that share is (rounded). */
  proporcao_pct: z.number(),
  aves: z.number().int(),
  peso_medio_g: z.number(),
  desvio_g: z.number(),
  cv_pct: z.number(),
  /** Birds of the group within ±10 % of its mean (%, 2 dp), from its fitted normal curve. */
  uniformidade_pct: z.number(),
});

export const separacaoSexoResponse = z.object({
  lote_id: z.number().int(),
  data: z.string(),
  aviario: z.string().nullable(),
  lado: z.string().nullable(),
  box: z.string().nullable(),
  idade: z.number().int().nullable(),
  /** Birds the split was tried on, and their mean (g). */
  aves: z.number().int(),
  peso_medio_g: z.number().nullable(),
  situacao: z.enum(SEPARACAO_SITUACOES),
  /**
   * How surely a bird is told apart: the mean, over the birds, of the larger of its two group
   * probabilities (%, 2 dp; 50 = a coin toss, 100 = no overlap); null when refused.
   */
  confianca_pct: z.number().nullable(),
  /** Separation of the two groups in pooled standard deviations (Ashman's D); null when refused. */
  separacao_d: z.number().nullable(),
  /** Male ÷ female mean weight the fit was held to, and where it came from; null: left free within bounds. */
  razao_esperada: z.number().nullable(),
  razao_fonte: z.enum(['padroes', 'livre']),
  /** The placed birds' male share (%) when the flock placed sexes apart; null when unknown. */
  macho_alojado_pct: z.number().nullable(),
  /** Male then female; empty when refused. */
  sexos: z.array(separacaoSexoGrupo),
});
export type SeparacaoSexo = z.infer<typeof separacaoSexoResponse>;
