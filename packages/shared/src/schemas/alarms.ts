import { z } from 'zod';
import { decimalField, idField, integerField, isStorableText, textField } from './primitives.js';
import { dateField, ownerQuery, propField, timeOfDayField, timestamp } from './records/common.js';

/**
 * Alarms that reach people (issue 19): rules evaluated continuously over what devices send and
 * growers record; an alarm is raised once per condition, acknowledged (by whom, when, a note) and
 * cleared by itself when the condition ends (or by hand). Delivered by the header's bell (live),
 * e-mail with reminders, Web Push, and a morning digest. docs/alarms.md says each rule's arithmetic.
 */

/** The rules, by the condition each watches (integracao_pausada, issue 21: an export paused after failing; always on, no switch in alarmeRegras). */
export const ALARME_TIPOS = ['sem_dados', 'silo_fim', 'lote_atrasado', 'mortalidade', 'balancas_divergentes', 'calha_parada', 'dosagem_perdida', 'integracao_pausada'] as const;
export type AlarmeTipo = (typeof ALARME_TIPOS)[number];
/** Most urgent first. */
export const ALARME_SEVERIDADES = ['critico', 'alerta', 'aviso'] as const;
export type AlarmeSeveridade = (typeof ALARME_SEVERIDADES)[number];
/** aberto: raised, nobody acknowledged it; reconhecido: someone did, the condition goes on; encerrado: over. */
export const ALARME_ESTADOS = ['aberto', 'reconhecido', 'encerrado'] as const;
export type AlarmeEstado = (typeof ALARME_ESTADOS)[number];
/**
 * What an alarm is about: its alvo_id is that record's id (balanca: the gateway device's id, the
 * scale in detalhe.balanca; integracao: an integration or Mtech configuration, detalhe.tipo says which).
 */
export const ALARME_ALVOS = ['dispositivo', 'balanca', 'silo', 'lote', 'aviario', 'calha', 'fumigador', 'integracao'] as const;
export type AlarmeAlvo = (typeof ALARME_ALVOS)[number];

/** A silo's run-out alarm is raised under the rule's hours (default 48) and raised again, critical, under this. */
export const SILO_FIM_CRITICO_HORAS = 24;

const minutesField = integerField({ min: 1, max: 10_080 });
const onOff = z.boolean({ error: 'FIELD_INVALID' });

/** Every rule's switch and thresholds; an account has one set, a farm may have its own. */
export const alarmeRegras = z.object({
  /** A device (any model) or one scale of a gateway sent nothing for this long. */
  sem_dados: z.object({ ativo: onOff, minutos_balanca: minutesField, minutos_silo: minutesField, minutos_outros: minutesField }),
  /** A silo's "empty by" is closer than `horas` (and again, critical, under SILO_FIM_CRITICO_HORAS). */
  silo_fim: z.object({ ativo: onOff, horas: integerField({ min: 1, max: 720 }) }),
  /** The mean below `pct_padrao` % of the standard on 2 consecutive weighing days, or the daily gain ≤ `ganho_fracao` × the previous period's. */
  lote_atrasado: z.object({ ativo: onOff, pct_padrao: decimalField({ min: 1, max: 100, step: 0.1 }), ganho_fracao: decimalField({ min: 0.05, max: 1, step: 0.05 }) }),
  /** A day's mortality above `pct_dia` % of the live birds, or the cumulative mortality above the standard's curve by `acima_padrao_pp` points. */
  mortalidade: z.object({ ativo: onOff, pct_dia: decimalField({ min: 0.01, max: 100, step: 0.01 }), acima_padrao_pp: decimalField({ min: 0.01, max: 100, step: 0.01 }) }),
  /** Two scales of one house differ by more than `pct` % on the same day. */
  balancas_divergentes: z.object({ ativo: onOff, pct: decimalField({ min: 0.5, max: 100, step: 0.5 }) }),
  /** A trough stopped (no rotation) for `minutos` with its motor on. */
  calha_parada: z.object({ ativo: onOff, minutos: minutesField }),
  /** A doser's scheduled time (horarios) passed by `minutos` without a dosing. */
  dosagem_perdida: z.object({ ativo: onOff, minutos: minutesField }),
  /** E-mail and push again every this many hours until someone acknowledges. */
  lembrete_horas: decimalField({ min: 0.25, max: 168, step: 0.25 }),
});
export type AlarmeRegras = z.infer<typeof alarmeRegras>;

