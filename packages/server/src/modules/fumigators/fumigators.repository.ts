import type { Insertable, Kysely, Selectable } from 'kysely';
import type { FumigadoresTable, Tables } from '../../db/tables.js';

export type FumigadorRow = Selectable<FumigadoresTable>;
export type FumigadorValues = Omit<Insertable<FumigadoresTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;

export interface FumigadorDetails extends FumigadorRow {
  nucleo_nome: string;
  aviario_nome: string | null;
  device: { nome: string; modelo: string; serie: string } | null;
}

const byName = (a: { nome: string; id: number }, b: { nome: string; id: number }) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id;

/** Fumigators and dosers with their farm, house and device names. */
export function fumigatorsRepository(db: Kysely<Tables>) {
  const selectFumigators = () =>
    db
      .selectFrom('fumigadores')
      .innerJoin('nucleos', 'nucleos.id', 'fumigadores.nucleo_id')
      .leftJoin('aviarios', 'aviarios.id', 'fumigadores.aviario_id')
      .leftJoin('devices', 'devices.id', 'fumigadores.device_id')
      .selectAll('fumigadores')
      .select(['nucleos.nome as nucleo_nome', 'aviarios.nome as aviario_nome', 'devices.nome as device_nome', 'devices.modelo as device_modelo', 'devices.serie as device_serie']);

  type Joined = Awaited<ReturnType<ReturnType<typeof selectFumigators>['execute']>>[number];
  const details = ({ device_nome, device_modelo, device_serie, ...row }: Joined): FumigadorDetails => ({
    ...row,
    device: device_modelo === null ? null : { nome: device_nome ?? '', modelo: device_modelo, serie: device_serie ?? '' },
  });

  return {
    async list(ownerId: number, only: readonly number[] | null): Promise<FumigadorDetails[]> {
      if (only !== null && only.length === 0) return [];
      let query = selectFumigators().where('fumigadores.owner_id', '=', ownerId);
      if (only !== null) query = query.where('fumigadores.nucleo_id', 'in', [...only]);
      return (await query.execute()).map(details).sort(byName);
    },

    async find(ownerId: number, id: number): Promise<FumigadorDetails | undefined> {
      const row = await selectFumigators().where('fumigadores.owner_id', '=', ownerId).where('fumigadores.id', '=', id).executeTakeFirst();
      return row ? details(row) : undefined;
    },

    async insert(ownerId: number, values: FumigadorValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('fumigadores')
        .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(ownerId: number, id: number, values: FumigadorValues, now: number): Promise<void> {
      await db.updateTable('fumigadores').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('fumigadores').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /** The fumigator a doser drives (the oldest, should several name it). */
    async drivenBy(deviceId: number): Promise<{ id: number; owner_id: number; produto: string } | undefined> {
      return db.selectFrom('fumigadores').select(['id', 'owner_id', 'produto']).where('device_id', '=', deviceId).orderBy('id').limit(1).executeTakeFirst();
    },

    /** True when a fumigator is driven by this device (the device cannot be deleted then). */
    async usingDevice(deviceId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('fumigadores').select('id').where('device_id', '=', deviceId).limit(1).executeTakeFirst());
    },
  };
}
export type FumigatorsRepository = ReturnType<typeof fumigatorsRepository>;
