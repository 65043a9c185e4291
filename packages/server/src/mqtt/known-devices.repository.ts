import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import type { KnownDevice } from './types.js';

/** What the gateway reads and writes of the devices table. */
export function knownDevicesRepository(db: Kysely<Tables>) {
  return {
    /** The registered device of this model and serial (serials compare without case, as at registration). */
    async find(modelo: string, serie: string): Promise<KnownDevice | undefined> {
      return db
        .selectFrom('devices')
        .select(['id', 'owner_id', 'nucleo_id', 'modelo', 'serie', 'chip_id'])
        .where('modelo', '=', modelo)
        .where(sql<string>`lower(serie)`, '=', serie.toLowerCase())
        .executeTakeFirst();
    },

    async touchContact(id: number, now: number): Promise<void> {
      await db.updateTable('devices').set({ last_contact_at: now }).where('id', '=', id).execute();
    },
  };
}
export type KnownDevicesRepository = ReturnType<typeof knownDevicesRepository>;
