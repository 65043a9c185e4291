import type { Insertable, Selectable, Transaction } from 'kysely';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import { lockRows, type Database } from '../../db/dialect.js';
import type { SilosTable, Tables } from '../../db/tables.js';

export type SiloRow = Selectable<SilosTable>;
export type SiloValues = Omit<Insertable<SilosTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;

export interface SiloDetails extends SiloRow {
  nucleo_nome: string;
  device: { nome: string; modelo: string; serie: string } | null;
  aviarios: { id: number; nome: string }[];
  /** Balance in tenths of a kilogram: movements of the silo plus transfers into it. */
  saldo_hg: number;
  ultimo_movimento: string | null;
}

const byName = (a: { nome: string; id: number }, b: { nome: string; id: number }) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id;

/**
 * Silos with the houses they serve (silos and silo_aviarios, written here alone); balances are
 * summed from silo_movimentos (movements.repository.ts writes it).
 */
export function silosRepository(database: Database) {
  const { db } = database;

  async function details(rows: (SiloRow & { nucleo_nome: string; device_nome: string | null; device_modelo: string | null; device_serie: string | null })[]): Promise<SiloDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const houses = await db
      .selectFrom('silo_aviarios')
      .innerJoin('aviarios', 'aviarios.id', 'silo_aviarios.aviario_id')
      .select(['silo_aviarios.silo_id', 'aviarios.id', 'aviarios.nome'])
      .where('silo_aviarios.silo_id', 'in', ids)
      .orderBy('aviarios.ordem')
      .orderBy('aviarios.id')
      .execute();
    // A transfer is stored once, on its source, with the source's (negative) effect.
    const own = await db
      .selectFrom('silo_movimentos')
      .select(['silo_id', db.fn.sum<number>('quantidade_hg').as('total'), db.fn.max('data').as('latest')])
      .where('silo_id', 'in', ids)
      .groupBy('silo_id')
      .execute();
    const incoming = await db
      .selectFrom('silo_movimentos')
      .select(['silo_destino_id', db.fn.sum<number>('quantidade_hg').as('total'), db.fn.max('data').as('latest')])
      .where('silo_destino_id', 'in', ids)
      .groupBy('silo_destino_id')
      .execute();
    const ownBy = new Map(own.map((row) => [row.silo_id, row]));
    const incomingBy = new Map(incoming.map((row) => [row.silo_destino_id, row]));
    return rows
      .map(({ nucleo_nome, device_nome, device_modelo, device_serie, ...row }) => {
        const mine = ownBy.get(row.id);
        const received = incomingBy.get(row.id);
        const dates = [mine?.latest, received?.latest].filter((date): date is string => typeof date === 'string').sort();
        return {
          ...row,
          nucleo_nome,
          device: device_modelo === null ? null : { nome: device_nome ?? '', modelo: device_modelo, serie: device_serie ?? '' },
          aviarios: houses.filter((house) => house.silo_id === row.id).map(({ id, nome }) => ({ id, nome })),
          // PostgreSQL answers sums of integers as bigint (read as number here) or numeric strings.
          saldo_hg: Number(mine?.total ?? 0) - Number(received?.total ?? 0),
          ultimo_movimento: dates.at(-1) ?? null,
        };
      })
      .sort(byName);
  }

  const selectSilos = () =>
    db
      .selectFrom('silos')
      .innerJoin('nucleos', 'nucleos.id', 'silos.nucleo_id')
      .leftJoin('devices', 'devices.id', 'silos.device_id')
      .selectAll('silos')
      .select(['nucleos.nome as nucleo_nome', 'devices.nome as device_nome', 'devices.modelo as device_modelo', 'devices.serie as device_serie']);

  async function replaceHouses(trx: Transaction<Tables>, siloId: number, aviarioIds: number[]): Promise<void> {
    await trx.deleteFrom('silo_aviarios').where('silo_id', '=', siloId).execute();
    if (aviarioIds.length > 0) await trx.insertInto('silo_aviarios').values(aviarioIds.map((aviario_id) => ({ silo_id: siloId, aviario_id }))).execute();
  }

  return {
    async list(ownerId: number, only: readonly number[] | null): Promise<SiloDetails[]> {
      if (only !== null && only.length === 0) return [];
      let query = selectSilos().where('silos.owner_id', '=', ownerId);
      if (only !== null) query = query.where('silos.nucleo_id', 'in', [...only]);
      return details(await query.execute());
    },

    async find(ownerId: number, id: number): Promise<SiloDetails | undefined> {
      const row = await selectSilos().where('silos.owner_id', '=', ownerId).where('silos.id', '=', id).executeTakeFirst();
      return row ? (await details([row]))[0] : undefined;
    },

    /** The owner's silos created or changed after the cursor, in change order (issue 21's export). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<SiloDetails[]> {
      const rows = await inChangeOrder(selectSilos().where('silos.owner_id', '=', ownerId), 'silos.updated_at', 'silos.id', window).execute();
      // details() answers them by name: back to change order, the page's last row its cursor.
      return (await details(rows)).sort((a, b) => a.updated_at - b.updated_at || a.id - b.id);
    },

    /** The bare row (for movements: which farm the silo is on). */
    async findRow(ownerId: number, id: number): Promise<SiloRow | undefined> {
      return db.selectFrom('silos').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    async names(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('silos').select(['id', 'nome']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.nome]));
    },

    async insert(ownerId: number, values: SiloValues, aviarioIds: number[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('silos')
          .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceHouses(trx, id, aviarioIds);
        return id;
      });
    },

    async update(ownerId: number, id: number, values: SiloValues, aviarioIds: number[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('silos').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
        await replaceHouses(trx, id, aviarioIds);
      });
    },

    /**
     * Deletes the silo with its houses and movements, unless a transfer ties it to another silo
     * (either way: both silos' histories show it). False when refused. (A chart line drawing it is
     * the charts module's usage check, asked by the service first.)
     * Checked and deleted in one transaction, the silo row locked, so no transfer slips in between.
     */
    async removeUnlessUsed(ownerId: number, id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockRows(database, trx.selectFrom('silos').select('id').where('id', '=', id));
        const transfer = await trx
          .selectFrom('silo_movimentos')
          .select('id')
          .where((eb) => eb.or([eb('silo_destino_id', '=', id), eb.and([eb('silo_id', '=', id), eb('silo_destino_id', 'is not', null)])]))
          .limit(1)
          .executeTakeFirst();
        if (transfer) return false;
        // silo_aviarios and silo_movimentos go by ON DELETE CASCADE.
        await trx.deleteFrom('silos').where('owner_id', '=', ownerId).where('id', '=', id).execute();
        return true;
      });
    },

    /** True when a silo is weighed by this device (the device cannot be deleted then). */
    async usingDevice(deviceId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('silos').select('id').where('device_id', '=', deviceId).limit(1).executeTakeFirst());
    },
  };
}
export type SilosRepository = ReturnType<typeof silosRepository>;

