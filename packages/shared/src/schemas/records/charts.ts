import { z } from 'zod';
import { idField } from '../primitives.js';
import { refinePeriod } from '../reports/period.js';
import { dateField, nameOf, optionalIdField, propField, timestamp } from './common.js';

export const GRAFICO_TIPOS = ['linha', 'barra'] as const;
/** Date range: the last 7, 30 or 365 days (spec section 9's helpers), or fixed dates. */
export const GRAFICO_PERIODOS = ['7', '30', '365', 'personalizado'] as const;
/**
 * What a series (linha) plots; the record it reads is given by the matching id. Flock sources
 * read its weighings, silo sources its scale (or its movements without one), device sources the
 * readings a silo scale, trough monitor or doser sent (docs/charts.md).
 */
export const SERIE_FONTES = ['peso_medio', 'uniformidade', 'cv', 'padrao', 'saldo_silo', 'consumo_racao', 'leitura_silo', 'rotacao_calha', 'dose_volume'] as const;
export type SerieFonte = (typeof SERIE_FONTES)[number];

/** The id field each source needs. `padrao` may also name a flock (lote_id): its age places the standard's weights. */
export const SERIE_RECORD: Record<SerieFonte, 'device_id' | 'lote_id' | 'silo_id' | 'padrao_id'> = {
  peso_medio: 'lote_id',
  uniformidade: 'lote_id',
  cv: 'lote_id',
  padrao: 'padrao_id',
  saldo_silo: 'silo_id',
  consumo_racao: 'silo_id',
  leitura_silo: 'device_id',
  rotacao_calha: 'device_id',
  dose_volume: 'device_id',
};

/** The live message a device source's device must send (docs/device-protocol.md). */
export const SERIE_DEVICE_MESSAGE = { leitura_silo: 'SILO', rotacao_calha: 'CALHA', dose_volume: 'DOSE' } as const;

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
    const field = SERIE_RECORD[linha.fonte];
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
    /** Pinned to the dashboard. Absent: not pinned for a new chart, unchanged for an edited one. */
    painel: z.boolean({ error: 'FIELD_INVALID' }).optional(),
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

/** setgraficopainel: pins a chart to the dashboard (painel true) or unpins it. */
export const setGraficoPainelBody = z.object({ idgrafico: idField(), prop: propField, painel: z.boolean({ error: 'FIELD_INVALID' }) });
export type SetGraficoPainelBody = z.input<typeof setGraficoPainelBody>;

/**
 * getgraphdata: a chart's data per day. Without di/df, the chart's own period (the last 7, 30 or
 * 365 days in the owner's timezone, or its fixed dates); with them (both), that range instead.
 */
export const getGraphDataBody = z
  .object({ prop: propField, id: idField(), di: dateField.optional(), df: dateField.optional() })
  .superRefine((body, context) => {
    if (body.di === undefined && body.df === undefined) return;
    if (body.di === undefined) context.addIssue({ code: 'custom', path: ['di'], message: 'FIELD_REQUIRED' });
    else if (body.df === undefined) context.addIssue({ code: 'custom', path: ['df'], message: 'FIELD_REQUIRED' });
    else refinePeriod({ di: body.di, df: body.df }, context);
  });
export type GetGraphDataBody = z.input<typeof getGraphDataBody>;

export const grafico = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  titulo: z.string(),
  tipo: z.enum(GRAFICO_TIPOS),
  periodo: z.enum(GRAFICO_PERIODOS),
  data_inicio: z.string().nullable(),
  data_fim: z.string().nullable(),
  painel: z.boolean(),
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