export const ALARME_REGRAS_PADRAO: AlarmeRegras = {
  sem_dados: { ativo: true, minutos_balanca: 60, minutos_silo: 30, minutos_outros: 60 },
  silo_fim: { ativo: true, horas: 48 },
  lote_atrasado: { ativo: true, pct_padrao: 95, ganho_fracao: 0.5 },
  mortalidade: { ativo: true, pct_dia: 0.5, acima_padrao_pp: 1 },
  balancas_divergentes: { ativo: true, pct: 8 },
  calha_parada: { ativo: true, minutos: 30 },
  dosagem_perdida: { ativo: true, minutos: 30 },
  lembrete_horas: 2,
};

/** getalarmeregras: the account's rules (the defaults until changed) and the farms that have their own. */
export const alarmeRegrasResponse = z.object({
  padrao: alarmeRegras,
  /** False while the account runs on ALARME_REGRAS_PADRAO. */
  personalizado: z.boolean(),
  nucleos: z.array(z.object({ nucleo_id: z.number().int(), nome: z.string(), regras: alarmeRegras })),
});
export type AlarmeRegrasResponse = z.infer<typeof alarmeRegrasResponse>;

/**
 * setalarmeregras: without nucleo_id, the account's rules (regras null: back to the defaults);
 * with it, that farm's own (regras null: the farm follows the account's again).
 */
export const setAlarmeRegrasBody = z.object({
  prop: propField,
  nucleo_id: idField().nullable().default(null),
  regras: alarmeRegras.nullable(),
});
export type SetAlarmeRegrasBody = z.input<typeof setAlarmeRegrasBody>;

/** The numbers and names an alarm's message is written from (each rule's keys in docs/alarms.md). */
export const alarmeDetalhe = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

export const alarme = z.object({
  id: z.number().int(),
  tipo: z.enum(ALARME_TIPOS),
  severidade: z.enum(ALARME_SEVERIDADES),
  estado: z.enum(ALARME_ESTADOS),
  nucleo_id: z.number().int().nullable(),
  nucleo_nome: z.string().nullable(),
  alvo_tipo: z.enum(ALARME_ALVOS),
  alvo_id: z.number().int(),
  alvo_nome: z.string(),
  detalhe: alarmeDetalhe,
  aberto_em: timestamp,
  /** When its condition or severity last changed. */
  atualizado_em: timestamp,
  reconhecido_em: timestamp.nullable(),
  reconhecido_por: z.string().nullable(),
  obs: z.string().nullable(),
  encerrado_em: timestamp.nullable(),
  /** Who cleared it by hand; null when it cleared by itself (or is not cleared). */
  encerrado_por: z.string().nullable(),
  /** E-mail/push reminders sent so far. */
  lembretes: z.number().int(),
});
export type Alarme = z.infer<typeof alarme>;

/** estado 'ativos' = aberto and reconhecido (the default); di/df filter on aberto_em (the owner's local days). */
export const getAlarmesQuery = ownerQuery.extend({
  estado: z.enum([...ALARME_ESTADOS, 'ativos', 'todos'], { error: 'FIELD_INVALID' }).default('ativos'),
  di: dateField.optional(),
  df: dateField.optional(),
  nucleo_id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()).optional(),
});
export type GetAlarmesQuery = z.input<typeof getAlarmesQuery>;

export const alarmesResponse = z.object({
  /** Newest first, at most ALARMES_LIMITE. */
  alarmes: z.array(alarme),
  /** The bell's count: alarms of the farms the caller reads that nobody acknowledged (whatever the filter). */
  abertos: z.number().int(),
  reconhecidos: z.number().int(),
});
export type AlarmesResponse = z.infer<typeof alarmesResponse>;
export const ALARMES_LIMITE = 500;

const obsField = textField({ max: 500, multiline: true }).default('');
/** ackalarme (acknowledge) and clearalarme (clear by hand): the alarm and an optional note. */
export const alarmeAcaoBody = z.object({ prop: propField, id: idField(), obs: obsField });
export type AlarmeAcaoBody = z.input<typeof alarmeAcaoBody>;

