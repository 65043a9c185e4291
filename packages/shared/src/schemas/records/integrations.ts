import { z } from 'zod';
import { idField, isStorableText, secretField } from '../primitives.js';
import { nameOf, optionalText, propField, timeOfDayField, timestamp } from './common.js';

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
  agenda: z.enum(AGENDAS),
  hora: z.string().nullable(),
  dados: z.array(z.enum(DADOS_INTEGRACAO)),
  ativo: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const integracaoConfig = configBase.extend({ sistema: z.string() });
export type IntegracaoConfig = z.infer<typeof integracaoConfig>;
export const integracaoConfigList = z.array(integracaoConfig);

export const mtechConfig = configBase.extend({ empresa: z.string() });
export type MtechConfig = z.infer<typeof mtechConfig>;
export const mtechConfigList = z.array(mtechConfig);
