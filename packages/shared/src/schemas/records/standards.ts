import { z } from 'zod';
import { decimalField, idField, integerField } from '../primitives.js';
import { nameOf, optionalText, propField, timestamp } from './common.js';

export const SEXOS_PADRAO = ['misto', 'macho', 'femea'] as const;
export type SexoPadrao = (typeof SEXOS_PADRAO)[number];

export const MAX_IDADE_PADRAO = 200;

/**
 * One day of age of a standard: weight in grams (1 decimal), and where known daily gain, feed
 * conversion, cumulative feed and cumulative mortality (% of the birds placed, the standard's
 * mortality curve the flock indicators compare against).
 */
export const pontoPadrao = z.object({
  idade: integerField({ min: 0, max: MAX_IDADE_PADRAO }),
  peso: decimalField({ min: 0, max: 20_000, step: 0.1 }),
  ganho_diario: decimalField({ min: -1_000, max: 1_000, step: 0.1 }).nullable().default(null),
  conversao: decimalField({ min: 0, max: 20, step: 0.001 }).nullable().default(null),
  consumo_acumulado: decimalField({ min: 0, max: 100_000, step: 0.1 }).nullable().default(null),
  mortalidade_pct: decimalField({ min: 0, max: 100, step: 0.01 }).nullable().default(null),
});
export type PontoPadrao = z.infer<typeof pontoPadrao>;

export const registerPadraoBody = z.object({
  id: idField().optional(),
  prop: propField,
  nome: nameOf(80),
  linhagem: nameOf(60),
  edicao: optionalText(20),
  sexo: z.enum(SEXOS_PADRAO, { error: 'FIELD_INVALID' }).default('misto'),
  fonte: optionalText(300),
  pontos: z
    .array(pontoPadrao, { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(MAX_IDADE_PADRAO + 1, { error: 'FIELD_TOO_LONG' })
    .refine((points) => new Set(points.map((point) => point.idade)).size === points.length, { error: 'DUPLICATE_AGE' }),
});
export type RegisterPadraoBody = z.input<typeof registerPadraoBody>;

export const delPadraoBody = z.object({ idpadrao: idField(), prop: propField });

export const padrao = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  linhagem: z.string(),
  edicao: z.string(),
  sexo: z.enum(SEXOS_PADRAO),
  fonte: z.string(),
  pontos: z.array(
    z.object({
      idade: z.number().int(),
      peso: z.number(),
      ganho_diario: z.number().nullable(),
      conversao: z.number().nullable(),
      consumo_acumulado: z.number().nullable(),
      mortalidade_pct: z.number().nullable(),
    }),
  ),
  /** Flocks judged against this standard. */
  lotes: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Padrao = z.infer<typeof padrao>;
export const padraoList = z.array(padrao);

/** A published breed standard offered as a starting point (getpadrao_presets). */
export const padraoPreset = z.object({
  chave: z.string(),
  nome: z.string(),
  linhagem: z.string(),
  edicao: z.string(),
  sexo: z.enum(SEXOS_PADRAO),
  fonte: z.string(),
  pontos: z.array(padrao.shape.pontos.element),
});
export type PadraoPreset = z.infer<typeof padraoPreset>;
export const padraoPresetList = z.array(padraoPreset);