/**
 * Per user and owner: which alarms reach this user outside the portal. Quiet hours (user's
 * timezone) hold e-mail and push except critical alarms; what is still unacknowledged when they
 * end is sent then. resumo_hora: the morning digest's local time (null: no digest).
 */
export const alarmePreferencias = z.object({
  email: onOff,
  push: onOff,
  severidades: z.array(z.enum(ALARME_SEVERIDADES), { error: 'FIELD_INVALID' }).max(3).refine((list) => new Set(list).size === list.length, { error: 'FIELD_INVALID' }),
  /** Farms whose alarms reach the user; null: every farm the user reads. */
  nucleos: z.array(idField(), { error: 'FIELD_INVALID' }).max(500).nullable(),
  silencio_inicio: timeOfDayField.nullable(),
  silencio_fim: timeOfDayField.nullable(),
  resumo_hora: timeOfDayField.nullable(),
});
export type AlarmePreferencias = z.infer<typeof alarmePreferencias>;
export const ALARME_PREFERENCIAS_PADRAO: AlarmePreferencias = {
  email: true,
  push: true,
  severidades: ['critico', 'alerta', 'aviso'],
  nucleos: null,
  silencio_inicio: null,
  silencio_fim: null,
  resumo_hora: null,
};
export const setAlarmePreferenciasBody = alarmePreferencias
  .extend({ prop: propField })
  .refine((body) => (body.silencio_inicio === null) === (body.silencio_fim === null), { error: 'FIELD_INVALID', path: ['silencio_fim'] });
export type SetAlarmePreferenciasBody = z.input<typeof setAlarmePreferenciasBody>;
export const alarmePreferenciasResponse = alarmePreferencias.extend({ padrao: z.boolean() });

/** getpushchave: the portal's VAPID public key (base64url), for PushManager.subscribe. */
export const pushChaveResponse = z.object({ chave_publica: z.string() });
/** push_subscribe: a browser's push subscription (PushSubscription.toJSON()), for the signed-in user. */
/** A push service's URL for one browser (what PushSubscription.endpoint holds). */
const pushEndpointField = z
  .url({ protocol: /^https?$/, error: 'FIELD_INVALID' })
  .max(1000, { error: 'FIELD_TOO_LONG' })
  // A URL may still carry a NUL or a control character in its path, which PostgreSQL cannot store.
  .refine((value) => isStorableText(value), { error: 'FIELD_INVALID' });
export const pushSubscribeBody = z.object({
  endpoint: pushEndpointField,
  keys: z.object({
    p256dh: z.string({ error: 'FIELD_INVALID' }).max(102, { error: 'FIELD_TOO_LONG' }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'FIELD_INVALID' }),
    auth: z.string({ error: 'FIELD_INVALID' }).max(32, { error: 'FIELD_TOO_LONG' }).regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { error: 'FIELD_INVALID' }),
  }),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;
export const pushUnsubscribeBody = z.object({ endpoint: pushEndpointField });

/** getsilofim: every silo with a scale, its balance and its cautious "empty by" (the earlier of the recent rate's and the flock's expected intake's). */
export const siloFimQuery = ownerQuery.extend({ nucleo_id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()).optional() });
export const siloFim = z.object({
  silo_id: z.number().int(),
  nome: z.string(),
  nucleo_id: z.number().int(),
  nucleo_nome: z.string(),
  /** The scale's latest balance, kg, and when it was read; null without a reading. */
  saldo_kg: z.number().nullable(),
  lido_em: timestamp.nullable(),
  /** Consumption over the recent window (deliveries left out), kg/h; null without enough readings. */
  consumo_kg_h: z.number().nullable(),
  /** The active flocks' expected intake by age (the standard's consumo_acumulado × live birds), kg/h; null without one. */
  esperado_kg_h: z.number().nullable(),
  /** Empty by (ISO) at the higher of the two rates; null when neither is known or the silo fills. */
  vazio_em: timestamp.nullable(),
  horas: z.number().nullable(),
  base: z.enum(['consumo', 'esperado']).nullable(),
});
export type SiloFim = z.infer<typeof siloFim>;
export const siloFimResponse = z.object({ silos: z.array(siloFim) });
export type SiloFimResponse = z.infer<typeof siloFimResponse>;
