import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';

/** The one question the demo seeding asks the database directly: is anybody registered yet? */
export function demoSeedRepository(db: Kysely<Tables>) {
  return {
    async anyUserExists(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
