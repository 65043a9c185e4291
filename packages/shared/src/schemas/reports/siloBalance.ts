import { z } from 'zod';
import { idField } from '../primitives.js';
import { propField } from '../records/common.js';
import { movementQuantityField } from '../records/silos.js';
import { periodQuery } from './period.js';

/**
 * Silo balance (issue 9 item 1, `getsiloleituras?id&di&df`): `id` is a silo. With a scale, the
 * days and deliveries come from its readings (feed/silo.ts); without one, from the recorded
 * movements (docs/feed-reports.md, "Silo balance"). Kilograms with 1 decimal; instants are
 * epoch milliseconds (a delivery's `em` is the key confirmentrega takes back).
 */
export const siloLeiturasQuery = periodQuery;
export type SiloLeiturasQuery = z.input<typeof siloLeiturasQuery>;

/** Most points `leituras` carries: the range cut into half as many time buckets, each giving its lowest and highest reading. */
export const SILO_CHART_POINTS = 2000;

export const SITUACOES_ENTREGA = ['pendente', 'confirmada', 'descartada'] as const;
export type SituacaoEntrega = (typeof SITUACOES_ENTREGA)[number];

export const siloLeitura = z.object({ em: z.number().int(), kg: z.number() });
export type SiloLeitura = z.infer<typeof siloLeitura>;

export const siloDia = z.object({
  data: z.string(),
  inicio_kg: z.number().nullable(),
  fim_kg: z.number().nullable(),
  entregas_kg: z.number(),
  /** null: no data that day (never 0). */
  consumo_kg: z.number().nullable(),
});
export type SiloDia = z.infer<typeof siloDia>;

/** A jump the scale shows, and what the user made of it: a row in silo_entregas, or none (pendente). */
export const siloEntrega = z.object({
  em: z.number().int(),
  ate: z.number().int(),
  antes_kg: z.number(),
  depois_kg: z.number(),
  quantidade_kg: z.number(),
  situacao: z.enum(SITUACOES_ENTREGA),
  /** The delivery movement confirming recorded; null otherwise. */
  movimento_id: z.number().int().nullable(),
  /** What that movement recorded (the operator's amount, e.g. the invoice's, or the detected one); null unless confirmada. */
  quantidade_confirmada_kg: z.number().nullable(),
  /** Confirmed with another amount than the scale showed when it was confirmed. */
  corrigida: z.boolean(),
});
export type SiloEntrega = z.infer<typeof siloEntrega>;

export const siloLeiturasResponse = z.object({
  silo: z.object({ id: z.number().int(), nome: z.string(), capacidade_kg: z.number() }),
  device: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  /** 'balanca': from the scale's readings; 'movimentos': from the recorded movements. */
  fonte: z.enum(['balanca', 'movimentos']),
  /** Now: the scale's latest level (null before its first reading), or the movements' balance. */
  saldo_kg: z.number().nullable(),
  /** When the scale read saldo_kg; null for movements. */
  leitura_em: z.number().int().nullable(),
  di: z.string(),
  df: z.string(),
  /** The owner's timezone (hours from UTC) the days are cut in. */
  timezone: z.number(),
  /** The scale's series over [di, df] without lone spikes, at most SILO_CHART_POINTS points; [] without a scale. */
  leituras: z.array(siloLeitura),
  dias: z.array(siloDia),
  /** Deliveries the scale shows in [di, df], oldest first; [] without a scale. */
  entregas: z.array(siloEntrega),
});
export type SiloLeiturasResponse = z.infer<typeof siloLeiturasResponse>;

/** Epoch ms: from 1970 to the year 2100. */
const instantField = z
  .number({ error: 'FIELD_INVALID' })
  .min(0, { error: 'FIELD_OUT_OF_RANGE', abort: true })
  .max(4_102_444_800_000, { error: 'FIELD_OUT_OF_RANGE', abort: true })
  .int({ error: 'FIELD_INVALID' });

/**
 * Confirm (records an 'entrada' movement) or dismiss a delivery the scale shows; `em` as
 * getsiloleituras gave it. `quantidade_kg` corrects a confirmation: the movement records that
 * amount (above 0, as a delivery's in registersilomov) instead of the detected one; refused when dismissing.
 */
export const confirmEntregaBody = z
  .object({
    prop: propField,
    idsilo: idField(),
    em: instantField,
    confirmar: z.boolean({ error: 'FIELD_INVALID' }),
    quantidade_kg: movementQuantityField.optional(),
  })
  .superRefine((body, context) => {
    if (body.quantidade_kg === undefined) return;
    if (!body.confirmar) context.addIssue({ code: 'custom', path: ['quantidade_kg'], message: 'FIELD_INVALID' });
    else if (body.quantidade_kg <= 0) context.addIssue({ code: 'custom', path: ['quantidade_kg'], message: 'FIELD_OUT_OF_RANGE' });
  });
export type ConfirmEntregaBody = z.input<typeof confirmEntregaBody>;

export const confirmEntregaResponse = z.object({ ok: z.literal(true), entrega: siloEntrega });
export type ConfirmEntregaResponse = z.infer<typeof confirmEntregaResponse>;
