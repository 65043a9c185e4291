import { Migrator, type Migration } from 'kysely';
import type { Database } from './dialect.js';
import { accounts } from './migrations/0001_accounts.js';
import { farmRecords } from './migrations/0002_farm_records.js';
import { weighings } from './migrations/0003_weighings.js';
import { devicesLive } from './migrations/0004_devices_live.js';
import { feedReports } from './migrations/0005_feed_reports.js';
import { fotoRequests } from './migrations/0006_foto_requests.js';
import { importStaging } from './migrations/0007_import_staging.js';
import { numberFormat } from './migrations/0008_number_format.js';
import { dailyAggregates } from './migrations/0009_daily_aggregates.js';
import { readingsRetention } from './migrations/0010_readings_retention.js';
import { partitions } from './migrations/0011_partitions.js';
import { dailyRecords } from './migrations/0012_daily_records.js';
import { manualWeighings } from './migrations/0013_manual_weighings.js';
import { standardMortality } from './migrations/0014_standard_mortality.js';
import { alarms } from './migrations/0015_alarms.js';
import { alarmDelivery } from './migrations/0016_alarm_delivery.js';
import { weighingQuality } from './migrations/0017_weighing_quality.js';
import { integrationExport } from './migrations/0018_integration_export.js';
import { exportIndexes } from './migrations/0019_export_indexes.js';
import { apiTokens } from './migrations/0020_api_tokens.js';

/** Every migration in order; names never change once released. */
function migrationsFor(database: Database): Record<string, Migration> {
  return {
    '0001_accounts': accounts(database.dialect),
    '0002_farm_records': farmRecords(database.dialect),
    '0003_weighings': weighings(database.dialect),
    '0004_devices_live': devicesLive(database.dialect),
    '0005_feed_reports': feedReports(database.dialect),
    '0006_foto_requests': fotoRequests(database.dialect),
    '0007_import_staging': importStaging(database.dialect),
    '0008_number_format': numberFormat(),
    '0009_daily_aggregates': dailyAggregates(database.dialect),
    '0010_readings_retention': readingsRetention(),
    '0011_partitions': partitions(database.dialect),
    '0012_daily_records': dailyRecords(database.dialect),
    '0013_manual_weighings': manualWeighings(),
    '0014_standard_mortality': standardMortality(),
    '0015_alarms': alarms(database.dialect),
    '0016_alarm_delivery': alarmDelivery(database.dialect),
    '0017_weighing_quality': weighingQuality(),
    '0018_integration_export': integrationExport(database.dialect),
    '0019_export_indexes': exportIndexes(),
    '0020_api_tokens': apiTokens(database.dialect),
  };
}

const migratorFor = (database: Database) =>
  new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(database) } });

/** Names of the migrations this version needs that the database has not run (for the readiness check). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrations = await migratorFor(database).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Brings the schema up to date. Safe with several instances: Kysely takes a lock. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = migratorFor(database);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Runs the migrations up to and including `name` (tests of a migration on rows stored before it). */
export async function migrateTo(database: Database, name: string): Promise<void> {
  const { error } = await migratorFor(database).migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
