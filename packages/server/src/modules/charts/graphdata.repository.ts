import { sql, type Kysely } from 'kysely';
import { levelRanges, summaryGroups } from '../../db/rollup-reads.js';
import { summaryTable } from '../../db/rollups.js';
import type { Tables } from '../../db/tables.js';

const DAY_MS = 86_400_000;

/** A device series a chart draws per day, and what its minute and hour summaries hold of it (migration 0010). */
type DeviceSource = { table: 'silo_leituras'; column: 'peso_hg' } | { table: 'calha_leituras'; column: 'rpm_dec'; onlyOn: true } | { table: 'dose_leituras'; column: 'volume_dml' };
const SUMMED: Record<DeviceSource['table'], { count: string; sum: string; max: string }> = {
  silo_leituras: { count: 'sum(n)', sum: 'sum(peso_soma)', max: 'max(peso_max)' },
  // Rotation while the motor is on: its readings, their sum and highest.
  calha_leituras: { count: 'sum(ligada_n)', sum: 'sum(rpm_soma_ligada)', max: 'max(rpm_max_ligada)' },
  dose_leituras: { count: 'sum(n)', sum: 'sum(volume_soma)', max: 'max(volume_max)' },
};

/** Per local day (its index: days since 1970-01-01 in the owner's timezone), integer sums of a reading. */
export interface DayAggregate {
  day: number;
  count: number;
  sum: number;
  max: number;
}

/**
 * What getgraphdata reads itself, always within one owner: a silo and its movements, and the daily
 * aggregates of device readings (report queries over the silos', troughs' and dosing's reading
 * tables). Flocks, standards, weighings, devices and scale readings come from their modules' services.
 */
export function graphDataRepository(db: Kysely<Tables>) {
  /** The local day of `em` as an integer, in SQL (the same in both dialects: positive operands). */
  const dayIndex = (offsetMs: number) => sql<number>`cast((em + ${offsetMs}) / ${DAY_MS} as integer)`;

  return {
    async silo(ownerId: number, id: number) {
      return db.selectFrom('silos').select(['id', 'device_id', 'capacidade_hg']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    /** Movements that change the silo (its own, and transfers into it) up to `df`, in date order. */
    async siloMovements(siloId: number, df: string): Promise<{ silo_id: number; tipo: string; data: string; quantidade_hg: number }[]> {
      return db
        .selectFrom('silo_movimentos')
        .select(['silo_id', 'tipo', 'data', 'quantidade_hg'])
        .where((where) => where.or([where('silo_id', '=', siloId), where('silo_destino_id', '=', siloId)]))
        .where('data', '<=', df)
        .orderBy('data')
        .orderBy('id')
        .execute();
    },

    /**
     * Daily count, sum and highest of a reading column of one device, over [from, to), days counted
     * with `offsetMs` (the owner's timezone). `onlyOn`: trough and doser rows with the motor on only.
     * Raw rows where kept, else the minute (else hour) summaries, which hold the same sums.
     */
    async deviceDays(ownerId: number, deviceId: number, source: DeviceSource, from: number, to: number, offsetMs: number): Promise<DayAggregate[]> {
      const levels = await levelRanges(db, source.table, { device_id: deviceId }, from, to);
      const byDay = new Map<number, DayAggregate>();
      const add = (aggregate: DayAggregate) => {
        const current = byDay.get(aggregate.day);
        if (!current) byDay.set(aggregate.day, { ...aggregate });
        else byDay.set(aggregate.day, { day: aggregate.day, count: current.count + aggregate.count, sum: current.sum + aggregate.sum, max: Math.max(current.max, aggregate.max) });
      };
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (!range) continue;
        const groups = await summaryGroups(db, summaryTable(source.table, level), [deviceId], range, DAY_MS, offsetMs, SUMMED[source.table]);
        for (const group of groups) if (group.count > 0) add({ day: group.step, count: group.count, sum: group.sum, max: group.max });
      }
      if (!levels.raw) return [...byDay.values()];
      const value = sql.ref<number>(source.column);
      let query = db
        .selectFrom(source.table)
        .select([
          dayIndex(offsetMs).as('day'),
          sql<number | string>`count(*)`.as('count'),
          sql<number | string>`sum(${value})`.as('sum'),
          sql<number | string>`max(${value})`.as('max'),
        ])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .where('em', '>=', levels.raw.from)
        .where('em', '<', levels.raw.to);
      if ('onlyOn' in source) query = query.where(sql.ref('ligada'), '=', 1);
      const rows = await query.groupBy(sql`1`).execute();
      for (const row of rows) add({ day: Number(row.day), count: Number(row.count), sum: Number(row.sum), max: Number(row.max) });
      return [...byDay.values()];
    },
  };
}
export type GraphDataRepository = ReturnType<typeof graphDataRepository>;
