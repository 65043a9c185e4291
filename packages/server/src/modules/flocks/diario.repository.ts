import type { Kysely, Selectable, Transaction } from 'kysely';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import type { LoteDiarioTable, Tables } from '../../db/tables.js';

export type DiarioRow = Selectable<LoteDiarioTable>;
/** A daily record's stored values (water and temperatures in tenths), without its keys and stamps. */
export type DiarioValues = Pick<DiarioRow, 'mortos' | 'eliminados' | 'entradas' | 'saidas' | 'agua_dl' | 'temp_min_dc' | 'temp_max_dc' | 'obs'>;
export type CausaAves = { causa: string; aves: number };
export interface DiarioDetails extends DiarioRow {
  mortalidade: CausaAves[];
}
export interface HistoricoRow {
  diario_id: number;
  user_id: number | null;
  em: number;
  campos: string;
}
/** A flock's sums over its daily records. */
export interface DiarioTotals {
  mortos: number;
  eliminados: number;
  entradas: number;
  saidas: number;
}

const byCausa = <T extends { causa: string }>(a: T, b: T) => (a.causa < b.causa ? -1 : a.causa > b.causa ? 1 : 0);
const byDate = <T extends { data: string }>(a: T, b: T) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0);

/**
 * The daily house records (lote_diario), their deaths by cause (lote_diario_mortes) and their
 * history of writes (lote_diario_historico): this module's only SQL on them. Orders that depend
 * on text are made in JS, the same on both databases whatever their collation.
 */
