import { z } from 'zod';
import { idField } from '../primitives.js';
import { nameOf, notesField, optionalIdField, propField, textFieldPiped, timestamp } from './common.js';

/** Collector serials are letters, digits, dot, dash and underscore. */
export const SERIAL_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * A collection point (pontocoleta): where ground collectors (COLETOR devices) are read.
 * `serie_coletores` is the pipe-separated list of their serials (spec section 3); each must be
 * a COLETOR of the same owner.
 */
export const registerPontoColetaBody = z.object({
  id: idField().optional(),
  prop: propField,
  nome: nameOf(80),
  nucleo_id: optionalIdField,
  aviario_id: optionalIdField,
  serie_coletores: textFieldPiped,
  obs: notesField,
});
export type RegisterPontoColetaBody = z.input<typeof registerPontoColetaBody>;

export const delPontoColetaBody = z.object({ idponto: idField(), prop: propField });

export const pontoColeta = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  nucleo_id: z.number().int().nullable(),
  nucleo_nome: z.string().nullable(),
  aviario_id: z.number().int().nullable(),
  aviario_nome: z.string().nullable(),
  serie_coletores: z.string(),
  coletores: z.array(z.object({ device_id: z.number().int(), serie: z.string(), nome: z.string() })),
  obs: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PontoColeta = z.infer<typeof pontoColeta>;
export const pontoColetaList = z.array(pontoColeta);
