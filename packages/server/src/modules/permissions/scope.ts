import type { Nivel, TokenEscopo } from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { GrantsRepository } from './grants.repository.js';

/** What a call may do with whose data: resolved once per call from `prop` and the caller's grants. */
export interface OwnerScope {
  /** The owner whose records the call reads or writes. */
  ownerId: number;
  /** The signed-in user. */
  actorId: number;
  nivel: 'proprietario' | Nivel;
  /** null: every farm of the owner; else only these farms and what hangs from them. */
  nucleos: readonly number[] | null;
}

export type Need = 'read' | 'manage';

/** What an API token reaches of its owner's data (modules/apiTokens). */
export interface ApiTokenGrant {
  id: number;
  escopo: TokenEscopo;
  /** null: every farm of the owner; else only these farms and what hangs from them. */
  nucleos: readonly number[] | null;
}

/** Who makes a call: a signed-in user, or a machine client with its owner's API token. */
export interface Principal {
  /** The signed-in user, or the token's owner. */
  userId: number;
  apiToken?: ApiTokenGrant | undefined;
}

/**
 * A token acts for its owner alone: any other `prop` does not exist for it. `leitura` reads like a
 * read grant; `importacao` is a managing one, which the token gate (http/auth.ts) lets write
 * nothing but importacao.
 */
function tokenScope(ownerId: number, token: ApiTokenGrant, prop: number | undefined, need: Need): OwnerScope {
  if (prop !== undefined && prop !== ownerId) throw new AppError('NOT_FOUND');
  const nivel: Nivel = token.escopo === 'importacao' ? 'gestao' : 'leitura';
  if (need === 'manage' && nivel !== 'gestao') throw new AppError('FORBIDDEN');
  return { ownerId, actorId: ownerId, nivel, nucleos: token.nucleos };
}

/**
 * Resolves the owner a call acts for. Not the caller and no grant → 404 (another owner's data
 * does not exist for this caller); a read grant asked to write → 403. An API token reaches its
 * owner's data within its farms.
 */
export function ownerScopes(grants: GrantsRepository) {
  return {
    async resolve(principal: Principal, prop: number | undefined, need: Need): Promise<OwnerScope> {
      const actorId = principal.userId;
      if (principal.apiToken) return tokenScope(actorId, principal.apiToken, prop, need);
      if (prop === undefined || prop === actorId) return { ownerId: actorId, actorId, nivel: 'proprietario', nucleos: null };
      const grant = await grants.find(prop, actorId);
      if (!grant) throw new AppError('NOT_FOUND');
      if (need === 'manage' && grant.nivel !== 'gestao') throw new AppError('FORBIDDEN');
      return { ownerId: prop, actorId, nivel: grant.nivel as Nivel, nucleos: grant.nucleos };
    },
  };
}
export type OwnerScopes = ReturnType<typeof ownerScopes>;

/** True when the scope reaches this farm (a record without a farm needs a whole-account grant). */
export function reachesFarm(scope: OwnerScope, nucleoId: number | null): boolean {
  if (scope.nucleos === null) return true;
  return nucleoId !== null && scope.nucleos.includes(nucleoId);
}

/** Records not tied to a farm (charts, standards' writes): a grant limited to some farms does not reach them. */
export function requireWholeAccount(scope: OwnerScope): void {
  if (scope.nucleos !== null) throw new AppError('FORBIDDEN');
}

/** Keys, permissions and integration settings are the owner's alone, whatever the grant. */
export function requireOwner(scope: OwnerScope): void {
  if (scope.nivel !== 'proprietario') throw new AppError('FORBIDDEN');
}

/**
 * A device a record links to (a silo's scale, a fumigator's doser) must be the owner's, within
 * the caller's reach — or already the linked one, which a grantee who could not pick it may keep —
 * and of a model that fits the record.
 */
export function requireLinkedDevice(
  scope: OwnerScope,
  device: { id: number; nucleo_id: number | null; modelo: string } | undefined,
  currentDeviceId: number | null | undefined,
  models: readonly string[],
): void {
  const reachable = device && (reachesFarm(scope, device.nucleo_id) || device.id === currentDeviceId);
  if (!reachable) throw AppError.field('device_id', 'FIELD_INVALID');
  if (!models.includes(device.modelo)) throw AppError.field('device_id', 'DEVICE_MODEL_NOT_ALLOWED');
}

/** A record found for the owner, if the caller's scope reaches its farm; else 404, as if it did not exist. */
export function inReach<Row extends { nucleo_id: number | null }>(scope: OwnerScope, row: Row | undefined): Row {
  if (!row || !reachesFarm(scope, row.nucleo_id)) throw new AppError('NOT_FOUND');
  return row;
}
