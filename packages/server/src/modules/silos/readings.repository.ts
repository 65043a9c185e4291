import type { SiloSample } from '@portal/shared';
import type { Insertable, Selectable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, lockRows, type Database } from '../../db/dialect.js';
import { levelRanges } from '../../db/rollup-reads.js';
import { readingMaintenance, summaryTable, type SummaryLevel } from '../../db/rollups.js';
import type { SiloEntregasTable, SiloLeiturasResumoTable, SiloLeiturasTable } from '../../db/tables.js';
import type { MovementsRepository, MovementValues } from './movements.repository.js';

export type DeliveryRow = Selectable<SiloEntregasTable>;
export type NewSiloReading = Insertable<SiloLeiturasTable>;

/** silo_leituras' columns in bulkWrite's order. */
const READING_COLUMNS = [...DEVICE_READING_COLUMNS, ...integerColumns('peso_hg')];

/** What to store for a delivery: its decision, and the movement confirming records. */
export interface DeliveryDecision {
  siloId: number;
  /** Rows with `em` in this window are the same delivery (the key may move by a reading). */
  window: { from: number; to: number };
  em: number;
  quantidade_hg: number;
  /** Present when confirming: the 'entrada' movement to record. */
  movement: MovementValues | null;
  now: number;
}

// PostgreSQL answers bigint columns as text.
const toSample = (row: { em: number | string; peso_hg: number }): SiloSample => ({ em: Number(row.em), kg: row.peso_hg / 10 });
const toDelivery = (row: DeliveryRow): DeliveryRow => ({ ...row, em: Number(row.em), created_at: Number(row.created_at) });

type SummaryRow = Pick<Selectable<SiloLeiturasResumoTable>, 'primeiro_em' | 'peso_primeiro' | 'meio_em' | 'peso_meio' | 'ultimo_em' | 'peso_ultimo'>;

/**
 * The readings a minute or hour summary kept whole, oldest first: its first, the first of its
 * second half and its last (each once). A minute of a scale holds one reading: exactly the raw row.
 */
export function summarySamples(row: SummaryRow): SiloSample[] {
  const samples: SiloSample[] = [{ em: Number(row.primeiro_em), kg: row.peso_primeiro / 10 }];
  if (row.meio_em !== null && row.peso_meio !== null && Number(row.meio_em) > samples[0]!.em) samples.push({ em: Number(row.meio_em), kg: row.peso_meio / 10 });
  if (Number(row.ultimo_em) > samples.at(-1)!.em) samples.push({ em: Number(row.ultimo_em), kg: row.peso_ultimo / 10 });
  return samples;
}

/**
 * Silo scales' stored readings (silo_leituras, written here alone) and the decisions on their
 * deliveries (silo_entregas); a confirmed delivery's movement is written through `movements`.
 */
