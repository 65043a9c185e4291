import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DevicesTable, Tables } from '../../db/tables.js';

export type DeviceRowBase = Selectable<DevicesTable>;
/** Who a device is and whose: what the MQTT gateway keeps of it. */
export type DeviceIdentity = Pick<DeviceRowBase, 'id' | 'owner_id' | 'nucleo_id' | 'modelo' | 'serie' | 'chip_id'>;
export interface DeviceRow extends DeviceRowBase {
  nucleo_nome: string | null;
  aviario_nome: string | null;
}
/** What a save may change: never the model, serial or credentials. */
export type DeviceValues = Pick<Insertable<DevicesTable>, 'chip_id' | 'versao' | 'nome' | 'nucleo_id' | 'aviario_id' | 'obs'>;
export type NewDeviceValues = DeviceValues & Pick<Insertable<DevicesTable>, 'modelo' | 'serie' | 'credential_user' | 'credential_hash'>;

/** Devices per contact update: well under either database's limit of bound values. */
const CONTACT_BATCH = 500;

/** Code-unit order, the same on both databases whatever PostgreSQL's collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byModelAndSerial = (a: DeviceRow, b: DeviceRow) => byText(a.modelo, b.modelo) || byText(a.serie, b.serie) || a.id - b.id;

/** Weighing devices; also reads the records that point at a device (silos, fumigators, collection points, charts). */
export function devicesRepository(db: Kysely<Tables>) {
  const withPlace = () =>
    db
      .selectFrom('devices')
      .leftJoin('nucleos', 'nucleos.id', 'devices.nucleo_id')
      .leftJoin('aviarios', 'aviarios.id', 'devices.aviario_id')
      .selectAll('devices')
      .select(['nucleos.nome as nucleo_nome', 'aviarios.nome as aviario_nome']);

  return {
    async list(ownerId: number, only: readonly number[] | null): Promise<DeviceRow[]> {
      if (only !== null && only.length === 0) return [];
      let query = withPlace().where('devices.owner_id', '=', ownerId);
      if (only !== null) query = query.where('devices.nucleo_id', 'in', [...only]);
      return (await query.execute()).sort(byModelAndSerial);
    },

    async find(ownerId: number, id: number): Promise<DeviceRow | undefined> {
      return withPlace().where('devices.owner_id', '=', ownerId).where('devices.id', '=', id).executeTakeFirst();
    },

    /** The registered device of this model and serial, any owner's (serials compare without case, as at registration). */
    async findBySerial(modelo: string, serie: string): Promise<DeviceIdentity | undefined> {
      return db
        .selectFrom('devices')
        .select(['id', 'owner_id', 'nucleo_id', 'modelo', 'serie', 'chip_id'])
        .where('modelo', '=', modelo)
        .where(sql<string>`lower(serie)`, '=', serie.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * When these devices last sent anything: one statement for the lot (the MQTT gateway gathers
     * them, at most once every 30 s per device). Never moved back: an instance behind may write late.
     */
    async touchContacts(ids: readonly number[], now: number): Promise<void> {
      for (let at = 0; at < ids.length; at += CONTACT_BATCH) {
        await db
          .updateTable('devices')
          .set({ last_contact_at: now })
          .where('id', 'in', ids.slice(at, at + CONTACT_BATCH))
          .where((where) => where.or([where('last_contact_at', 'is', null), where('last_contact_at', '<', now)]))
          .execute();
      }
    },

    /** The model of the owner's device `id` (undefined when it is not theirs). */
    async modelOf(ownerId: number, id: number): Promise<string | undefined> {
      const row = await db.selectFrom('devices').select('modelo').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row?.modelo;
    },

    async findByCredentialUser(credentialUser: string): Promise<DeviceRowBase | undefined> {
      return db.selectFrom('devices').selectAll().where('credential_user', '=', credentialUser).executeTakeFirst();
    },

    /**
     * True when this model and serial are registered in any account. Serials are compared without
     * case (AB12 and ab12 are the same label); they are ASCII, so lower() agrees on both databases.
     */
    async serialTaken(modelo: string, serie: string): Promise<boolean> {
      const row = await db
        .selectFrom('devices')
        .select('id')
        .where('modelo', '=', modelo)
        .where(sql<string>`lower(serie)`, '=', serie.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(ownerId: number, values: NewDeviceValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('devices')
        .values({ ...values, owner_id: ownerId, last_contact_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(ownerId: number, id: number, values: DeviceValues, now: number): Promise<void> {
      await db.updateTable('devices').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    async setCredentialHash(ownerId: number, id: number, credentialHash: string, now: number): Promise<void> {
      await db.updateTable('devices').set({ credential_hash: credentialHash, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('devices').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },
  };
}
export type DevicesRepository = ReturnType<typeof devicesRepository>;
