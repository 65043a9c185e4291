import type { Transaction } from 'kysely';
import type { Database } from '../../db/dialect.js';
import type { Tables } from '../../db/tables.js';

/** A manual weighing as first stored: what a re-send of its uid answers. */
export interface ManualRecord {
  aves: number;
  peso_total_dg: number;
}

/** pesagens_manuais (migration 0013): the uids of the manual weighings stored, one per owner and uid. */
export function manualRepository(database: Database) {
  const { db } = database;
  return {
    /** The owner's manual weighing `uid`, when stored (read outside or inside a transaction). */
    async find(ownerId: number, uid: string, trx: Transaction<Tables> | undefined = undefined): Promise<ManualRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('pesagens_manuais')
        .select(['aves', 'peso_total_dg'])
        .where('owner_id', '=', ownerId)
        .where('uid', '=', uid)
        .executeTakeFirst();
      return row && { aves: row.aves, peso_total_dg: Number(row.peso_total_dg) };
    },

    /** Records the uid in the transaction storing its birds; a uid stored meanwhile makes the insert, and so the transaction, fail. */
    async insert(trx: Transaction<Tables>, row: { owner_id: number; uid: string; lote_id: number; aves: number; peso_total_dg: number; created_at: number }): Promise<void> {
      await trx.insertInto('pesagens_manuais').values(row).execute();
    },
  };
}
export type ManualRepository = ReturnType<typeof manualRepository>;
