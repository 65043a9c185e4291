import type { ExportCursor } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

/** integration_cursors: per configuration and kind, the (at, id) of the last row delivered. */
export function integrationCursorsRepository(db: Kysely<Tables>) {
  return {
    async all(configId: number): Promise<Map<string, ExportCursor>> {
      const rows = await db.selectFrom('integration_cursors').select(['dado', 'at', 'row_id']).where('config_id', '=', configId).execute();
      return new Map(rows.map((row) => [row.dado, { at: Number(row.at), id: Number(row.row_id) }]));
    },
    async set(configId: number, dado: string, cursor: ExportCursor, now: number): Promise<void> {
      await db
        .insertInto('integration_cursors')
        .values({ config_id: configId, dado, at: cursor.at, row_id: cursor.id, updated_at: now })
        .onConflict((conflict) => conflict.columns(['config_id', 'dado']).doUpdateSet({ at: cursor.at, row_id: cursor.id, updated_at: now }))
        .execute();
    },
  };
}
export type IntegrationCursorsRepository = ReturnType<typeof integrationCursorsRepository>;
