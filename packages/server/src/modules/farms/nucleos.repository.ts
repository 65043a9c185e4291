import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import type { AviariosTable, NucleosTable, Tables } from '../../db/tables.js';

export type NucleoRow = Selectable<NucleosTable>;
export type AviarioRow = Selectable<AviariosTable>;
export type NucleoValues = Omit<Insertable<NucleosTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;
export type AviarioValues = Omit<Insertable<AviariosTable>, 'id' | 'nucleo_id' | 'ordem'> & { id?: number | undefined };

export interface NucleoWithHouses extends NucleoRow {
  aviarios: AviarioRow[];
  lotes_ativos: number;
}

/** Tables whose rows point at a farm or a house: a farm or house they use cannot be deleted. */
const FARM_DEPENDENTS = ['lotes', 'silos', 'devices', 'fumigadores', 'pontos_coleta', 'pesagens'] as const;

export function nucleosRepository(db: Kysely<Tables>) {
  async function withHouses(rows: NucleoRow[]): Promise<NucleoWithHouses[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const houses = await db.selectFrom('aviarios').selectAll().where('nucleo_id', 'in', ids).orderBy('ordem').orderBy('id').execute();
    const active = await db
      .selectFrom('lotes')
      .select(['nucleo_id', db.fn.countAll<number>().as('count')])
      .where('nucleo_id', 'in', ids)
      .where('data_encerramento', 'is', null)
      .groupBy('nucleo_id')
      .execute();
    const activeBy = new Map(active.map((row) => [row.nucleo_id, Number(row.count)]));
    return rows.map((row) => ({
      ...row,
      aviarios: houses.filter((house) => house.nucleo_id === row.id),
      lotes_ativos: activeBy.get(row.id) ?? 0,
    }));
  }

  /** Inserts, updates and removes houses so the farm has exactly `houses`, in that order. */
  async function replaceHouses(trx: Transaction<Tables>, nucleoId: number, houses: AviarioValues[]): Promise<void> {
    const kept = houses.flatMap((house) => (house.id === undefined ? [] : [house.id]));
    let removal = trx.deleteFrom('aviarios').where('nucleo_id', '=', nucleoId);
    if (kept.length > 0) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    for (const [ordem, { id, ...house }] of houses.entries()) {
      if (id === undefined) await trx.insertInto('aviarios').values({ ...house, nucleo_id: nucleoId, ordem }).execute();
      else await trx.updateTable('aviarios').set({ ...house, ordem }).where('id', '=', id).where('nucleo_id', '=', nucleoId).execute();
    }
  }

  /** A house for a farm that has none, so a flock can be placed on it, in the caller's transaction. */
  async function insertHouse(trx: Transaction<Tables>, nucleoId: number, nome: string): Promise<number> {
    const { id } = await trx
      .insertInto('aviarios')
      .values({ nucleo_id: nucleoId, ordem: 0, nome, lados: 1, boxes: 0, capacidade: 0, area_m2: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  return {
    async list(ownerId: number, only: readonly number[] | null): Promise<NucleoWithHouses[]> {
      if (only !== null && only.length === 0) return [];
      let query = db.selectFrom('nucleos').selectAll().where('owner_id', '=', ownerId);
      if (only !== null) query = query.where('id', 'in', [...only]);
      return withHouses(await query.orderBy('nome').orderBy('id').execute());
    },

    /** The owner's farms created or changed after the cursor, in change order (issue 21's export). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<NucleoWithHouses[]> {
      const owned = db.selectFrom('nucleos').selectAll().where('owner_id', '=', ownerId);
      return withHouses(await inChangeOrder(owned, 'updated_at', 'id', window).execute());
    },

    /** Every owner with at least one farm (the alarms job evaluates them), lowest id first. */
    async owners(): Promise<number[]> {
      const rows = await db.selectFrom('nucleos').select('owner_id').distinct().orderBy('owner_id').execute();
      return rows.map((row) => row.owner_id);
    },

    async find(ownerId: number, id: number): Promise<NucleoWithHouses | undefined> {
      const row = await db.selectFrom('nucleos').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withHouses([row]))[0] : undefined;
    },

    /** Compared in JS: SQLite's lower() leaves accented letters alone, PostgreSQL's does not. */
    async nameTaken(ownerId: number, nome: string, exceptId: number | undefined): Promise<boolean> {
      const rows = await db.selectFrom('nucleos').select(['id', 'nome']).where('owner_id', '=', ownerId).execute();
      const wanted = nome.toLocaleLowerCase('pt-BR');
      return rows.some((row) => row.id !== exceptId && row.nome.toLocaleLowerCase('pt-BR') === wanted);
    },

    async insert(ownerId: number, values: NucleoValues, houses: AviarioValues[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('nucleos')
          .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceHouses(trx, id, houses);
        return id;
      });
    },

    /** Updates the farm (values undefined: houses only) and its houses in one transaction. */
    async update(ownerId: number, id: number, values: NucleoValues | undefined, houses: AviarioValues[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('nucleos').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
        await replaceHouses(trx, id, houses);
      });
    },

    /** Houses among `ids` that flocks, silos, devices, fumigators or collection points still use. */
    async housesInUse(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const used = new Set<number>();
      for (const table of ['lote_aviarios', 'silo_aviarios'] as const) {
        const rows = await db.selectFrom(table).select('aviario_id').where('aviario_id', 'in', ids).execute();
        for (const row of rows) used.add(row.aviario_id);
      }
      for (const table of ['devices', 'fumigadores', 'pontos_coleta'] as const) {
        const rows = await db.selectFrom(table).select('aviario_id').where('aviario_id', 'in', ids).execute();
        for (const row of rows) if (row.aviario_id !== null) used.add(row.aviario_id);
      }
      return [...used];
    },

    /** True when flocks, silos, devices, fumigators, collection points or weighings are on the farm. */
    async farmInUse(id: number): Promise<boolean> {
      for (const table of FARM_DEPENDENTS) {
        const row = await db.selectFrom(table).select('id').where('nucleo_id', '=', id).limit(1).executeTakeFirst();
        if (row) return true;
      }
      return false;
    },

    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('nucleos').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /** The owner's farms' names and codes, first registered first (what a weighing's farm text is matched against). */
    async namesOf(ownerId: number): Promise<{ id: number; nome: string; codigo: string }[]> {
      return db.selectFrom('nucleos').select(['id', 'nome', 'codigo']).where('owner_id', '=', ownerId).orderBy('id').execute();
    },

    /** Each farm's first house (by order) among `ids`; a farm without houses is left out. */
    async firstHouses(ids: readonly number[]): Promise<Map<number, number>> {
      const first = new Map<number, number>();
      if (ids.length === 0) return first;
      const houses = await db.selectFrom('aviarios').select(['id', 'nucleo_id']).where('nucleo_id', 'in', [...ids]).orderBy('ordem').orderBy('id').execute();
      for (const house of houses) if (!first.has(house.nucleo_id)) first.set(house.nucleo_id, house.id);
      return first;
    },

    /** A farm known by its name alone (an imported file named it), with one house, in the caller's transaction. */
    async insertNamed(trx: Transaction<Tables>, ownerId: number, nome: string, houseName: string, now: number): Promise<{ id: number; houseId: number }> {
      const { id } = await trx
        .insertInto('nucleos')
        .values({ owner_id: ownerId, nome, tipo: 'granja', codigo: '', endereco: '', cidade: '', estado: '', pais: '', latitude: null, longitude: null, obs: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, houseId: await insertHouse(trx, id, houseName) };
    },

    insertHouse,
  };
}
export type NucleosRepository = ReturnType<typeof nucleosRepository>;
