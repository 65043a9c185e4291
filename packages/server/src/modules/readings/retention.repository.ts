import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

/** How far a raw table's summaries reach (leituras_agregacao): minutes and hours before these are summed. */
export interface SummaryProgress {
  minutos_ate: number;
  horas_ate: number;
}

/**
 * The accounts' retention of raw device readings (leituras_retencao) and the periodic job's
 * progress per raw table (leituras_agregacao), both written here alone (migration 0010).
 */
export function retentionRepository(db: Kysely<Tables>) {
  return {
    /** The owner's chosen days; undefined when the default applies. */
    async daysOf(ownerId: number): Promise<number | undefined> {
      const row = await db.selectFrom('leituras_retencao').select('dias').where('owner_id', '=', ownerId).executeTakeFirst();
      return row?.dias;
    },

    async setDays(ownerId: number, dias: number, now: number): Promise<void> {
      await db
        .insertInto('leituras_retencao')
        .values({ owner_id: ownerId, dias, updated_at: now })
        .onConflict((conflict) => conflict.column('owner_id').doUpdateSet({ dias, updated_at: now }))
        .execute();
    },

    /** Every account's chosen days (few rows: only accounts that chose). */
    async chosenDays(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('leituras_retencao').select(['owner_id', 'dias']).execute();
      return new Map(rows.map((row) => [row.owner_id, row.dias]));
    },

    async progress(tabela: string): Promise<SummaryProgress | undefined> {
      const row = await db.selectFrom('leituras_agregacao').select(['minutos_ate', 'horas_ate']).where('tabela', '=', tabela).executeTakeFirst();
      return row && { minutos_ate: Number(row.minutos_ate), horas_ate: Number(row.horas_ate) };
    },

    /** Moves a table's progress forward (never back: a slower run of another instance cannot undo it). */
    async saveProgress(tabela: string, progress: SummaryProgress, now: number): Promise<void> {
      const existing = await this.progress(tabela);
      const next = existing
        ? { minutos_ate: Math.max(existing.minutos_ate, progress.minutos_ate), horas_ate: Math.max(existing.horas_ate, progress.horas_ate) }
        : progress;
      await db
        .insertInto('leituras_agregacao')
        .values({ tabela, ...next, updated_at: now })
        .onConflict((conflict) => conflict.column('tabela').doUpdateSet({ ...next, updated_at: now }))
        .execute();
    },
  };
}
export type RetentionRepository = ReturnType<typeof retentionRepository>;
