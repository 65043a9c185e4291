import type { Permissao, Proprietario, SetPermissoesBody } from '@portal/shared';
import type { z } from 'zod';
import type { setPermissoesBody } from '@portal/shared';
import type { EventBus } from '../../events/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { GrantsRepository } from './grants.repository.js';

type SetBody = z.output<typeof setPermissoesBody>;

/** permissoes, proprietarios and setpermissoes: an owner shares its data; a user sees whose data it may use. */
export function permissionsService(deps: {
  grants: GrantsRepository;
  accounts: Pick<AccountReads, 'userById' | 'userByEmail'>;
  clock: () => number;
  /** Told 'grants.changed' after a grantee's grant changed, so live sockets drop what it no longer covers (on every instance). */
  events: Pick<EventBus, 'emit'>;
}) {
  const { grants, accounts, clock, events } = deps;

  async function given(ownerId: number): Promise<Permissao[]> {
    const rows = await grants.given(ownerId);
    const names = await farmNames(rows.flatMap((row) => row.nucleos ?? []));
    return rows.map((row) => ({
      iduser: row.user_id,
      nome: row.name,
      email: row.email,
      nivel: row.nivel as Permissao['nivel'],
      nucleos: row.nucleos === null ? null : row.nucleos.map((id) => ({ id, nome: names.get(id) ?? '' })),
      updated_at: new Date(row.updated_at).toISOString(),
    }));
  }

  async function farmNames(ids: number[]): Promise<Map<number, string>> {
    return grants.farmNames([...new Set(ids)]);
  }

  return {
    given,

    /** The caller first (its own data), then every owner that granted it access. */
    async owners(userId: number): Promise<Proprietario[]> {
      const self = await accounts.userById(userId);
      if (!self) throw new AppError('UNAUTHENTICATED');
      const received = await grants.received(userId);
      return [
        { id: self.id, nome: self.name, email: self.email, company: self.company, nivel: 'proprietario', nucleos: null },
        ...received.map((row) => ({
          id: row.user_id,
          nome: row.name,
          email: row.email,
          company: row.company,
          nivel: row.nivel as Proprietario['nivel'],
          nucleos: row.nucleos,
        })),
      ];
    },

    async set(ownerId: number, body: SetBody | SetPermissoesBody): Promise<Permissao[]> {
      const input = body as SetBody;
      const grantee = await accounts.userByEmail(input.email);
      if (!grantee) throw AppError.field('email', 'USER_NOT_FOUND');
      if (grantee.id === ownerId) throw AppError.field('email', 'PERMISSION_SELF');
      if (input.nivel === 'nenhum') {
        await grants.remove(ownerId, grantee.id);
        await events.emit('grants.changed', { granteeId: grantee.id });
        return given(ownerId);
      }
      if (input.nucleos !== null) {
        const owned = await grants.farmsOwned(ownerId, input.nucleos);
        if (owned.length !== input.nucleos.length) throw AppError.field('nucleos', 'FIELD_INVALID');
      }
      await grants.put(ownerId, grantee.id, input.nivel, input.nucleos, clock());
      await events.emit('grants.changed', { granteeId: grantee.id });
      return given(ownerId);
    },
  };
}
export type PermissionsService = ReturnType<typeof permissionsService>;
