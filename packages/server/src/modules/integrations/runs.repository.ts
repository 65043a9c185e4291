import type { Kysely, Selectable } from 'kysely';
import type { IntegrationRunsTable, Tables } from '../../db/tables.js';

export type RunRow = Selectable<IntegrationRunsTable>;

/** Runs kept per configuration: older ones are deleted as new ones finish. */
export const RUNS_KEPT = 200;

/** What a finished (or failed) page adds to its run. */
export interface PageTally {
  paginas: number;
  linhas: number;
  tentativas: number;
  http_status: number | null;
  resposta: string | null;
}

/** How a run ended (sucesso, falha, erro_config) and why. */
export interface RunEnd {
  estado: 'sucesso' | 'falha' | 'erro_config';
  erro: string | null;
  erro_detalhe: string | null;
}

/**
 * integration_runs: each run of an export. A schedule slot is claimed by inserting its row
 * (UNIQUE(config_id, agendado_para): another instance, or this one before a restart, already did
 * it when the insert is skipped); a pending run is claimed by moving it to 'executando' atomically.
 */
export function integrationRunsRepository(db: Kysely<Tables>) {
  return {
    /** The slot's run, or undefined when the slot was already claimed. */
    async insertSlot(ownerId: number, configId: number, slot: number, now: number): Promise<number | undefined> {
      const row = await db
        .insertInto('integration_runs')
        .values({ owner_id: ownerId, config_id: configId, origem: 'agenda', estado: 'pendente', agendado_para: slot, criado_em: now, desde: null })
        .onConflict((conflict) => conflict.columns(['config_id', 'agendado_para']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    async insertManual(ownerId: number, configId: number, origem: 'manual' | 'reenvio', desde: string | null, now: number): Promise<number> {
      const { id } = await db
        .insertInto('integration_runs')
        .values({ owner_id: ownerId, config_id: configId, origem, estado: 'pendente', agendado_para: null, criado_em: now, desde })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async find(id: number): Promise<RunRow | undefined> {
      return db.selectFrom('integration_runs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A configuration's run waiting or in progress, if any. */
    async unfinished(configId: number): Promise<RunRow | undefined> {
      return db
        .selectFrom('integration_runs')
        .selectAll()
        .where('config_id', '=', configId)
        .where('estado', 'in', ['pendente', 'executando'])
        .orderBy('id')
        .executeTakeFirst();
    },
    async pendingIds(): Promise<number[]> {
      const rows = await db.selectFrom('integration_runs').select('id').where('estado', '=', 'pendente').orderBy('id').execute();
      return rows.map((row) => row.id);
    },
    /** True when this caller moved the run from pendente to executando (nobody else will run it). */
    async claim(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('integration_runs')
        .set({ estado: 'executando', inicio: now })
        .where('id', '=', id)
        .where('estado', '=', 'pendente')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Runs left 'executando' by an instance that stopped mid-run, back to 'pendente' (called under
     * the job's lock, when no run can be in progress): they go on from their kinds' cursors.
     */
    async requeueOrphans(): Promise<number> {
      const result = await db.updateTable('integration_runs').set({ estado: 'pendente' }).where('estado', '=', 'executando').executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async addPage(id: number, tally: PageTally): Promise<void> {
      await db
        .updateTable('integration_runs')
        .set((eb) => ({
          paginas: eb('paginas', '+', tally.paginas),
          linhas: eb('linhas', '+', tally.linhas),
          tentativas: eb('tentativas', '+', tally.tentativas),
          http_status: tally.http_status,
          resposta: tally.resposta,
        }))
        .where('id', '=', id)
        .execute();
    },
    async finish(id: number, end: RunEnd, last: Omit<PageTally, 'paginas' | 'linhas'>, now: number): Promise<void> {
      await db
        .updateTable('integration_runs')
        .set((eb) => ({
          ...end,
          fim: now,
          tentativas: eb('tentativas', '+', last.tentativas),
          ...(last.http_status === null ? {} : { http_status: last.http_status, resposta: last.resposta }),
        }))
        .where('id', '=', id)
        .execute();
    },
    /** The newest runs of a configuration, newest first. */
    async latest(configId: number, limit: number): Promise<RunRow[]> {
      return db.selectFrom('integration_runs').selectAll().where('config_id', '=', configId).orderBy('id', 'desc').limit(limit).execute();
    },
    /** Deletes finished runs past the newest RUNS_KEPT of a configuration. */
    async prune(configId: number): Promise<void> {
      const oldestKept = await db
        .selectFrom('integration_runs')
        .select('id')
        .where('config_id', '=', configId)
        .orderBy('id', 'desc')
        .offset(RUNS_KEPT - 1)
        .limit(1)
        .executeTakeFirst();
      if (!oldestKept) return;
      await db
        .deleteFrom('integration_runs')
        .where('config_id', '=', configId)
        .where('id', '<', oldestKept.id)
        .where('estado', 'not in', ['pendente', 'executando'])
        .execute();
    },
  };
}
export type IntegrationRunsRepository = ReturnType<typeof integrationRunsRepository>;
