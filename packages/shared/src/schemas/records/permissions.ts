import { z } from 'zod';
import { emailField } from '../accounts.js';
import { idField } from '../primitives.js';
import { timestamp } from './common.js';

/**
 * What an owner grants another user: `leitura` (read) or `gestao` (manage: create, edit,
 * delete), over all its data (nucleos null) or over the listed farms only. `nenhum` removes
 * the grant. Keys, permissions and integration settings stay with the owner.
 */
export const NIVEIS = ['leitura', 'gestao'] as const;
export type Nivel = (typeof NIVEIS)[number];

export const setPermissoesBody = z.object({
  email: emailField,
  nivel: z.enum([...NIVEIS, 'nenhum'], { error: 'FIELD_INVALID' }),
  /** null: all the owner's data; else these farms only (and what hangs from them). */
  nucleos: z
    .array(idField(), { error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(500, { error: 'FIELD_TOO_LONG' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'FIELD_INVALID' })
    .nullable()
    .default(null),
});
export type SetPermissoesBody = z.input<typeof setPermissoesBody>;

/** Calls with an empty body (permissoes, proprietarios). */
export const emptyBody = z.object({}).strict().nullish();

/** A grant this owner gave (permissoes). */
export const permissao = z.object({
  iduser: z.number().int(),
  nome: z.string(),
  email: z.string(),
  nivel: z.enum(NIVEIS),
  nucleos: z.array(z.object({ id: z.number().int(), nome: z.string() })).nullable(),
  updated_at: timestamp,
});
export type Permissao = z.infer<typeof permissao>;
export const permissaoList = z.array(permissao);

/** An owner whose data the caller may see (proprietarios); the caller itself comes first. */
export const proprietario = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  company: z.string(),
  nivel: z.enum(['proprietario', ...NIVEIS]),
  nucleos: z.array(z.number().int()).nullable(),
});
export type Proprietario = z.infer<typeof proprietario>;
export const proprietarioList = z.array(proprietario);

export const setPermissoesResponse = z.object({ ok: z.literal(true), permissoes: permissaoList });
