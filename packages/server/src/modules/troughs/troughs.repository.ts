import { sql, type Insertable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, type Database } from '../../db/dialect.js';
import type { CalhaLeiturasTable } from '../../db/tables.js';
import type { CalhaRow } from './analysis.js';

export type NewCalhaReading = Insertable<CalhaLeiturasTable>;

/** calha_leituras' columns in bulkWrite's order. */
const READING_COLUMNS = [...DEVICE_READING_COLUMNS, ...integerColumns('idcalha', 'rpm_dec', 'voltas', 'ligada', 'presenca')];

/** Trough monitors' stored readings (calha_leituras, written here alone); the monitors are the devices module's. */
export function troughsRepository(database: Database) {
  const { db } = database;

  return {
    /**
     * The trough numbers each device has readings of. A skip scan (each step one index seek on
     * device_id, idcalha), so a monitor with years of minute rows answers at once on both databases.
     */
    async troughNumbers(ownerId: number, deviceIds: readonly number[]): Promise<Array<{ device_id: number; idcalha: number }>> {
      const found: Array<{ device_id: number; idcalha: number }> = [];
      for (const deviceId of deviceIds) {
        const { rows } = await sql<{ idcalha: number | string }>`
          with recursive seen(idcalha) as (
            select min(idcalha) from calha_leituras where device_id = ${deviceId} and owner_id = ${ownerId}
            union all
            select (select min(idcalha) from calha_leituras where device_id = ${deviceId} and owner_id = ${ownerId} and idcalha > seen.idcalha)
            from seen where seen.idcalha is not null
          )
          select idcalha from seen where idcalha is not null`.execute(db);
        for (const row of rows) found.push({ device_id: deviceId, idcalha: Number(row.idcalha) });
      }
      return found;
    },

    /** Stores readings, one per trough and bucket (a bucket already stored, by any instance, is skipped). */
    insertReadings: (rows: readonly NewCalhaReading[]): Promise<void> => bulkWrite(database, 'calha_leituras', READING_COLUMNS, rows),

    /** True when the owner has any stored trough reading. */
    async anyReadingOf(ownerId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('calha_leituras').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst());
    },

    /** Up to `limit` readings of a trough in [from, to) after `after` (epoch ms), oldest first: one page. */
    async readings(ownerId: number, deviceId: number, idcalha: number, range: { from: number; to: number; after: number | null }, limit: number): Promise<CalhaRow[]> {
      let query = db
        .selectFrom('calha_leituras')
        .select(['em', 'rpm_dec', 'voltas', 'ligada', 'presenca'])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .where('idcalha', '=', idcalha)
        .where('em', '<', range.to);
      query = range.after === null ? query.where('em', '>=', range.from) : query.where('em', '>', range.after);
      return query.orderBy('em').limit(limit).execute();
    },
  };
}
export type TroughsRepository = ReturnType<typeof troughsRepository>;
