import { z } from 'zod';
import { idField, isStorableText, secretField } from '../primitives.js';
import { dateField, nameOf, optionalText, propField, timeOfDayField, timestamp } from './common.js';

/**
 * Settings for exchanging data with another system: an integrator's ERP (integracao) or an
 * Mtech account (mtech). The password is stored encrypted with the server's key and never
 * sent back; leaving it out of an update keeps the stored one.
 */
export const AGENDAS = ['manual', 'horaria', 'diaria'] as const;
export const DADOS_INTEGRACAO = ['nucleos', 'lotes', 'pesagens', 'racao', 'silos', 'mortalidade'] as const;

const urlField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .trim()
  .max(500, { error: 'FIELD_TOO_LONG' })
  // The URL parser accepts control characters (it escapes them) that PostgreSQL cannot store as typed.
  .refine((value) => isStorableText(value), { error: 'FIELD_INVALID_CHARACTERS', abort: true })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, { error: 'URL_INVALID' });

const scheduleRule = (body: { agenda: string; hora: string | null }, context: z.RefinementCtx) => {
  if (body.agenda === 'diaria' && !body.hora) context.addIssue({ code: 'custom', path: ['hora'], message: 'FIELD_REQUIRED' });
};

const configFields = {
  id: idField().optional(),
  prop: propField,
  nome: nameOf(80),
  endpoint: urlField,
  usuario: optionalText(120),
  senha: secretField({ max: 200 }).optional(),
  agenda: z.enum(AGENDAS, { error: 'FIELD_INVALID' }).default('manual'),
  hora: timeOfDayField.nullable().default(null),
  dados: z
    .array(z.enum(DADOS_INTEGRACAO, { error: 'FIELD_INVALID' }), { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(DADOS_INTEGRACAO.length, { error: 'FIELD_INVALID' })
    .refine((items) => new Set(items).size === items.length, { error: 'FIELD_INVALID' }),
  ativo: z.boolean({ error: 'FIELD_INVALID' }).default(true),
};

export const registerIntegracaoBody = z.object({ ...configFields, sistema: nameOf(60) }).superRefine(scheduleRule);
export type RegisterIntegracaoBody = z.input<typeof registerIntegracaoBody>;

/** Mtech: the company code identifies the account on the Mtech side. */
export const registerMtechBody = z.object({ ...configFields, empresa: nameOf(40) }).superRefine(scheduleRule);
export type RegisterMtechBody = z.input<typeof registerMtechBody>;

export const delConfigBody = z.object({ idindice: idField(), prop: propField });

const configBase = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  endpoint: z.string(),
  usuario: z.string(),
  /** True when a password is stored (it is never sent back). */
  senha_definida: z.boolean(),
  /** True when a signing secret exists (configurations saved before issue 21 have none until one is made). */
  segredo_definido: z.boolean(),
  agenda: z.enum(AGENDAS),
  hora: z.string().nullable(),
  dados: z.array(z.enum(DADOS_INTEGRACAO)),
  ativo: z.boolean(),
  /** Issue 21: whether it sends (getintegracaoenvios has the details). */
  estado: z.enum(['ativa', 'inativa', 'pausada']),
  /** The next scheduled run (null: manual, switched off or paused). */
  proxima_execucao: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const integracaoConfig = configBase.extend({ sistema: z.string() });
export type IntegracaoConfig = z.infer<typeof integracaoConfig>;
export const integracaoConfigList = z.array(integracaoConfig);
/** register_config_integracao's answer when it creates one: the only time the signing secret is sent. */
export const integracaoConfigCreated = integracaoConfig.extend({ segredo: z.string().optional() });

export const mtechConfig = configBase.extend({ empresa: z.string() });
export type MtechConfig = z.infer<typeof mtechConfig>;
export const mtechConfigList = z.array(mtechConfig);
export const mtechConfigCreated = mtechConfig.extend({ segredo: z.string().optional() });

/*
 * Issue 21: the export that runs. Each active configuration sends, on its schedule or on "Enviar
 * agora", the rows of each kind in `dados` that changed since its last successful delivery (a
 * cursor per configuration and kind), in pages of at most INTEGRACAO_PAGINA_MAX items, POSTed as
 * versioned JSON (docs/integrations.md) with Basic auth, an Idempotency-Key per page and an
 * HMAC-SHA256 signature over the body.
 */

/** The wire version of the exported JSON (`versao` in every page). */
export const INTEGRACAO_PAYLOAD_VERSAO = 1;
/** Items per page at most. */
export const INTEGRACAO_PAGINA_MAX = 500;
/** Attempts of one page within a run (network errors and 5xx), with exponential backoff between them. */
export const INTEGRACAO_TENTATIVAS = 4;
/** Consecutive failed runs after which a configuration is paused (and an alarm raised). */
export const INTEGRACAO_FALHAS_PAUSA = 3;
/** Characters of the endpoint's answer kept in the delivery log. */
export const INTEGRACAO_RESPOSTA_MAX = 500;
/** The signature header: `sha256=<hex HMAC-SHA256 of the raw body with the configuration's secret>`. */
export const INTEGRACAO_ASSINATURA_HEADER = 'X-Portal-Assinatura';
export const INTEGRACAO_IDEMPOTENCIA_HEADER = 'Idempotency-Key';
/** Runs listed by getintegracaoenvios, newest first. */
export const INTEGRACAO_ENVIOS_LISTADOS = 50;

/** Which settings a call names: the two share one id space (one table). */
export const CONFIG_TIPOS = ['integracao', 'mtech'] as const;
export type ConfigTipo = (typeof CONFIG_TIPOS)[number];
const configTipoField = z.enum(CONFIG_TIPOS, { error: 'FIELD_INVALID' });

/** ativa: sends on its schedule; inativa: switched off (ativo false); pausada: stopped by failures or a 4xx until resumed. */
export const INTEGRACAO_ESTADOS = ['ativa', 'inativa', 'pausada'] as const;
export type IntegracaoEstado = (typeof INTEGRACAO_ESTADOS)[number];
/** agenda: the schedule's slot; manual: "Enviar agora"; reenvio: "Reenviar desde" a date. */
export const ENVIO_ORIGENS = ['agenda', 'manual', 'reenvio'] as const;
export type EnvioOrigem = (typeof ENVIO_ORIGENS)[number];
/** erro_config: the endpoint refused (4xx) or cannot be reached as configured; the configuration is paused. */
export const ENVIO_ESTADOS = ['pendente', 'executando', 'sucesso', 'falha', 'erro_config'] as const;
export type EnvioEstado = (typeof ENVIO_ESTADOS)[number];
/**
 * Why a run did not succeed, translated on screen (`integrations.errors.<code>`); `erro_detalhe`
 * carries the technical words (e.g. "ECONNREFUSED 10.0.0.5:443").
 */
export const ENVIO_ERROS = ['rede', 'tempo_esgotado', 'http_5xx', 'http_4xx', 'destino_recusado', 'senha_ilegivel', 'sem_segredo', 'interno'] as const;
export type EnvioErro = (typeof ENVIO_ERROS)[number];

/** One run of an export: what it sent and what the endpoint answered. */
export const integracaoEnvio = z.object({
  id: z.number().int(),
  config_id: z.number().int(),
  origem: z.enum(ENVIO_ORIGENS),
  estado: z.enum(ENVIO_ESTADOS),
  /** reenvio: the date sent again from (YYYY-MM-DD); else null. */
  desde: z.string().nullable(),
  criado_em: timestamp,
  inicio: timestamp.nullable(),
  fim: timestamp.nullable(),
  paginas: z.number().int(),
  linhas: z.number().int(),
  /** HTTP attempts made (pages plus retries). */
  tentativas: z.number().int(),
  http_status: z.number().int().nullable(),
  /** The endpoint's last answer, at most INTEGRACAO_RESPOSTA_MAX characters. */
  resposta: z.string().nullable(),
  erro: z.enum(ENVIO_ERROS).nullable(),
  erro_detalhe: z.string().nullable(),
});
export type IntegracaoEnvio = z.infer<typeof integracaoEnvio>;

/** enviarintegracao: "Enviar agora" (no desde) or "Reenviar desde" a date; also resumes a paused configuration. */
export const enviarIntegracaoBody = z.object({ idindice: idField(), tipo: configTipoField, prop: propField, desde: dateField.optional() });
export type EnviarIntegracaoBody = z.input<typeof enviarIntegracaoBody>;

export const getIntegracaoEnviosQuery = z.object({
  id: z.coerce.number().pipe(idField()),
  tipo: configTipoField,
  prop: z.coerce.number().pipe(idField()).optional(),
});

/** getintegracaoenvios: a configuration's state, how far each kind was delivered, and its latest runs. */
export const integracaoEnvios = z.object({
  config_id: z.number().int(),
  estado: z.enum(INTEGRACAO_ESTADOS),
  falhas_seguidas: z.number().int(),
  pausada_em: timestamp.nullable(),
  ultimo_erro: z.enum(ENVIO_ERROS).nullable(),
  ultimo_erro_detalhe: z.string().nullable(),
  ultimo_sucesso: timestamp.nullable(),
  /** The next scheduled run (null: manual, switched off or paused). */
  proxima_execucao: timestamp.nullable(),
  /** Per kind in `dados`: the change time of the last row delivered (null: nothing yet). */
  cursores: z.array(z.object({ dado: z.enum(DADOS_INTEGRACAO), ate: timestamp.nullable() })),
  envios: z.array(integracaoEnvio),
});
export type IntegracaoEnvios = z.infer<typeof integracaoEnvios>;

/** novosegredointegracao: a new signing secret (the old one stops verifying at once). */
export const novoSegredoBody = z.object({ idindice: idField(), tipo: configTipoField, prop: propField });
/** The signing secret: sent once, when the configuration is created or the secret renewed. */
export const segredoResponse = z.object({ segredo: z.string() });
