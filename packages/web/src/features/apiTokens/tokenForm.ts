import { registerTokenApiBody, type RegisterTokenApiBody, type TokenApi, type TokenEscopo } from '@portal/shared';
import { optionalDate } from '../records/dates';
import type { SchemaRules } from '../records/schemaErrors';

/**
 * The create-token form apart from its screen (tested in Node): what it holds, the body it sends,
 * and the facts the list shows about each token.
 */

export interface TokenValues {
  nome: string;
  escopo: TokenEscopo;
  /** Every farm of the account (the default), or only those in `nucleos`. */
  todosNucleos: boolean;
  /** Farm ids as text (MultiSelect values). */
  nucleos: string[];
  /** dd/mm/yyyy as typed; '' for no expiry. */
  expira_em: string;
}

export const emptyTokenValues = (): TokenValues => ({ nome: '', escopo: 'leitura', todosNucleos: true, nucleos: [], expira_em: '' });

/** registertokenapi's body: null farms for every farm; an emptied choice of farms stays [] so the schema says it is required. */
export const tokenBody = (values: TokenValues): RegisterTokenApiBody => ({
  nome: values.nome,
  escopo: values.escopo,
  nucleos: values.todosNucleos ? null : values.nucleos.map(Number),
  expira_em: optionalDate(values.expira_em),
});

export const tokenRules: SchemaRules<TokenValues> = { schema: registerTokenApiBody, toBody: tokenBody };

/** Active tokens first, then expired, then revoked; newest first within each. */
const ESTADO_ORDER: Record<TokenApi['estado'], number> = { ativo: 0, expirado: 1, revogado: 2 };

export function sortTokens(tokens: readonly TokenApi[]): TokenApi[] {
  return [...tokens].sort((a, b) => ESTADO_ORDER[a.estado] - ESTADO_ORDER[b.estado] || b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** A token can still be revoked unless it already was (an expired one may be revoked to say it is done). */
export const canRevoke = (token: Pick<TokenApi, 'estado'>) => token.estado !== 'revogado';

/**
 * The farms a token reaches, by name: null for every farm; ids the account no longer has (a
 * deleted farm) show as '#id' rather than vanishing.
 */
export function tokenFarmNames(nucleos: readonly number[] | null, farms: readonly { id: number; nome: string }[]): string[] | null {
  if (nucleos === null) return null;
  const names = new Map(farms.map((farm) => [farm.id, farm.nome]));
  return nucleos.map((id) => names.get(id) ?? `#${id}`);
}

/**
 * The portal's call address for `name`, as a machine client outside the browser needs it: the
 * page's own address without its hash, then `api/<name>` (the web calls `api/` relative to the page).
 */
export function apiAddress(pageUrl: string, name: string): string {
  return new URL(`api/${name}`, pageUrl.split('#')[0]).toString();
}

/** The curl line the created-token view offers: a read of the farms with the new token. */
export const curlExample = (pageUrl: string, token: string) => `curl -H "Authorization: Bearer ${token}" "${apiAddress(pageUrl, 'getnucleo')}"`;
