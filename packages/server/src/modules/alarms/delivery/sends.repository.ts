import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';

export type Canal = 'email' | 'push' | 'resumo';

/** What is known of an alarm's past notifications to one user on one channel at one nivel. */
export interface SentSummary {
  alarme_id: number;
  nivel: number;
  user_id: number;
  canal: Canal;
  /** Highest seq sent (0: the first notification). */
  seq: number;
  /** When that one was sent. */
  enviado_em: number;
}

/**
 * Every e-mail, push and digest (alarme_envios, migration 0016), written BEFORE it is sent: the
 * unique chave makes `claim` succeed for one caller only, across instances and restarts.
 */
export function sendsRepository(db: Kysely<Tables>) {
  return {
    /** Takes the right to send this message; false when someone (another instance, an earlier run) already has. */
    async claim(row: { chave: string; user_id: number; alarme_id: number | null; nivel: number | null; seq: number | null; canal: Canal }, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('alarme_envios')
        .values({ ...row, enviado_em: now, falha: null })
        .onConflict((conflict) => conflict.column('chave').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async recordFailure(chave: string, reason: string): Promise<void> {
      await db.updateTable('alarme_envios').set({ falha: reason.slice(0, 300) }).where('chave', '=', chave).execute();
    },

    /** The latest notification of these alarms per (alarm, nivel, user, channel). */
    async latestOf(alarmIds: readonly number[]): Promise<SentSummary[]> {
      if (alarmIds.length === 0) return [];
      const rows = await db
        .selectFrom('alarme_envios')
        .select(['alarme_id', 'nivel', 'user_id', 'canal', (eb) => eb.fn.max('seq').as('seq'), (eb) => eb.fn.max('enviado_em').as('enviado_em')])
        .where('alarme_id', 'in', [...alarmIds])
        .groupBy(['alarme_id', 'nivel', 'user_id', 'canal'])
        .execute();
      return rows.map((row) => ({
        alarme_id: Number(row.alarme_id),
        nivel: Number(row.nivel),
        user_id: row.user_id,
        canal: row.canal as Canal,
        seq: Number(row.seq),
        enviado_em: Number(row.enviado_em),
      }));
    },

    /** Reminder rounds sent for an alarm: distinct (nivel, seq) past each nivel's first notification. */
    async remindersOf(alarmId: number): Promise<number> {
      const rows = await db.selectFrom('alarme_envios').select(['nivel', 'seq']).distinct().where('alarme_id', '=', alarmId).where('seq', '>', 0).execute();
      return rows.length;
    },
  };
}
export type SendsRepository = ReturnType<typeof sendsRepository>;
