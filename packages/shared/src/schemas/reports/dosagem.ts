import { z } from 'zod';
import { decimalField, idField, textField } from '../primitives.js';
import { dateField, notesField, propField, requiredIdQuery, timestamp } from '../records/common.js';
import { fotoItem } from '../live.js';
import { refinePeriod } from './period.js';

/**
 * Dosing and fumigation history (issue 9). A dosing event (dosagem) is either a doser's pump run
 * (origem 'device': opened when its DOSE readings show the pump on, closed when they show it off;
 * volume = the day counter at the end minus at the start, across the midnight reset) or a
 * treatment an operator records by hand (origem 'manual'). Operators annotate both (operador,
 * obs, produto); time and volume of a device event are the doser's and cannot be changed.
 *
 * Calls:
 * - POST reldosagem {prop?, id (fumigador), di, df} → DosagemRelatorio: totals and one row per
 *   day (owner's timezone) with events, ml, minutes and the scheduled applications (horarios)
 *   against those done; every value null on a day without data (no reading, no event) or a day
 *   not yet come.
 * - POST reldosagemdetalhe {prop?, id (fumigador), iddosagens} → DosagemDetalhe: one event, its
 *   doser readings (flow curve) and how many pictures prove it.
 * - GET getfumigacao?id&di&df → FumigacaoLista: the events that started in the period, newest first.
 * - GET getfumigacaodetalhe?id&di&df → chartDataResponse (period.ts): the doser's flow (ml/min) and
 *   day counter (ml) over the period, averaged per step so a year stays a few thousand points.
 * - GET getfotosdosagem?id (id = dosagem) → FotosDosagem: the device's pictures from one minute
 *   before the start to five minutes after the end (url img_cs/{id}).
 * - POST registerdosagem {prop?, id?, fumigador_id, …} → Dosagem: records a manual event (no id)
 *   or annotates one (id); write permission.
 * - POST deldosagem {prop?, iddosagem} → {ok, id}: manual events only.
 */

/** Where an event comes from. */
export const DOSAGEM_ORIGENS = ['device', 'manual'] as const;
export type DosagemOrigem = (typeof DOSAGEM_ORIGENS)[number];

/** Longest manual event: a day. */
export const DOSAGEM_MAX_MINUTES = 1440;
/** Most events getfumigacao lists at once (newest first); `truncado` says when more started in the period. */
export const FUMIGACAO_MAX_EVENTOS = 2000;

/** An instant on the wire: ISO 8601 with Z or an offset, between 2000 and 2100. */
const instantField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .pipe(z.iso.datetime({ offset: true, error: 'FIELD_INVALID' }))
  .refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2100, 0, 1);
  }, { error: 'FIELD_OUT_OF_RANGE' });

/** `{prop?, id, di, df}` of the POST reports: a fumigator and a period (both ends included). */
export const reldosagemBody = z.object({ prop: propField, id: idField(), di: dateField, df: dateField }).superRefine(refinePeriod);
export type ReldosagemBody = z.input<typeof reldosagemBody>;

export const reldosagemDetalheBody = z.object({ prop: propField, id: idField(), iddosagens: idField() });
export type ReldosagemDetalheBody = z.input<typeof reldosagemDetalheBody>;

/** getfotosdosagem?id (a dosagem). */
export const fotosDosagemQuery = requiredIdQuery;

/**
 * registerdosagem. Without id: a manual event (inicio, fim and volume_ml required; produto
 * defaults to the fumigator's). With id: annotates the event (operador, obs, produto); inicio,
 * fim and volume_ml change a manual event only (a device event answers DOSAGEM_FROM_DEVICE).
 */
export const registerDosagemBody = z
  .object({
    id: idField().optional(),
    prop: propField,
    fumigador_id: idField(),
    operador: textField({ max: 80 }).default(''),
    obs: notesField,
    produto: textField({ max: 80 }).optional(),
    inicio: instantField.optional(),
    fim: instantField.optional(),
    volume_ml: decimalField({ min: 0, max: 10_000_000, step: 0.1 }).optional(),
  })
  .superRefine((body, context) => {
    if (body.id === undefined) {
      for (const field of ['inicio', 'fim', 'volume_ml'] as const) {
        if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'FIELD_REQUIRED' });
      }
    }
    if (body.inicio === undefined || body.fim === undefined) return;
    const minutes = (Date.parse(body.fim) - Date.parse(body.inicio)) / 60_000;
    if (minutes < 0) context.addIssue({ code: 'custom', path: ['fim'], message: 'DATE_RANGE_INVALID' });
    else if (minutes > DOSAGEM_MAX_MINUTES) context.addIssue({ code: 'custom', path: ['fim'], message: 'FIELD_OUT_OF_RANGE' });
  });
