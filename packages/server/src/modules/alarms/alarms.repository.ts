import type { AlarmeAlvo, AlarmeEstado, AlarmeSeveridade, AlarmeTipo } from '@portal/shared';
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { AlarmesTable, Tables } from '../../db/tables.js';
import type { AlarmCondition } from './rules/types.js';

/** An alarm as stored, its detalhe parsed and its words typed. */
export interface AlarmRow extends Omit<Selectable<AlarmesTable>, 'tipo' | 'severidade' | 'estado' | 'alvo_tipo' | 'detalhe'> {
  tipo: AlarmeTipo;
  severidade: AlarmeSeveridade;
  estado: AlarmeEstado;
  alvo_tipo: AlarmeAlvo;
  detalhe: AlarmCondition['detalhe'];
}

/** What getalarmes filters on: estado ('ativos': aberto and reconhecido), aberto_em in [from, to), the caller's farms. */
export interface AlarmFilter {
  estado: AlarmeEstado | 'ativos' | 'todos';
  from?: number;
  to?: number;
  /** null: every farm (and alarms without one); else only alarms of these farms. */
  nucleos: readonly number[] | null;
  limit: number;
}

const toRow = (row: Selectable<AlarmesTable>): AlarmRow => ({ ...row, detalhe: JSON.parse(row.detalhe) as AlarmRow['detalhe'] }) as AlarmRow;

/** The alarms (table alarmes): raised, updated and cleared by the engine, acknowledged and cleared by people. */
export function alarmsRepository(db: Kysely<Tables>) {
  // A function, not a built query: services are composed before a database is reached (report workers, tests of an unreachable one).
  const notClosed = () => db.selectFrom('alarmes').selectAll().where('estado', '<>', 'encerrado');

  return {
    /** The owner's alarms not encerrado. */
    async openOf(ownerId: number): Promise<AlarmRow[]> {
      return (await notClosed().where('owner_id', '=', ownerId).orderBy('id').execute()).map(toRow);
    },

    /** Every alarm not encerrado, of every owner (delivery: reminders). */
    async active(): Promise<AlarmRow[]> {
      return (await notClosed().orderBy('id').execute()).map(toRow);
    },

    async find(ownerId: number, id: number): Promise<AlarmRow | undefined> {
      const row = await db.selectFrom('alarmes').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /**
     * Raises an alarm for a condition; undefined when one is already open for its chave (another
     * instance raised it a moment ago: UNIQUE(owner_id, chave_aberta)).
     */
    async raise(ownerId: number, condition: AlarmCondition, now: number): Promise<number | undefined> {
      try {
        const inserted = await db
          .insertInto('alarmes')
          .values({
            owner_id: ownerId,
            nucleo_id: condition.nucleo_id,
            tipo: condition.tipo,
            severidade: condition.severidade,
            estado: 'aberto',
            alvo_tipo: condition.alvo_tipo,
            alvo_id: condition.alvo_id,
            alvo_nome: condition.alvo_nome,
            chave: condition.chave,
            chave_aberta: condition.chave,
            nivel: 1,
            detalhe: JSON.stringify(condition.detalhe),
            aberto_em: now,
            atualizado_em: now,
            reconhecido_em: null,
            reconhecido_por: null,
            obs: null,
            encerrado_em: null,
            encerrado_por: null,
            lembretes: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Its severity rose: nivel + 1 and back to aberto (the last acknowledgement forgotten), so it is notified again. */
    async escalate(id: number, condition: AlarmCondition, now: number): Promise<void> {
      await db
        .updateTable('alarmes')
        .set((eb) => ({
          severidade: condition.severidade,
          nivel: eb('nivel', '+', 1),
          estado: 'aberto',
          reconhecido_em: null,
          reconhecido_por: null,
          obs: null,
          alvo_nome: condition.alvo_nome,
          detalhe: JSON.stringify(condition.detalhe),
          atualizado_em: now,
        }))
        .where('id', '=', id)
        .where('estado', '<>', 'encerrado')
        .execute();
    },

    /** Its severity fell: the new severity and numbers, nivel and estado kept. */
    async soften(id: number, condition: AlarmCondition, now: number): Promise<void> {
      await db
        .updateTable('alarmes')
        .set({ severidade: condition.severidade, alvo_nome: condition.alvo_nome, detalhe: JSON.stringify(condition.detalhe), atualizado_em: now })
        .where('id', '=', id)
        .where('estado', '<>', 'encerrado')
        .execute();
    },

    /** The same condition with new numbers (hours left, minutes silent): no change anyone is told of. */
    async refresh(id: number, condition: AlarmCondition): Promise<void> {
      await db
        .updateTable('alarmes')
        .set({ alvo_nome: condition.alvo_nome, detalhe: JSON.stringify(condition.detalhe) })
        .where('id', '=', id)
        .where('estado', '<>', 'encerrado')
        .execute();
    },

    /** Clears alarms (by themselves when `userId` is null, else by that user with a note); answers how many it cleared. */
    async close(ids: readonly number[], now: number, by: { userId: number; obs: string } | null): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('alarmes')
        .set({
          estado: 'encerrado',
          chave_aberta: null,
          encerrado_em: now,
          encerrado_por: by?.userId ?? null,
          atualizado_em: now,
          ...(by && by.obs !== '' ? { obs: by.obs } : {}),
        })
        .where('id', 'in', [...ids])
        .where('estado', '<>', 'encerrado')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Acknowledges an alarm not encerrado (again: the later one wins); false when it is encerrado. */
    async acknowledge(ownerId: number, id: number, userId: number, obs: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('alarmes')
        .set({ estado: 'reconhecido', reconhecido_em: now, reconhecido_por: userId, obs: obs === '' ? null : obs, atualizado_em: now })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('estado', '<>', 'encerrado')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Delivery: the reminders sent so far. */
    async countReminder(id: number, lembretes: number): Promise<void> {
      await db.updateTable('alarmes').set({ lembretes }).where('id', '=', id).execute();
    },

    /** The owner's alarms by the filter, newest first. */
    async list(ownerId: number, filter: AlarmFilter): Promise<AlarmRow[]> {
      if (filter.nucleos !== null && filter.nucleos.length === 0) return [];
      let query = db.selectFrom('alarmes').selectAll().where('owner_id', '=', ownerId);
      if (filter.estado === 'ativos') query = query.where('estado', '<>', 'encerrado');
      else if (filter.estado !== 'todos') query = query.where('estado', '=', filter.estado);
      if (filter.from !== undefined) query = query.where('aberto_em', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('aberto_em', '<', filter.to);
      if (filter.nucleos !== null) query = query.where('nucleo_id', 'in', [...filter.nucleos]);
      const rows = await query.orderBy('aberto_em', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toRow);
    },

    /** The bell's counts over the caller's farms (null: all): not acknowledged, acknowledged. */
    async counts(ownerId: number, nucleos: readonly number[] | null): Promise<{ abertos: number; reconhecidos: number }> {
      if (nucleos !== null && nucleos.length === 0) return { abertos: 0, reconhecidos: 0 };
      let query = db
        .selectFrom('alarmes')
        .select(['estado', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('owner_id', '=', ownerId)
        .where('estado', '<>', 'encerrado');
      if (nucleos !== null) query = query.where('nucleo_id', 'in', [...nucleos]);
      const rows = await query.groupBy('estado').execute();
      const count = (estado: AlarmeEstado) => Number(rows.find((row) => row.estado === estado)?.n ?? 0);
      return { abertos: count('aberto'), reconhecidos: count('reconhecido') };
    },
  };
}
export type AlarmsRepository = ReturnType<typeof alarmsRepository>;
