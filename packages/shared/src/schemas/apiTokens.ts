import { z } from 'zod';
import { idField } from './primitives.js';
import { dateField, nameOf, ownerQuery, propField, timestamp } from './records/common.js';

/**
 * API tokens for machine clients (issue 21): an owner's named bearer tokens for other systems
 * (an integrator's ERP pulling data), shown once, stored hashed. `leitura` reads every read call
 * of the OpenAPI document (calls/tokenAccess.ts says which); `importacao` reads and also imports
 * weighings (importacao). Limited to some farms when `nucleos` is given. Never account,
 * permission, token, key or integration-settings calls.
 */
export const TOKEN_ESCOPOS = ['leitura', 'importacao'] as const;
export type TokenEscopo = (typeof TOKEN_ESCOPOS)[number];
/** Every API token starts with this (a bearer that does not is a session token). */
export const TOKEN_API_PREFIXO = 'pat_';
/** Tokens an owner may hold that are neither revoked nor expired (revoked ones stay listed as history). */
export const TOKEN_API_MAX = 50;
export const TOKEN_API_ESTADOS = ['ativo', 'expirado', 'revogado'] as const;

export const registerTokenApiBody = z.object({
  prop: propField,
  nome: nameOf(80),
  escopo: z.enum(TOKEN_ESCOPOS, { error: 'FIELD_INVALID' }),
  /** Only these farms (and what hangs from them); null or absent: every farm of the account. */
  nucleos: z
    .array(idField(), { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(500, { error: 'FIELD_INVALID' })
    .refine((items) => new Set(items).size === items.length, { error: 'FIELD_INVALID' })
    .nullable()
    .default(null),
  /** Valid through this day (the account's time zone); null: no expiry. Must not be in the past. */
  expira_em: dateField.nullable().default(null),
});
export type RegisterTokenApiBody = z.input<typeof registerTokenApiBody>;

export const tokenApi = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  nome: z.string(),
  escopo: z.enum(TOKEN_ESCOPOS),
  nucleos: z.array(z.number().int()).nullable(),
  expira_em: z.string().nullable(),
  /** The token's first characters (TOKEN_API_PREFIXO and 4 more), to recognise it. */
  prefixo: z.string(),
  estado: z.enum(TOKEN_API_ESTADOS),
  created_at: timestamp,
  ultimo_uso: timestamp.nullable(),
  revogado_em: timestamp.nullable(),
});
export type TokenApi = z.infer<typeof tokenApi>;
export const tokenApiList = z.array(tokenApi);

/** registertokenapi's answer: the only time the token itself is sent. */
export const tokenApiCreated = tokenApi.extend({ token: z.string() });
export type TokenApiCreated = z.infer<typeof tokenApiCreated>;

export const getTokenApiQuery = ownerQuery;
export const revogaTokenApiBody = z.object({ idtoken: idField(), prop: propField });
