import { z } from 'zod';
import { idField } from '../primitives.js';
import { fechamento } from '../performance/daily.js';
import { countField, dateField, idListField, nameOf, notesField, optionalIdField, optionalText, propField, timestamp } from './common.js';

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
  /** Deaths per day and cause over all the flock's houses, from the daily house records (getdiario). */
  mortalidade: z.array(z.object({ data: z.string(), aves: z.number().int(), causa: z.string() })),
  aves_alojadas: z.number().int(),
  /** Σ deaths of the daily records. */
  mortalidade_total: z.number().int(),
  /** Σ culls (eliminados) of the daily records. */
  eliminados_total: z.number().int(),
  /** Placed − deaths − culls + birds moved in − moved out (transfers between its own houses cancel). */
  aves_atuais: z.number().int(),
  /** What was delivered at close-out (registerfechamento); null while not closed out. */
  fechamento: fechamento.nullable(),
  /** Days since placement in the owner's time zone (at closing for a closed flock); null without a placement date. */
  idade: z.number().int().nullable(),
  situacao: z.enum(['ativo', 'encerrado']),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Lote = z.infer<typeof lote>;
export const loteList = z.array(lote);
