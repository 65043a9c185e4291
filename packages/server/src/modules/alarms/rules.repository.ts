import type { AlarmeRegras } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

/** The key of the account's own row (a farm's row is keyed by its id). */
const ACCOUNT = 0;

/** The rule thresholds an owner changed: the account's (nucleo_id null) and each farm's own. */
export interface StoredRules {
  nucleo_id: number | null;
  regras: AlarmeRegras;
}

/** Rule thresholds (table alarme_regras): one row for the account, one per farm with its own. */
export function rulesRepository(db: Kysely<Tables>) {
  return {
    /** Every row of the owner (account first, then farms by id). */
    async of(ownerId: number): Promise<StoredRules[]> {
      const rows = await db.selectFrom('alarme_regras').select(['nucleo_id', 'regras']).where('owner_id', '=', ownerId).orderBy('nucleo_chave').execute();
      return rows.map((row) => ({ nucleo_id: row.nucleo_id, regras: JSON.parse(row.regras) as AlarmeRegras }));
    },

    /** Stores the account's (nucleoId null) or a farm's rules, replacing what was there. */
    async save(ownerId: number, nucleoId: number | null, regras: AlarmeRegras, userId: number, now: number): Promise<void> {
      const values = { regras: JSON.stringify(regras), updated_at: now, updated_by: userId };
      await db
        .insertInto('alarme_regras')
        .values({ owner_id: ownerId, nucleo_id: nucleoId, nucleo_chave: nucleoId ?? ACCOUNT, ...values })
        .onConflict((conflict) => conflict.columns(['owner_id', 'nucleo_chave']).doUpdateSet(values))
        .execute();
    },

    /** Back to the defaults (account) or to the account's rules (farm). */
    async remove(ownerId: number, nucleoId: number | null): Promise<void> {
      await db.deleteFrom('alarme_regras').where('owner_id', '=', ownerId).where('nucleo_chave', '=', nucleoId ?? ACCOUNT).execute();
    },
  };
}
export type RulesRepository = ReturnType<typeof rulesRepository>;
