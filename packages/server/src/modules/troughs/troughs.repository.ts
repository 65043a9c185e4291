import type { Insertable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, type Database } from '../../db/dialect.js';
import { levelRanges, type LevelRanges, type TimeRange } from '../../db/rollup-reads.js';
import { readingMaintenance, summaryTable, troughsOf, type SummaryLevel } from '../../db/rollups.js';
import type { CalhaLeiturasTable } from '../../db/tables.js';
import { STOPPED_RPM_DEC, type CalhaRow, type CalhaSummary } from './analysis.js';

export type NewCalhaReading = Insertable<CalhaLeiturasTable>;

/** calha_leituras' columns in bulkWrite's order. */
const READING_COLUMNS = [...DEVICE_READING_COLUMNS, ...integerColumns('idcalha', 'rpm_dec', 'voltas', 'ligada', 'presenca')];

/** Trough monitors' stored readings (calha_leituras, written here alone); the monitors are the devices module's. */
export function troughsRepository(database: Database) {
  const { db } = database;

  return {
    /**
     * The trough numbers each device has readings of, raw or summed. Skip scans (each step one
     * index seek on device_id, idcalha), so a monitor with years of minute rows answers at once on
     * both databases.
     */
    async troughNumbers(ownerId: number, deviceIds: readonly number[]): Promise<Array<{ device_id: number; idcalha: number }>> {
      const found: Array<{ device_id: number; idcalha: number }> = [];
      for (const deviceId of deviceIds) {
        const numbers = new Set<number>();
        for (const table of ['calha_leituras', summaryTable('calha_leituras', 'min'), summaryTable('calha_leituras', 'hora')]) {
          for (const idcalha of await troughsOf(db, table, deviceId, ownerId)) numbers.add(idcalha);
        }
        for (const idcalha of [...numbers].sort((a, b) => a - b)) found.push({ device_id: deviceId, idcalha });
      }
      return found;
    },

    /** Which level (raw, minutes, hours) answers each part of [from, to) for one trough. */
    levels: (deviceId: number, idcalha: number, from: number, to: number): Promise<LevelRanges> => levelRanges(db, 'calha_leituras', { device_id: deviceId, idcalha }, from, to),

    /** A trough's minute or hour summaries starting in the range, oldest first. */
    async summaries(level: SummaryLevel, ownerId: number, deviceId: number, idcalha: number, range: TimeRange): Promise<CalhaSummary[]> {
      const rows = await db
        .selectFrom(summaryTable('calha_leituras', level) as 'calha_leituras_min')
        .select(['inicio', 'n', 'primeiro_em', 'ultimo_em', 'ligada_n', 'rpm_soma', 'rpm_soma_ligada', 'voltas_max', 'voltas_ultimo', 'presenca_n', 'presenca_soma'])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .where('idcalha', '=', idcalha)
        .where('inicio', '>=', range.from)
        .where('inicio', '<', range.to)
        .orderBy('inicio')
        .execute();
      // PostgreSQL answers bigint columns as numbers (dialect.ts), SQLite too: no conversion.
      return rows;
    },

    /** calha_leituras' summing and purge, for the periodic job (modules/readings). */
    maintenance: readingMaintenance(database, 'calha_leituras'),

    /** Stores readings, one per trough and bucket (a bucket already stored, by any instance, is skipped). */
    insertReadings: (rows: readonly NewCalhaReading[]): Promise<void> => bulkWrite(database, 'calha_leituras', READING_COLUMNS, rows),

    /**
     * Per trough of these devices whose latest reading (at or after `from`) is stopped with the
     * motor on (rpm below STOPPED_RPM_DEC): the first and last readings of that trailing stopped
     * run within [from, ∞). A trough whose latest reading runs or is off is not answered.
     */
    async stoppedRuns(ownerId: number, deviceIds: readonly number[], from: number): Promise<Array<{ device_id: number; idcalha: number; desde: number; ultimo_em: number }>> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('calha_leituras as c')
        .select((eb) => ['c.device_id', 'c.idcalha', eb.fn.min('c.em').as('desde'), eb.fn.max('c.em').as('ultimo_em')])
        .where('c.owner_id', '=', ownerId)
        .where('c.device_id', 'in', [...deviceIds])
        .where('c.em', '>=', from)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('calha_leituras as o')
                .select('o.id')
                .whereRef('o.device_id', '=', 'c.device_id')
                .whereRef('o.idcalha', '=', 'c.idcalha')
                .whereRef('o.em', '>=', 'c.em')
                .where((running) => running.or([running('o.ligada', '=', 0), running('o.rpm_dec', '>=', STOPPED_RPM_DEC)])),
            ),
          ),
        )
        .groupBy(['c.device_id', 'c.idcalha'])
        .execute();
      return rows.map((row) => ({ device_id: Number(row.device_id), idcalha: Number(row.idcalha), desde: Number(row.desde), ultimo_em: Number(row.ultimo_em) }));
    },

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
