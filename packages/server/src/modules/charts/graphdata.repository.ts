import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

const DAY_MS = 86_400_000;

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
     */
    async deviceDays(
      ownerId: number,
      deviceId: number,
      source: { table: 'silo_leituras'; column: 'peso_hg' } | { table: 'calha_leituras'; column: 'rpm_dec'; onlyOn: true } | { table: 'dose_leituras'; column: 'volume_dml' },
      from: number,
      to: number,
      offsetMs: number,
    ): Promise<DayAggregate[]> {
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
        .where('em', '>=', from)
        .where('em', '<', to);
      if ('onlyOn' in source) query = query.where(sql.ref('ligada'), '=', 1);
      const rows = await query.groupBy(sql`1`).execute();
      return rows.map((row) => ({ day: Number(row.day), count: Number(row.count), sum: Number(row.sum), max: Number(row.max) }));
    },
  };
}
export type GraphDataRepository = ReturnType<typeof graphDataRepository>;
