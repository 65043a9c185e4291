import { z } from 'zod';
import { DEVICE_MODELS } from '../../constants.js';
import { idField } from '../primitives.js';
import { dateField, ownerQuery } from '../records/common.js';
import { refinePeriod } from './period.js';

/**
 * Feeder troughs (screen `calhas`): what trough monitors (MCALHA, SAC) sent, one stored reading
 * per trough and minute (calha_leituras): rotation, motor, turns and feed presence over time,
 * with the gaps and stoppages found in it, and a summary per local day.
 */
export const TROUGH_MODELS = ['MCALHA', 'SAC'] as const;

/** A series longer than this many points is averaged into windows of whole minutes. */
export const CALHA_MAX_POINTS = 2000;

const idParam = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());

/**
 * `getgraph_calha?id&idcalha[&di&df][&prop]`: the monitor (a device of TROUGH_MODELS), the trough
 * number (≥ 1) and the days, both ends included, in the owner's timezone. Without di and df:
 * the owner's today. One without the other is refused.
 */
export const calhaGraphQuery = ownerQuery
  .extend({ id: idParam, idcalha: idParam, di: dateField.optional(), df: dateField.optional() })
  .superRefine((query, context) => {
    if (query.di !== undefined && query.df !== undefined) refinePeriod({ di: query.di, df: query.df }, context);
    else if (query.di !== undefined) context.addIssue({ code: 'custom', path: ['df'], message: 'FIELD_REQUIRED' });
    else if (query.df !== undefined) context.addIssue({ code: 'custom', path: ['di'], message: 'FIELD_REQUIRED' });
  });
export type CalhaGraphQuery = z.input<typeof calhaGraphQuery>;

/** One point of the series: a stored reading, or the average of a window of them (long ranges). */
export const calhaPonto = z.object({
  /** ISO instant: the reading's, or the window's start. */
  em: z.string(),
  /** rpm, 1 decimal (a window: the mean while the motor ran, else the mean of all its readings). */
  rpm: z.number(),
  /** Motor on (a window: on in any of its readings). */
  ligada: z.boolean(),
  /** Feed sensed (a window: in all of its readings); null when the monitor has no sensor. */
  presenca: z.boolean().nullable(),
  /** Turns since local midnight (a window: its last reading's). */
  voltas: z.number().int(),
});
export type CalhaPonto = z.infer<typeof calhaPonto>;

/** No reading for longer than 3 storage periods (3 minutes) between two readings of the period. */
export const calhaLacuna = z.object({ inicio: z.string(), fim: z.string(), minutos: z.number() });
export type CalhaLacuna = z.infer<typeof calhaLacuna>;

/**
 * A stoppage: at least 2 readings in a row with the motor on and the wheel stopped (rpm below 1:
 * `travada`), or with the motor on and no feed sensed (`sem_racao`). It ends at the next reading
 * that is not one, or one storage period after its last reading (before a gap or the end).
 */
export const CALHA_PARADA_TIPOS = ['travada', 'sem_racao'] as const;
export const calhaParada = z.object({ inicio: z.string(), fim: z.string(), minutos: z.number(), tipo: z.enum(CALHA_PARADA_TIPOS) });
export type CalhaParada = z.infer<typeof calhaParada>;

/** One local day; every value null when the day has no reading (shown as such, never as 0). */
export const calhaDia = z.object({
  data: z.string(),
  /** Minutes with the motor on (one per stored reading). */
  minutos_ligada: z.number().int().nullable(),
  /** The day's highest turn count (the monitor counts from local midnight). */
  voltas: z.number().int().nullable(),
  /** Minutes of gaps within the day, 1 decimal. */
  minutos_lacuna: z.number().nullable(),
  /** Stoppages starting that day. */
  paradas: z.number().int().nullable(),
  /** Readings with feed / readings with a presence value, %, 1 decimal; null without a sensor. */
  presenca_pct: z.number().nullable(),
});
export type CalhaDia = z.infer<typeof calhaDia>;

export const calhaGraphResponse = z.object({
  iddevice: z.number().int(),
  modelo: z.enum(DEVICE_MODELS),
  serie: z.string(),
  nome: z.string(),
  idcalha: z.number().int(),
  di: z.string(),
  df: z.string(),
  /** The owner's timezone the days are counted in (hours from UTC). */
  timezone: z.number(),
  /** Minutes each point stands for: 1, or more when the period has over CALHA_MAX_POINTS minutes. */
  passo_min: z.number().int(),
  pontos: z.array(calhaPonto),
  lacunas: z.array(calhaLacuna),
  paradas: z.array(calhaParada),
  /** Every day of [di, df], oldest first. */
  dias: z.array(calhaDia),
});
export type CalhaGraphResponse = z.infer<typeof calhaGraphResponse>;

/** `getcalhas[?prop]`: the trough monitors in reach, for the screen's pickers. */
export const calhasQuery = ownerQuery;
export const calhaMonitor = z.object({
  id: z.number().int(),
  modelo: z.enum(DEVICE_MODELS),
  serie: z.string(),
  nome: z.string(),
  nucleo_nome: z.string().nullable(),
  aviario_nome: z.string().nullable(),
  /** Trough numbers the monitor has sent readings of, ascending (empty: none yet). */
  calhas: z.array(z.number().int()),
});
export type CalhaMonitor = z.infer<typeof calhaMonitor>;
export const calhasResponse = z.array(calhaMonitor);
