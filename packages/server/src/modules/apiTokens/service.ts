import { TOKEN_API_MAX, TOKEN_API_PREFIXO, type registerTokenApiBody, type TokenApi, type TokenApiCreated, type TokenEscopo } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { hashToken, newToken } from '../../http/tokens.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import { requireOwner, type ApiTokenGrant, type OwnerScope } from '../permissions/index.js';
import type { ApiTokenRow, ApiTokensRepository } from './apiTokens.repository.js';

type RegisterBody = z.output<typeof registerTokenApiBody>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The last use is written at most this often per token (every call would be a write). */
export const LAST_USE_INTERVAL_MS = 60_000;
/** TOKEN_API_PREFIXO and 4 more characters, to recognise a token in the list. */
const SHOWN_CHARACTERS = TOKEN_API_PREFIXO.length + 4;

const iso = (ms: number) => new Date(ms).toISOString();
/** The day it is at `now` in a time zone of `timezone` hours from UTC (YYYY-MM-DD). */
const localDay = (now: number, timezone: number) => iso(now + timezone * HOUR_MS).slice(0, 10);

const farmsOf = (text: string | null): number[] | null => (text === null ? null : text.split('|').map(Number));

function toTokenApi(row: ApiTokenRow, now: number): TokenApi {
  const expired = row.expira_ms !== null && row.expira_ms <= now;
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    escopo: row.escopo as TokenEscopo,
    nucleos: farmsOf(row.nucleos),
    expira_em: row.expira_em,
    prefixo: row.prefixo,
    estado: row.revogado_em !== null ? 'revogado' : expired ? 'expirado' : 'ativo',
    created_at: iso(row.created_at),
    ultimo_uso: row.ultimo_uso === null ? null : iso(row.ultimo_uso),
    revogado_em: row.revogado_em === null ? null : iso(row.revogado_em),
  };
}

/** A token that authenticated a call: whose it is and what it may reach. */
export interface AuthenticatedToken {
  ownerId: number;
  apiToken: ApiTokenGrant;
}

/**
 * API tokens for machine clients (issue 21): the owner's alone, whatever a grant says. The token
 * is answered once, when created; only its hash and first characters are stored. Every call made
 * with one looks it up by hash (no copy kept: a revocation holds from the next call on).
 */
export function apiTokensService(deps: { tokens: ApiTokensRepository; farms: Pick<FarmsService, 'list'>; accounts: Pick<AccountReads, 'timezoneOf'>; clock: () => number }) {
  const { tokens, farms, accounts, clock } = deps;

  async function load(scope: OwnerScope, id: number): Promise<ApiTokenRow> {
    requireOwner(scope);
    const row = await tokens.find(scope.ownerId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The instant a token valid through `day` (the owner's time zone) ends; refuses a day already past. */
  async function expiryOf(ownerId: number, day: string | null, now: number): Promise<number | null> {
    if (day === null) return null;
    const timezone = await accounts.timezoneOf(ownerId);
    if (day < localDay(now, timezone)) throw AppError.field('expira_em', 'FIELD_OUT_OF_RANGE');
    return Date.parse(`${day}T00:00:00Z`) + DAY_MS - timezone * HOUR_MS;
  }

  async function requireOwnFarms(scope: OwnerScope, nucleos: readonly number[] | null): Promise<void> {
    if (nucleos === null) return;
    const own = new Set((await farms.list(scope)).map((farm) => farm.id));
    if (!nucleos.every((id) => own.has(id))) throw AppError.field('nucleos', 'FIELD_INVALID');
  }

  return {
    async list(scope: OwnerScope): Promise<TokenApi[]> {
      requireOwner(scope);
      const now = clock();
      return (await tokens.list(scope.ownerId)).map((row) => toTokenApi(row, now));
    },

    /** registertokenapi: the answer carries the token, the only time it is sent. */
    async create(scope: OwnerScope, body: RegisterBody): Promise<TokenApiCreated> {
      requireOwner(scope);
      const now = clock();
      const expiraMs = await expiryOf(scope.ownerId, body.expira_em, now);
      await requireOwnFarms(scope, body.nucleos);
      const token = TOKEN_API_PREFIXO + newToken();
      const stored = await tokens.insertLive(
        scope.ownerId,
        {
          nome: body.nome,
          escopo: body.escopo,
          token_hash: hashToken(token),
          prefixo: token.slice(0, SHOWN_CHARACTERS),
          nucleos: body.nucleos === null ? null : body.nucleos.join('|'),
          expira_em: body.expira_em,
          expira_ms: expiraMs,
        },
        now,
        TOKEN_API_MAX,
      );
      if ('refused' in stored) throw stored.refused === 'DUPLICATE_NAME' ? AppError.field('nome', 'DUPLICATE_NAME') : new AppError('TOKEN_LIMIT');
      const { id } = stored;
      return { ...toTokenApi(await load(scope, id), now), token };
    },

    /** revogatokenapi: refused from the next call on; revoking a revoked token answers it as it is. */
    async revoke(scope: OwnerScope, id: number): Promise<TokenApi> {
      await load(scope, id);
      const now = clock();
      await tokens.revoke(scope.ownerId, id, now);
      return toTokenApi(await load(scope, id), now);
    },

    /** The live token behind a bearer (TOKEN_API_PREFIXO…), or undefined: unknown, revoked or expired. */
    async authenticate(token: string): Promise<AuthenticatedToken | undefined> {
      const row = await tokens.findByHash(hashToken(token));
      const now = clock();
      if (!row || row.revogado_em !== null || (row.expira_ms !== null && row.expira_ms <= now)) return undefined;
      if (row.ultimo_uso === null || now - row.ultimo_uso >= LAST_USE_INTERVAL_MS) await tokens.touch(row.id, now, LAST_USE_INTERVAL_MS);
      return { ownerId: row.owner_id, apiToken: { id: row.id, escopo: row.escopo as TokenEscopo, nucleos: farmsOf(row.nucleos) } };
    },
  };
}
export type ApiTokensService = ReturnType<typeof apiTokensService>;