export type RegisterDosagemBody = z.input<typeof registerDosagemBody>;

export const delDosagemBody = z.object({ iddosagem: idField(), prop: propField });

/** A dosing event as every call shows it. */
export const dosagem = z.object({
  id: z.number().int(),
  fumigador_id: z.number().int(),
  origem: z.enum(DOSAGEM_ORIGENS),
  inicio: timestamp,
  /** null while the pump still runs. */
  fim: timestamp.nullable(),
  /** fim − inicio in minutes (1 decimal); null while running. */
  duracao_min: z.number().nullable(),
  /** Product dosed, ml (1 decimal); so far while running. */
  volume_ml: z.number(),
  /** volume / duration, ml/min (1 decimal); null while running or for a zero duration. */
  vazao_media_ml_min: z.number().nullable(),
  produto: z.string(),
  operador: z.string(),
  obs: z.string(),
  /** Pictures of the doser within the event's window (getfotosdosagem). */
  fotos: z.number().int(),
  updated_at: timestamp,
});
export type Dosagem = z.infer<typeof dosagem>;

/** The fumigator a report is about. */
export const dosagemFumigador = z.object({
  id: z.number().int(),
  nome: z.string(),
  nucleo_nome: z.string(),
  aviario_nome: z.string().nullable(),
  device_id: z.number().int().nullable(),
  device_nome: z.string().nullable(),
  produto: z.string(),
  horarios: z.array(z.string()),
  ativo: z.boolean(),
});
export type DosagemFumigador = z.infer<typeof dosagemFumigador>;

/** Values of a day or of the period; null (not 0) when there is nothing to count. */
export const dosagemValores = z.object({
  eventos: z.number().int().nullable(),
  volume_ml: z.number().nullable(),
  minutos: z.number().nullable(),
  /** Applications the fumigator's horarios schedule (null on a day not yet come, or when inactive and without data). */
  previstas: z.number().int().nullable(),
  /** Scheduled times with an event starting within 30 minutes of them. */
  feitas: z.number().int().nullable(),
});
export type DosagemValores = z.infer<typeof dosagemValores>;

export const dosagemDia = dosagemValores.extend({ data: z.string() });
export type DosagemDia = z.infer<typeof dosagemDia>;

export const dosagemRelatorio = z.object({
  fumigador: dosagemFumigador,
  di: z.string(),
  df: z.string(),
  /** The owner's timezone the days are counted in (hours from UTC). */
  timezone: z.number(),
  /** Over the days with data; `dias_com_dados` counts them. */
  total: dosagemValores.extend({ dias_com_dados: z.number().int() }),
  /** Every day of [di, df], oldest first; an event counts on the day it started. */
  dias: z.array(dosagemDia),
});
export type DosagemRelatorio = z.infer<typeof dosagemRelatorio>;

/** A doser reading as stored (every 30 s). */
export const doseLeitura = z.object({ em: timestamp, volume_ml: z.number(), vazao_ml_min: z.number(), ligada: z.boolean() });
export type DoseLeitura = z.infer<typeof doseLeitura>;

export const dosagemDetalhe = z.object({
  fumigador: dosagemFumigador,
  dosagem,
  /** The doser's readings from two minutes before the start to two after the end (none for a manual event without a doser). */
  leituras: z.array(doseLeitura),
});
export type DosagemDetalhe = z.infer<typeof dosagemDetalhe>;

export const fumigacaoLista = z.object({
  fumigador_id: z.number().int(),
  di: z.string(),
  df: z.string(),
  eventos: z.array(dosagem),
  /** True when more than FUMIGACAO_MAX_EVENTOS events started in the period (the newest are listed). */
  truncado: z.boolean(),
});
export type FumigacaoLista = z.infer<typeof fumigacaoLista>;

export const fotosDosagem = z.object({
  iddosagem: z.number().int(),
  /** Oldest first. */
  fotos: z.array(fotoItem),
});
export type FotosDosagem = z.infer<typeof fotosDosagem>;