export function diarioRepository(db: Kysely<Tables>) {
  async function withCauses(rows: DiarioRow[], trx: Kysely<Tables> = db): Promise<DiarioDetails[]> {
    if (rows.length === 0) return [];
    const causes = await trx
      .selectFrom('lote_diario_mortes')
      .select(['diario_id', 'causa', 'aves'])
      .where('diario_id', 'in', rows.map((row) => row.id))
      .execute();
    return rows.map((row) => ({
      ...row,
      mortalidade: causes.filter((cause) => cause.diario_id === row.id).map(({ causa, aves }) => ({ causa, aves })).sort(byCausa),
    }));
  }

  return {
    /** The flock's records between di and df (inclusive, either open), oldest first. */
    async list(ownerId: number, loteId: number, di?: string, df?: string): Promise<DiarioDetails[]> {
      let query = db.selectFrom('lote_diario').selectAll().where('owner_id', '=', ownerId).where('lote_id', '=', loteId);
      if (di !== undefined) query = query.where('data', '>=', di);
      if (df !== undefined) query = query.where('data', '<=', df);
      return withCauses((await query.orderBy('data').orderBy('aviario_id').execute()).sort(byDate));
    },

    /** The owner's records created or changed after the cursor, in change order, with their causes (issue 21's export). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<DiarioDetails[]> {
      const owned = db.selectFrom('lote_diario').selectAll().where('owner_id', '=', ownerId);
      return withCauses(await inChangeOrder(owned, 'updated_at', 'id', window).execute());
    },

    async find(ownerId: number, id: number, trx: Kysely<Tables> = db): Promise<DiarioDetails | undefined> {
      const row = await trx.selectFrom('lote_diario').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withCauses([row], trx))[0] : undefined;
    },

    async findByDay(trx: Kysely<Tables>, loteId: number, aviarioId: number, data: string): Promise<DiarioDetails | undefined> {
      const row = await trx.selectFrom('lote_diario').selectAll().where('lote_id', '=', loteId).where('aviario_id', '=', aviarioId).where('data', '=', data).executeTakeFirst();
      return row ? (await withCauses([row], trx))[0] : undefined;
    },

    /** The record a write with this uid was applied to, if it was. */
    async appliedUid(trx: Kysely<Tables>, ownerId: number, uid: string): Promise<number | undefined> {
      const row = await trx.selectFrom('lote_diario_historico').select('diario_id').where('owner_id', '=', ownerId).where('uid', '=', uid).executeTakeFirst();
      return row?.diario_id;
    },

    /** The flock's sums, optionally leaving one record out (the one being rewritten). */
    async totals(loteId: number, exceptId?: number, trx: Kysely<Tables> = db): Promise<DiarioTotals> {
      let query = trx
        .selectFrom('lote_diario')
        .select((eb) => [
          eb.fn.sum<number | string | null>('mortos').as('mortos'),
          eb.fn.sum<number | string | null>('eliminados').as('eliminados'),
          eb.fn.sum<number | string | null>('entradas').as('entradas'),
          eb.fn.sum<number | string | null>('saidas').as('saidas'),
        ])
        .where('lote_id', '=', loteId);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      const row = await query.executeTakeFirstOrThrow();
      return { mortos: Number(row.mortos ?? 0), eliminados: Number(row.eliminados ?? 0), entradas: Number(row.entradas ?? 0), saidas: Number(row.saidas ?? 0) };
    },

    /** Per flock: its sums, and its deaths per day and cause over all its houses (oldest first). */
    async summaries(loteIds: readonly number[]): Promise<Map<number, DiarioTotals & { mortalidade: (CausaAves & { data: string })[] }>> {
      const result = new Map<number, DiarioTotals & { mortalidade: (CausaAves & { data: string })[] }>();
      if (loteIds.length === 0) return result;
      const ids = [...loteIds];
      const sums = await db
        .selectFrom('lote_diario')
        .select((eb) => [
          'lote_id',
          eb.fn.sum<number | string>('mortos').as('mortos'),
          eb.fn.sum<number | string>('eliminados').as('eliminados'),
          eb.fn.sum<number | string>('entradas').as('entradas'),
          eb.fn.sum<number | string>('saidas').as('saidas'),
        ])
        .where('lote_id', 'in', ids)
        .groupBy('lote_id')
        .execute();
      for (const row of sums) {
        result.set(row.lote_id, { mortos: Number(row.mortos), eliminados: Number(row.eliminados), entradas: Number(row.entradas), saidas: Number(row.saidas), mortalidade: [] });
      }
      const deaths = await db
        .selectFrom('lote_diario_mortes')
        .innerJoin('lote_diario', 'lote_diario.id', 'lote_diario_mortes.diario_id')
        .select((eb) => ['lote_diario.lote_id', 'lote_diario.data', 'lote_diario_mortes.causa', eb.fn.sum<number | string>('lote_diario_mortes.aves').as('aves')])
        .where('lote_diario.lote_id', 'in', ids)
        .groupBy(['lote_diario.lote_id', 'lote_diario.data', 'lote_diario_mortes.causa'])
        .execute();
      deaths.sort((a, b) => byDate(a, b) || byCausa(a, b));
      for (const row of deaths) result.get(row.lote_id)?.mortalidade.push({ data: row.data, causa: row.causa, aves: Number(row.aves) });
      return result;
    },

    /** The flock's records' days and houses without their causes (the performance module's input), oldest first. */
    async days(ownerId: number, loteId: number): Promise<DiarioRow[]> {
      const rows = await db.selectFrom('lote_diario').selectAll().where('owner_id', '=', ownerId).where('lote_id', '=', loteId).orderBy('data').orderBy('aviario_id').execute();
      return rows.sort(byDate);
    },

    /** The first and last day with a record, or undefined without records. */
    async span(loteId: number): Promise<{ first: string; last: string } | undefined> {
      const row = await db
        .selectFrom('lote_diario')
        .select((eb) => [eb.fn.min<string>('data').as('first'), eb.fn.max<string>('data').as('last')])
        .where('lote_id', '=', loteId)
        .executeTakeFirst();
      return row?.first ? { first: row.first, last: row.last } : undefined;
    },

    /** Houses of the flock that hold records (a flock cannot leave such a house). */
    async housesWithRecords(loteId: number): Promise<number[]> {
      const rows = await db.selectFrom('lote_diario').select('aviario_id').distinct().where('lote_id', '=', loteId).execute();
      return rows.map((row) => row.aviario_id);
    },

    /** Writes after the first, newest first (those that changed something). */
    async history(diarioIds: readonly number[]): Promise<HistoricoRow[]> {
      if (diarioIds.length === 0) return [];
      const rows = await db
        .selectFrom('lote_diario_historico')
        .select(['id', 'diario_id', 'user_id', 'em', 'campos'])
        .where('diario_id', 'in', [...diarioIds])
        .where('criacao', '=', 0)
        .where('campos', '<>', '[]')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(({ diario_id, user_id, em, campos }) => ({ diario_id, user_id, em: Number(em), campos }));
    },

    async insert(trx: Transaction<Tables>, row: DiarioValues & { owner_id: number; lote_id: number; aviario_id: number; data: string; by: number; now: number }, causes: CausaAves[]): Promise<number> {
      const { by, now, ...values } = row;
      const { id } = await trx
        .insertInto('lote_diario')
        .values({ ...values, created_at: now, updated_at: now, created_by: by, updated_by: by })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (causes.length > 0) await trx.insertInto('lote_diario_mortes').values(causes.map((cause) => ({ ...cause, diario_id: id }))).execute();
      return id;
    },

    async update(trx: Transaction<Tables>, id: number, values: DiarioValues, causes: CausaAves[], by: number, now: number): Promise<void> {
      await trx.updateTable('lote_diario').set({ ...values, updated_at: now, updated_by: by }).where('id', '=', id).execute();
      await trx.deleteFrom('lote_diario_mortes').where('diario_id', '=', id).execute();
      if (causes.length > 0) await trx.insertInto('lote_diario_mortes').values(causes.map((cause) => ({ ...cause, diario_id: id }))).execute();
    },

    async appendHistory(trx: Transaction<Tables>, entry: { owner_id: number; diario_id: number; uid: string | null; user_id: number; em: number; campos: string; criacao: boolean }): Promise<void> {
      await trx.insertInto('lote_diario_historico').values({ ...entry, criacao: entry.criacao ? 1 : 0 }).execute();
    },

    /** Its causes and history go with it (ON DELETE CASCADE). */
    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('lote_diario').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    transaction: <T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> => db.transaction().execute(work),
  };
}
export type DiarioRepository = ReturnType<typeof diarioRepository>;

/** The account's performance settings (config_desempenho): this module's only SQL on them. */
export function configRepository(db: Kysely<Tables>) {
  return {
    async find(ownerId: number): Promise<{ causas: string[]; peso_referencia_g: number; pontos_100g: number } | undefined> {
      const row = await db.selectFrom('config_desempenho').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
      return row && { causas: JSON.parse(row.causas) as string[], peso_referencia_g: row.peso_referencia_g, pontos_100g: row.pontos_100g_mil / 1000 };
    },

    async save(ownerId: number, settings: { causas: string[]; peso_referencia_g: number; pontos_100g: number }, now: number): Promise<void> {
      const values = { causas: JSON.stringify(settings.causas), peso_referencia_g: settings.peso_referencia_g, pontos_100g_mil: Math.round(settings.pontos_100g * 1000), updated_at: now };
      await db
        .insertInto('config_desempenho')
        .values({ owner_id: ownerId, ...values })
        .onConflict((oc) => oc.column('owner_id').doUpdateSet(values))
        .execute();
    },
  };
}
export type ConfigRepository = ReturnType<typeof configRepository>;
