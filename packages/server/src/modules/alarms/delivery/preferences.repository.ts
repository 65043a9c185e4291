import { ALARME_PREFERENCIAS_PADRAO, type AlarmePreferencias, type AlarmeSeveridade } from '@portal/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AlarmePreferenciasTable, Tables } from '../../../db/tables.js';

/** A user's preferences for one owner's alarms, as stored (a user without a row has the defaults). */
export interface PreferenceRow extends AlarmePreferencias {
  user_id: number;
  owner_id: number;
}

const toPreferences = (row: Selectable<AlarmePreferenciasTable>): PreferenceRow => ({
  user_id: row.user_id,
  owner_id: row.owner_id,
  email: Number(row.email) === 1,
  push: Number(row.push) === 1,
  severidades: JSON.parse(row.severidades) as AlarmeSeveridade[],
  nucleos: row.nucleos === null ? null : (JSON.parse(row.nucleos) as number[]),
  silencio_inicio: row.silencio_inicio,
  silencio_fim: row.silencio_fim,
  resumo_hora: row.resumo_hora,
});

/** Who wants which alarms of which owner outside the portal (alarme_preferencias, migration 0016). */
export function preferencesRepository(db: Kysely<Tables>) {
  return {
    async find(userId: number, ownerId: number): Promise<PreferenceRow | undefined> {
      const row = await db.selectFrom('alarme_preferencias').selectAll().where('user_id', '=', userId).where('owner_id', '=', ownerId).executeTakeFirst();
      return row && toPreferences(row);
    },

    /** Every user's chosen preferences for these owners' alarms (users without a row have the defaults). */
    async ofOwners(ownerIds: readonly number[]): Promise<PreferenceRow[]> {
      if (ownerIds.length === 0) return [];
      return (await db.selectFrom('alarme_preferencias').selectAll().where('owner_id', 'in', [...ownerIds]).execute()).map(toPreferences);
    },

    /** Every preference with a digest time (the morning digest's recipients). */
    async withDigest(): Promise<PreferenceRow[]> {
      return (await db.selectFrom('alarme_preferencias').selectAll().where('resumo_hora', 'is not', null).execute()).map(toPreferences);
    },

    async save(userId: number, ownerId: number, preferences: AlarmePreferencias, now: number): Promise<void> {
      const values = {
        email: preferences.email ? 1 : 0,
        push: preferences.push ? 1 : 0,
        severidades: JSON.stringify(preferences.severidades),
        nucleos: preferences.nucleos === null ? null : JSON.stringify(preferences.nucleos),
        silencio_inicio: preferences.silencio_inicio,
        silencio_fim: preferences.silencio_fim,
        resumo_hora: preferences.resumo_hora,
        updated_at: now,
      };
      await db
        .insertInto('alarme_preferencias')
        .values({ user_id: userId, owner_id: ownerId, ...values })
        .onConflict((conflict) => conflict.columns(['user_id', 'owner_id']).doUpdateSet(values))
        .execute();
    },
  };
}
export type PreferencesRepository = ReturnType<typeof preferencesRepository>;

/** The defaults, for a user who never chose. */
export const defaultPreferences = (userId: number, ownerId: number): PreferenceRow => ({ user_id: userId, owner_id: ownerId, ...ALARME_PREFERENCIAS_PADRAO });
