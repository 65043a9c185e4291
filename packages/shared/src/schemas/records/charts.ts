import { z } from 'zod';
import { idField } from '../primitives.js';
import { dateField, nameOf, optionalIdField, propField, timestamp } from './common.js';

export const GRAFICO_TIPOS = ['linha', 'barra'] as const;
/** Date range: the last 7, 30 or 365 days (spec section 9's helpers), or fixed dates. */
export const GRAFICO_PERIODOS = ['7', '30', '365', 'personalizado'] as const;
/** What a series (linha) plots; the record it reads is given by the matching id. */
export const SERIE_FONTES = ['peso_medio', 'uniformidade', 'cv', 'padrao', 'saldo_silo', 'consumo_racao'] as const;
export type SerieFonte = (typeof SERIE_FONTES)[number];

export const linhaInput = z
  .object({
    tit: nameOf(60),
    fonte: z.enum(SERIE_FONTES, { error: 'FIELD_INVALID' }),
    device_id: optionalIdField,
    lote_id: optionalIdField,
    silo_id: optionalIdField,
    padrao_id: optionalIdField,
  })
  .superRefine((linha, context) => {
    // Each source reads one kind of record.
    const needs: Record<SerieFonte, 'device_id' | 'lote_id' | 'silo_id' | 'padrao_id'> = {
      peso_medio: 'lote_id', uniformidade: 'lote_id', cv: 'lote_id', padrao: 'padrao_id', saldo_silo: 'silo_id', consumo_racao: 'silo_id',
    };
    const field = needs[linha.fonte];
    if (linha[field] === null || linha[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'FIELD_REQUIRED' });
  });
export type LinhaInput = z.input<typeof linhaInput>;

export const registerGraficoBody = z
  .object({
    id: idField().optional(),
    prop: propField,
    titulo: nameOf(120),
    tipo: z.enum(GRAFICO_TIPOS, { error: 'FIELD_INVALID' }).default('linha'),
    periodo: z.enum(GRAFICO_PERIODOS, { error: 'FIELD_INVALID' }).default('30'),
    data_inicio: dateField.nullable().default(null),
    data_fim: dateField.nullable().default(null),
    linhas: z.array(linhaInput, { error: 'FIELD_INVALID' }).min(1, { error: 'FIELD_REQUIRED' }).max(10, { error: 'FIELD_TOO_LONG' }),
  })
  .superRefine((body, context) => {
    if (body.periodo !== 'personalizado') return;
    if (!body.data_inicio) context.addIssue({ code: 'custom', path: ['data_inicio'], message: 'FIELD_REQUIRED' });
    if (!body.data_fim) context.addIssue({ code: 'custom', path: ['data_fim'], message: 'FIELD_REQUIRED' });
    if (body.data_inicio && body.data_fim && body.data_fim < body.data_inicio) {
      context.addIssue({ code: 'custom', path: ['data_fim'], message: 'DATE_RANGE_INVALID' });
    }
  });
export type RegisterGraficoBody = z.input<typeof registerGraficoBody>;

export const delGraficoBody = z.object({ idgrafico: idField(), prop: propField });

export const grafico = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  titulo: z.string(),
  tipo: z.enum(GRAFICO_TIPOS),
  periodo: z.enum(GRAFICO_PERIODOS),
  data_inicio: z.string().nullable(),
  data_fim: z.string().nullable(),
  linhas: z.array(
    z.object({
      tit: z.string(),
      fonte: z.enum(SERIE_FONTES),
      device_id: z.number().int().nullable(),
      lote_id: z.number().int().nullable(),
      silo_id: z.number().int().nullable(),
      padrao_id: z.number().int().nullable(),
    }),
  ),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Grafico = z.infer<typeof grafico>;
export const graficoList = z.array(grafico);
