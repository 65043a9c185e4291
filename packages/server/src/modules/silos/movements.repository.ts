import type { Insertable, Kysely, Selectable } from 'kysely';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import { lockRows, type Database } from '../../db/dialect.js';
import type { SiloMovimentosTable, Tables } from '../../db/tables.js';

export type MovementRow = Selectable<SiloMovimentosTable>;
export type MovementValues = Omit<Insertable<SiloMovimentosTable>, 'id'>;

/** Feed movements of silos (silo_movimentos, written here alone): the rows a silo's balance is summed from. */
export function movementsRepository(database: Database) {
  const { db } = database;

  /** The same queries on the pool or inside a transaction. */
  function on(executor: Kysely<Tables>) {
    return {
      /** Every movement that changes one of these silos, in date order (same date: as registered). */
      async touching(siloIds: number[]): Promise<MovementRow[]> {
        if (siloIds.length === 0) return [];
        return executor
          .selectFrom('silo_movimentos')
          .selectAll()
          .where((eb) => eb.or([eb('silo_id', 'in', siloIds), eb('silo_destino_id', 'in', siloIds)]))
          .orderBy('data')
          .orderBy('id')
          .execute();
      },
    };
  }

  /** What a transaction may do: lock the silos it changes, read, write. */
  function inTransaction(trx: Kysely<Tables>) {
    return {
      ...on(trx),
      /**
       * Holds the silos' rows until commit, so two movements on one silo are checked one after the
       * other (SQLite runs one transaction at a time already). Locked in id order: no deadlock.
       */
      async lockSilos(siloIds: number[]): Promise<void> {
        if (siloIds.length === 0) return;
        await lockRows(database, trx.selectFrom('silos').select('id').where('id', 'in', siloIds).orderBy('id'));
      },
      async insert(values: MovementValues): Promise<number> {
        const { id } = await trx.insertInto('silo_movimentos').values(values).returning('id').executeTakeFirstOrThrow();
        return id;
      },
      async remove(id: number): Promise<void> {
        await trx.deleteFrom('silo_movimentos').where('id', '=', id).execute();
      },
    };
  }
  return {
    ...on(db),

    /** Feed taken out of each silo by consumption movements, per day in [di, df]: hg (positive). */
    async consumptionPerDay(siloIds: number[], di: string, df: string): Promise<{ silo_id: number; data: string; hg: number }[]> {
      if (siloIds.length === 0) return [];
      const rows = await db
        .selectFrom('silo_movimentos')
        .select(['silo_id', 'data', db.fn.sum<number | string>('quantidade_hg').as('total')])
        .where('silo_id', 'in', siloIds)
        .where('tipo', '=', 'consumo')
        .where('data', '>=', di)
        .where('data', '<=', df)
        .groupBy(['silo_id', 'data'])
        .execute();
      // Stored with its signed effect on the silo: a consumption is negative.
      return rows.map((row) => ({ silo_id: row.silo_id, data: row.data, hg: -Number(row.total) }));
    },

    /** These movements' stored quantities (tenths, signed as stored), by id; ids not found are left out. */
    async quantities(ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('silo_movimentos').select(['id', 'quantidade_hg']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.quantidade_hg]));
    },

    /** Movements of the owner's silos registered after the cursor, in that order (issue 21's export; never changed once stored). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<MovementRow[]> {
      const owned = db.selectFrom('silo_movimentos').innerJoin('silos', 'silos.id', 'silo_movimentos.silo_id').selectAll('silo_movimentos').where('silos.owner_id', '=', ownerId);
      return inChangeOrder(owned, 'silo_movimentos.created_at', 'silo_movimentos.id', window).execute();
    },

    /** A movement of one of the owner's silos. */
    async find(ownerId: number, id: number): Promise<MovementRow | undefined> {
      return db
        .selectFrom('silo_movimentos')
        .innerJoin('silos', 'silos.id', 'silo_movimentos.silo_id')
        .selectAll('silo_movimentos')
        .where('silos.owner_id', '=', ownerId)
        .where('silo_movimentos.id', '=', id)
        .executeTakeFirst();
    },

    /** The movements' queries inside another write's transaction (a confirmed delivery records its movement so). */
    within: inTransaction,

    /** Runs `work` in one transaction; an error thrown by it undoes everything it wrote. */
    async atomically<T>(work: (transaction: ReturnType<typeof inTransaction>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(inTransaction(trx)));
    },
  };
}
export type MovementsRepository = ReturnType<typeof movementsRepository>;

/** The queries a movement's transaction runs. */
export type MovementsTransaction = Parameters<Parameters<MovementsRepository['atomically']>[0]>[0];
