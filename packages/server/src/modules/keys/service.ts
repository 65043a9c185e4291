import type { Chave, ChaveCreated, ChaveEscopo, ChaveUso, getChaveHistBody, registerChaveBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { requireOwner, type OwnerScope } from '../permissions/index.js';
import { ACCESS_KEY_SHOWN_CHARACTERS, hashAccessKey, newAccessKey } from './access-key.js';
import type { ChaveUsoRow, ChaveWithUse, ChavesRepository } from './chaves.repository.js';

type ChaveBody = z.output<typeof registerChaveBody>;
type HistBody = z.output<typeof getChaveHistBody>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Stored text columns are bounded: an address never exceeds chave_usos.ip. */
const IP_MAX = 64;
const DETALHE_MAX = 300;

function toChave(row: ChaveWithUse): Chave {
  return {
    id: row.id,
    prop: row.owner_id,
    descricao: row.descricao,
    escopo: row.escopo as ChaveEscopo,
    validade: row.validade,
    ativa: row.ativa === 1,
    inicio: row.inicio,
    usos: row.usos,
    ultimo_uso: row.ultimo_uso === null ? null : iso(row.ultimo_uso),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toChaveUso(row: ChaveUsoRow): ChaveUso {
  return {
    id: row.id,
    idchave: row.chave_id,
    descricao: row.descricao,
    acao: row.acao as ChaveUso['acao'],
    detalhe: row.detalhe,
    ip: row.ip,
    user_email: row.user_email,
    data: iso(row.created_at),
  };
}

/** Who presents a key: the signed-in user and the address the call came from. */
export interface KeyUser {
  userId: number;
  ip: string;
}

/** A key that was accepted for a use: its id (to record the outcome) and its owner. */
export interface AcceptedKey {
  chaveId: number;
  ownerId: number;
}

/**
 * Access keys (chaves): the owner's alone, whatever a grant says. The key itself is sent once,
 * when created; only its hash and first characters are stored.
 */
export function keysService(deps: { chaves: ChavesRepository; clock: () => number }) {
  const { chaves, clock } = deps;

  async function load(scope: OwnerScope, id: number): Promise<ChaveWithUse> {
    requireOwner(scope);
    const row = await chaves.find(scope.ownerId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const recordUse = (chaveId: number, acao: ChaveUso['acao'], detalhe: string, user: KeyUser) =>
    chaves.recordUse({
      chave_id: chaveId,
      acao,
      detalhe: detalhe.slice(0, DETALHE_MAX),
      ip: user.ip.slice(0, IP_MAX),
      user_id: user.userId,
      created_at: clock(),
    });

  const service = {
    async list(scope: OwnerScope): Promise<Chave[]> {
      requireOwner(scope);
      return (await chaves.list(scope.ownerId)).map(toChave);
    },

    async get(scope: OwnerScope, id: number): Promise<Chave> {
      return toChave(await load(scope, id));
    },

    /** Creates (the answer carries the key, the only time it is sent) or updates (never carries it). */
    async save(scope: OwnerScope, body: ChaveBody): Promise<ChaveCreated> {
      requireOwner(scope);
      const { id, prop: _prop, ativa, ...rest } = body;
      const values = { ...rest, ativa: ativa ? 1 : 0 };
      const now = clock();
      if (id !== undefined) {
        await load(scope, id);
        await chaves.update(scope.ownerId, id, values, now);
        return toChave(await load(scope, id));
      }
      const chave = newAccessKey();
      const created = await chaves.insert(
        scope.ownerId,
        { ...values, key_hash: hashAccessKey(chave), inicio: chave.slice(0, ACCESS_KEY_SHOWN_CHARACTERS) },
        now,
      );
      return { ...toChave(await load(scope, created)), chave };
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      await chaves.remove(scope.ownerId, current.id);
    },

    /** getchavehist: every use of the owner's keys, or of one key, newest first. */
    async history(scope: OwnerScope, body: HistBody): Promise<ChaveUso[]> {
      requireOwner(scope);
      if (body.idchave !== undefined) await load(scope, body.idchave);
      return (await chaves.history(scope.ownerId, body.idchave)).map(toChaveUso);
    },

    /**
     * Accepts `chave` for a use of scope `escopo` (registerdevice with a key), or refuses it with
     * 403 KEY_INVALID. A refusal of a key that exists is written to its history. The validity date
     * is compared with today's UTC date: a key thus ends within hours of midnight in the owner's
     * time zone, which is precise enough for a last day of use.
     */
    async accept(chave: string, escopo: ChaveEscopo, user: KeyUser, detalhe: string): Promise<AcceptedKey> {
      const row = await chaves.findByHash(hashAccessKey(chave));
      if (!row) throw AppError.field('chave', 'KEY_INVALID');
      const today = new Date(clock()).toISOString().slice(0, 10);
      const reason =
        row.ativa !== 1 ? 'inativa' : row.escopo !== escopo ? `escopo ${row.escopo}` : row.validade !== null && row.validade < today ? 'vencida' : null;
      if (reason !== null) {
        await recordUse(row.id, 'recusada', `${detalhe} (${reason})`, user);
        throw AppError.field('chave', 'KEY_INVALID');
      }
      return { chaveId: row.id, ownerId: row.owner_id };
    },

    /** Writes what an accepted key was used for. */
    async recordAccepted(key: AcceptedKey, acao: Exclude<ChaveUso['acao'], 'recusada'>, detalhe: string, user: KeyUser): Promise<void> {
      await recordUse(key.chaveId, acao, detalhe, user);
    },
  } satisfies RecordService<ChaveBody, ChaveCreated, Chave> & Record<string, unknown>;
  return service;
}
export type KeysService = ReturnType<typeof keysService>;
