import type { Kysely } from 'kysely';
import { partitionTables, type DialectName } from '../dialect.js';

/**
 * PostgreSQL at scale (issue 23, docs/decisions/0007-postgres-partitioning.md): weighings cut into
 * months of their day, device readings into months of their time, so a period's query reads only
 * its months and a month past retention is dropped whole; the readings' per-minute summaries too. The rows, ids and every index and key
 * are kept; unique keys gain the month's column (pesagens (device_id, seq, data)) or are held per
 * month (a reading's (device, bucket)). SQLite keeps its plain tables: nothing to do.
 */
export const PARTITIONED_AT_0011 = [
  'pesagens',
  'silo_leituras', 'calha_leituras', 'dose_leituras', 'coletas',
  // The per-minute summaries (migration 0010), kept two years: the per-hour ones stay plain.
  'silo_leituras_min', 'calha_leituras_min', 'dose_leituras_min', 'coletas_min',
] as const;

export function partitions(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await partitionTables(dialect, db as Kysely<any>, PARTITIONED_AT_0011);
    },
  };
}
