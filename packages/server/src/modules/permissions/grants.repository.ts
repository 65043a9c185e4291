import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

export interface GrantRow {
  id: number;
  owner_id: number;
  grantee_id: number;
  nivel: string;
  /** null: all the owner's data. */
  nucleos: number[] | null;
  updated_at: number;
}

export interface GrantWithUser extends GrantRow {
  user_id: number;
  name: string;
  email: string;
  company: string;
}

/** Grants between owners and the users they let in (permissoes, proprietarios, setpermissoes). */
export function grantsRepository(db: Kysely<Tables>) {
  async function farmsOf(grantIds: number[]): Promise<Map<number, number[]>> {
    const byGrant = new Map<number, number[]>();
    if (grantIds.length === 0) return byGrant;
    const rows = await db.selectFrom('grant_nucleos').select(['grant_id', 'nucleo_id']).where('grant_id', 'in', grantIds).orderBy('nucleo_id').execute();
    for (const row of rows) byGrant.set(row.grant_id, [...(byGrant.get(row.grant_id) ?? []), row.nucleo_id]);
    return byGrant;
  }

  const withFarms = async <T extends { id: number; all_data: number }>(rows: T[]) => {
    const farms = await farmsOf(rows.filter((row) => !row.all_data).map((row) => row.id));
    return rows.map(({ all_data, ...row }) => ({ ...row, nucleos: all_data ? null : (farms.get(row.id) ?? []) }));
  };

  const grantColumns = ['grants.id', 'grants.owner_id', 'grants.grantee_id', 'grants.nivel', 'grants.all_data', 'grants.updated_at'] as const;

  return {
    async find(ownerId: number, granteeId: number): Promise<GrantRow | undefined> {
      const row = await db.selectFrom('grants').select(grantColumns).where('owner_id', '=', ownerId).where('grantee_id', '=', granteeId).executeTakeFirst();
      return row ? (await withFarms([row]))[0] : undefined;
    },

    /** Grants an owner gave, with the grantee's name and e-mail. */
    async given(ownerId: number): Promise<GrantWithUser[]> {
      const rows = await db
        .selectFrom('grants')
        .innerJoin('users', 'users.id', 'grants.grantee_id')
        .select([...grantColumns, 'users.id as user_id', 'users.name', 'users.email', 'users.company'])
        .where('grants.owner_id', '=', ownerId)
        .orderBy('users.name')
        .execute();
      return withFarms(rows);
    },

    /** Grants a user received, with the owner's name and e-mail. */
    async received(granteeId: number): Promise<GrantWithUser[]> {
      const rows = await db
        .selectFrom('grants')
        .innerJoin('users', 'users.id', 'grants.owner_id')
        .select([...grantColumns, 'users.id as user_id', 'users.name', 'users.email', 'users.company'])
        .where('grants.grantee_id', '=', granteeId)
        .orderBy('users.name')
        .execute();
      return withFarms(rows);
    },

    /** Creates or replaces the grant of `granteeId` over `ownerId`'s data in one transaction. */
    async put(ownerId: number, granteeId: number, nivel: string, nucleos: number[] | null, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('grants').select('id').where('owner_id', '=', ownerId).where('grantee_id', '=', granteeId).executeTakeFirst();
        const values = { nivel, all_data: nucleos === null ? 1 : 0, updated_at: now };
        let grantId: number;
        if (existing) {
          await trx.updateTable('grants').set(values).where('id', '=', existing.id).execute();
          await trx.deleteFrom('grant_nucleos').where('grant_id', '=', existing.id).execute();
          grantId = existing.id;
        } else {
          const inserted = await trx
            .insertInto('grants')
            .values({ owner_id: ownerId, grantee_id: granteeId, created_at: now, ...values })
            .returning('id')
            .executeTakeFirstOrThrow();
          grantId = inserted.id;
        }
        if (nucleos && nucleos.length > 0) {
          await trx.insertInto('grant_nucleos').values(nucleos.map((nucleo_id) => ({ grant_id: grantId, nucleo_id }))).execute();
        }
      });
    },

    async farmNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('nucleos').select(['id', 'nome']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.nome]));
    },

    /** The farms among `ids` that belong to `ownerId`. */
    async farmsOwned(ownerId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('nucleos').select('id').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    },

    async remove(ownerId: number, granteeId: number): Promise<void> {
      await db.deleteFrom('grants').where('owner_id', '=', ownerId).where('grantee_id', '=', granteeId).execute();
    },
  };
}
export type GrantsRepository = ReturnType<typeof grantsRepository>;
