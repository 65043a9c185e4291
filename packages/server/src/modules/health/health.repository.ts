import { sql } from 'kysely';
import type { Database } from '../../db/dialect.js';
import { pendingMigrations } from '../../db/migrate.js';

/** What the readiness check asks of the database: that it answers, and which migrations it still lacks. */
export function healthRepository(database: Database) {
  return {
    /** Throws when the database cannot answer (the error handler answers 503 DATABASE_UNAVAILABLE). */
    async ping(): Promise<void> {
      await sql`select 1`.execute(database.db);
    },

    /** The migrations not yet applied. */
    pendingMigrations: (): Promise<string[]> => pendingMigrations(database),

    dialect: database.dialect,
  };
}
export type HealthRepository = ReturnType<typeof healthRepository>;
