import { z } from 'zod';
import { decimalField, idField } from '../primitives.js';
import { dateField, idListField, nameOf, notesField, optionalIdField, optionalText, propField, timestamp } from './common.js';

/** Quantities are kilograms with 1 decimal (spec section 9: silo balance 1 decimal). */
export const kgField = (min: number) => decimalField({ min, max: 10_000_000, step: 0.1 });

export const registerSiloBody = z.object({
  id: idField().optional(),
  prop: propField,
  nome: nameOf(60),
  nucleo_id: idField(),
  capacidade_kg: kgField(0),
  tipo_racao: optionalText(60),
  /** The silo scale (BSILO, SPSILO, SILO, SEQ, SEQFC or FC) weighing it, if any. */
  device_id: optionalIdField,
  aviarios: idListField({ max: 200 }).default([]),
  obs: notesField,
});
export type RegisterSiloBody = z.input<typeof registerSiloBody>;

export const delSiloBody = z.object({ idsilo: idField(), prop: propField });

export const SILO_DEVICE_MODELS = ['BSILO', 'SPSILO', 'SILO', 'SEQ', 'SEQFC', 'FC'] as const;

export const silo = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  nucleo_id: z.number().int(),
  nucleo_nome: z.string(),
  capacidade_kg: z.number(),
  tipo_racao: z.string(),
  device_id: z.number().int().nullable(),
  device_nome: z.string().nullable(),
  aviarios: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  obs: z.string(),
  /** Sum of the movements, kg, 1 decimal. */
  saldo_kg: z.number(),
  ultimo_movimento: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Silo = z.infer<typeof silo>;
export const siloList = z.array(silo);

/**
 * Feed movements (route silos/{id}/{mov}, mov being the kind): a delivery (entrada) adds, a
 * consumption (consumo) takes away, a transfer (transferencia) moves feed to another silo, an
 * adjustment (ajuste) corrects the balance after a physical count (may be negative).
 */
export const MOVIMENTO_TIPOS = ['entrada', 'consumo', 'transferencia', 'ajuste'] as const;
export type MovimentoTipo = (typeof MOVIMENTO_TIPOS)[number];

/** A movement's quantity, kg with 1 decimal (its sign rules are the movement's: registerSiloMovBody, confirmEntregaBody). */
export const movementQuantityField = decimalField({ min: -10_000_000, max: 10_000_000, step: 0.1 });

export const registerSiloMovBody = z
  .object({
    prop: propField,
    idsilo: idField(),
    tipo: z.enum(MOVIMENTO_TIPOS, { error: 'FIELD_INVALID' }),
    data: dateField,
    quantidade_kg: movementQuantityField,
    silo_destino_id: optionalIdField,
    nota_fiscal: optionalText(40),
    obs: notesField,
  })
  .superRefine((body, context) => {
    if (body.tipo !== 'ajuste' && body.quantidade_kg <= 0) {
      context.addIssue({ code: 'custom', path: ['quantidade_kg'], message: 'FIELD_OUT_OF_RANGE' });
    }
    if (body.tipo === 'ajuste' && body.quantidade_kg === 0) {
      context.addIssue({ code: 'custom', path: ['quantidade_kg'], message: 'FIELD_OUT_OF_RANGE' });
    }
    if (body.tipo === 'transferencia' ? body.silo_destino_id === null || body.silo_destino_id === undefined : body.silo_destino_id) {
      context.addIssue({ code: 'custom', path: ['silo_destino_id'], message: body.tipo === 'transferencia' ? 'FIELD_REQUIRED' : 'FIELD_INVALID' });
    }
    if (body.tipo === 'transferencia' && body.silo_destino_id === body.idsilo) {
      context.addIssue({ code: 'custom', path: ['silo_destino_id'], message: 'FIELD_INVALID' });
    }
  });
export type RegisterSiloMovBody = z.input<typeof registerSiloMovBody>;

export const delSiloMovBody = z.object({ idmov: idField(), prop: propField });

/** A movement as seen from one silo: a transfer out is negative there, a transfer in positive. */
export const siloMovimento = z.object({
  id: z.number().int(),
  idsilo: z.number().int(),
  tipo: z.enum(MOVIMENTO_TIPOS),
  data: z.string(),
  /** Signed effect on this silo's balance, kg. */
  quantidade_kg: z.number(),
  silo_destino_id: z.number().int().nullable(),
  silo_origem_id: z.number().int(),
  outro_silo_nome: z.string().nullable(),
  nota_fiscal: z.string(),
  obs: z.string(),
  /** Balance after this movement, kg. */
  saldo_kg: z.number(),
  created_at: timestamp,
});
export type SiloMovimento = z.infer<typeof siloMovimento>;
export const siloMovimentoList = z.array(siloMovimento);
