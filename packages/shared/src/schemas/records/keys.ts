import { z } from 'zod';
import { idField } from '../primitives.js';
import { dateField, nameOf, propField, timestamp } from './common.js';

/**
 * An access key (chave): 13 random bytes, base32-encoded (21 characters, spec section 9),
 * shown once when created and stored only as a hash. A `dispositivo` key lets whoever holds it
 * register a device into the owner's account (route d/{key}); an `integracao` key lets an
 * integration read the owner's data. Every use is written to the key history.
 */
export const CHAVE_ESCOPOS = ['dispositivo', 'integracao'] as const;
export type ChaveEscopo = (typeof CHAVE_ESCOPOS)[number];

/** Base32 (RFC 4648 alphabet) of 13 bytes: 21 characters. */
export const CHAVE_PATTERN = /^[A-Z2-7]{21}$/;
export const chaveValueField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'KEY_INVALID') })
  .trim()
  .toUpperCase()
  .regex(CHAVE_PATTERN, { error: 'KEY_INVALID' });

export const registerChaveBody = z.object({
  id: idField().optional(),
  prop: propField,
  descricao: nameOf(120),
  escopo: z.enum(CHAVE_ESCOPOS, { error: 'FIELD_INVALID' }).default('dispositivo'),
  /** Last day the key works; null: until revoked. */
  validade: dateField.nullable().default(null),
  ativa: z.boolean({ error: 'FIELD_INVALID' }).default(true),
});
export type RegisterChaveBody = z.input<typeof registerChaveBody>;

export const delChaveBody = z.object({ idchave: idField(), prop: propField });

export const chave = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  descricao: z.string(),
  escopo: z.enum(CHAVE_ESCOPOS),
  validade: z.string().nullable(),
  ativa: z.boolean(),
  /** The first characters, to tell keys apart; the whole key is shown once. */
  inicio: z.string(),
  usos: z.number().int(),
  ultimo_uso: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Chave = z.infer<typeof chave>;
export const chaveList = z.array(chave);

/** registerchave's answer when it creates a key: the only time the key itself is sent. */
export const chaveCreated = chave.extend({ chave: z.string().optional() });
export type ChaveCreated = z.infer<typeof chaveCreated>;

export const getChaveHistBody = z.object({ prop: propField, idchave: idField().optional() });

export const CHAVE_ACOES = ['dispositivo_registrado', 'integracao_acesso', 'recusada'] as const;
export const chaveUso = z.object({
  id: z.number().int(),
  idchave: z.number().int(),
  descricao: z.string(),
  acao: z.enum(CHAVE_ACOES),
  detalhe: z.string(),
  ip: z.string(),
  user_email: z.string().nullable(),
  data: timestamp,
});
export type ChaveUso = z.infer<typeof chaveUso>;
export const chaveUsoList = z.array(chaveUso);
