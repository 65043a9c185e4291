import { z } from 'zod';
import { idField, integerField } from '../primitives.js';
import { countField, dateField, idListField, nameOf, notesField, optionalIdField, optionalText, propField, timestamp } from './common.js';

export const mortalidadeInput = z.object({
  data: dateField,
  aves: integerField({ min: 1, max: 10_000_000 }),
  causa: optionalText(120),
});
export type MortalidadeInput = z.input<typeof mortalidadeInput>;

/**
 * A flock (lote): placed on one farm in one or more houses, judged against a standard.
 * Dates are YYYY-MM-DD; a flock may be recorded before its placement date is known.
 */
export const registerLoteBody = z.object({
  id: idField().optional(),
  prop: propField,
  codigo: nameOf(40),
  nucleo_id: idField(),
  aviarios: idListField({ min: 1, max: 200 }),
  data_alojamento: dateField.nullable().default(null),
  linhagem: optionalText(60),
  padrao_id: optionalIdField,
  aves_macho: countField().default(0),
  aves_femea: countField().default(0),
  aves_misto: countField().default(0),
  data_encerramento: dateField.nullable().default(null),
  obs: notesField,
  mortalidade: z.array(mortalidadeInput, { error: 'FIELD_INVALID' }).max(2000, { error: 'FIELD_TOO_LONG' }).default([]),
});
export type RegisterLoteBody = z.input<typeof registerLoteBody>;

export const delLoteBody = z.object({ idlote: idField(), prop: propField });

export const lote = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  codigo: z.string(),
  nucleo_id: z.number().int(),
  nucleo_nome: z.string(),
  aviarios: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  data_alojamento: z.string().nullable(),
  linhagem: z.string(),
  padrao_id: z.number().int().nullable(),
  padrao_nome: z.string().nullable(),
  aves_macho: z.number().int(),
  aves_femea: z.number().int(),
  aves_misto: z.number().int(),
  data_encerramento: z.string().nullable(),
  obs: z.string(),
  mortalidade: z.array(z.object({ data: z.string(), aves: z.number().int(), causa: z.string() })),
  aves_alojadas: z.number().int(),
  mortalidade_total: z.number().int(),
  aves_atuais: z.number().int(),
  /** Days since placement in the owner's time zone (at closing for a closed flock); null without a placement date. */
  idade: z.number().int().nullable(),
  situacao: z.enum(['ativo', 'encerrado']),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Lote = z.infer<typeof lote>;
export const loteList = z.array(lote);