export function siloReadingsRepository(database: Database, movements: MovementsRepository) {
  const { db } = database;

  /** A scale's minute or hour summaries starting in [from, to), by start. */
  const summaryRows = (level: SummaryLevel, ownerId: number, deviceId: number, from: number, to: number, order: 'asc' | 'desc', limit?: number) => {
    const query = db
      .selectFrom(summaryTable('silo_leituras', level) as 'silo_leituras_min')
      .select(['primeiro_em', 'peso_primeiro', 'meio_em', 'peso_meio', 'ultimo_em', 'peso_ultimo'])
      .where('owner_id', '=', ownerId)
      .where('device_id', '=', deviceId)
      .where('inicio', '>=', from)
      .where('inicio', '<', to)
      .orderBy('inicio', order);
    return (limit === undefined ? query : query.limit(limit)).execute();
  };

  /** A stored decision counts unless it was a confirmation whose movement was deleted since. */
  const decided = (row: DeliveryRow) => row.situacao === 'descartada' || row.movimento_id !== null;

  return {
    /**
     * Readings (kg, 1 decimal) received in [from, to), oldest first: the one query the balance, the
     * feed report and the charts read a scale with. Where raw rows are purged, the readings the
     * minute (else hour) summaries kept whole stand for them (db/rollup-reads.ts).
     */
    async between(ownerId: number, deviceId: number, from: number, to: number): Promise<SiloSample[]> {
      const levels = await levelRanges(db, 'silo_leituras', { device_id: deviceId }, from, to);
      const samples: SiloSample[] = [];
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (range) for (const row of await summaryRows(level, ownerId, deviceId, range.from, range.to, 'asc')) samples.push(...summarySamples(row));
      }
      if (!levels.raw) return samples;
      const rows = await db
        .selectFrom('silo_leituras')
        .select(['em', 'peso_hg'])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .where('em', '>=', levels.raw.from)
        .where('em', '<', levels.raw.to)
        .orderBy('em')
        .execute();
      return samples.concat(rows.map(toSample));
    },

    /** silo_leituras' summing and purge, for the periodic job (modules/readings). */
    maintenance: readingMaintenance(database, 'silo_leituras'),

    /** Stores readings, one per scale and bucket (a bucket already stored, by any instance, is skipped). */
    insert: (rows: readonly NewSiloReading[]): Promise<void> => bulkWrite(database, 'silo_leituras', READING_COLUMNS, rows),

    /** True when the owner has any stored silo reading. */
    async anyOfOwner(ownerId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('silo_leituras').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst());
    },

    /** Each of the owner's scales' last stored level, kg. */
    async lastLevels(ownerId: number): Promise<Map<number, number>> {
      const latest = db.selectFrom('silo_leituras').select(({ fn }) => ['device_id', fn.max('em').as('em')]).where('owner_id', '=', ownerId).groupBy('device_id');
      const rows = await db
        .selectFrom('silo_leituras as s')
        .innerJoin(latest.as('l'), (join) => join.onRef('l.device_id', '=', 's.device_id').onRef('l.em', '=', 's.em'))
        .select(['s.device_id', 's.peso_hg'])
        .execute();
      return new Map(rows.map((row) => [row.device_id, row.peso_hg / 10]));
    },

    /** The newest `count` readings, oldest first; from the summaries when no raw row is left. */
    async latest(ownerId: number, deviceId: number, count: number): Promise<SiloSample[]> {
      const rows = await db
        .selectFrom('silo_leituras')
        .select(['em', 'peso_hg'])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .orderBy('em', 'desc')
        .limit(count)
        .execute();
      if (rows.length > 0) return rows.map(toSample).reverse();
      for (const level of ['min', 'hora'] as const) {
        const summaries = await summaryRows(level, ownerId, deviceId, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 'desc', count);
        if (summaries.length > 0) return summaries.reverse().flatMap(summarySamples).slice(-count);
      }
      return [];
    },

    /** The silo's stored decisions with `em` in [from, to]. */
    async decisions(siloId: number, from: number, to: number): Promise<DeliveryRow[]> {
      const rows = await db.selectFrom('silo_entregas').selectAll().where('silo_id', '=', siloId).where('em', '>=', from).where('em', '<=', to).orderBy('em').execute();
      return rows.map(toDelivery);
    },

    /**
     * Stores a decision in one transaction: the movement (when confirming) and the silo_entregas
     * row. A confirmation whose movement was deleted is taken up again; any other decision in the
     * window makes it answer undefined (already decided). The silo row is locked on PostgreSQL so
     * two decisions on one silo run one after the other (SQLite runs one transaction at a time).
     */
    async decide(decision: DeliveryDecision): Promise<DeliveryRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockRows(database, trx.selectFrom('silos').select('id').where('id', '=', decision.siloId));
        const existing = (
          await trx
            .selectFrom('silo_entregas')
            .selectAll()
            .where('silo_id', '=', decision.siloId)
            .where('em', '>=', decision.window.from)
            .where('em', '<=', decision.window.to)
            .execute()
        ).map(toDelivery);
        if (existing.some(decided)) return undefined;
        const movimento_id = decision.movement ? await movements.within(trx).insert(decision.movement) : null;
        const values = {
          em: decision.em,
          quantidade_hg: decision.quantidade_hg,
          situacao: decision.movement ? ('confirmada' as const) : ('descartada' as const),
          movimento_id,
          created_at: decision.now,
        };
        const reused = existing[0];
        if (reused) {
          await trx.updateTable('silo_entregas').set(values).where('id', '=', reused.id).execute();
          return { ...reused, ...values };
        }
        const { id } = await trx
          .insertInto('silo_entregas')
          .values({ ...values, silo_id: decision.siloId })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id, silo_id: decision.siloId, ...values };
      });
    },
  };
}
export type SiloReadingsRepository = ReturnType<typeof siloReadingsRepository>;
