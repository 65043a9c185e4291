import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import type { LotesTable, Tables } from '../../db/tables.js';

export type LoteRow = Selectable<LotesTable>;
export type LoteValues = Omit<Insertable<LotesTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at' | CloseOutColumn>;
type CloseOutColumn = 'aves_entregues' | 'kg_entregues_hg' | 'racao_hg' | 'obs_fechamento';
/** A close-out as stored: kilograms in tenths. */
export type CloseOutValues = { data: string; aves_entregues: number; kg_entregues_hg: number; racao_hg: number | null; obs_fechamento: string };
const OPEN = { aves_entregues: null, kg_entregues_hg: null, racao_hg: null, obs_fechamento: null };

export interface LoteDetails extends LoteRow {
  nucleo_nome: string;
  padrao_nome: string | null;
  aviarios: { id: number; nome: string }[];
}

export function lotesRepository(db: Kysely<Tables>) {
  const withNames = () =>
    db
      .selectFrom('lotes')
      .innerJoin('nucleos', 'nucleos.id', 'lotes.nucleo_id')
      .leftJoin('padroes', 'padroes.id', 'lotes.padrao_id')
      .selectAll('lotes')
      .select(['nucleos.nome as nucleo_nome', 'padroes.nome as padrao_nome']);

  async function withDetails(rows: (LoteRow & { nucleo_nome: string; padrao_nome: string | null })[]): Promise<LoteDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const houses = await db
      .selectFrom('lote_aviarios')
      .innerJoin('aviarios', 'aviarios.id', 'lote_aviarios.aviario_id')
      .select(['lote_aviarios.lote_id', 'aviarios.id', 'aviarios.nome'])
      .where('lote_aviarios.lote_id', 'in', ids)
      .orderBy('aviarios.ordem')
      .orderBy('aviarios.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      aviarios: houses.filter((house) => house.lote_id === row.id).map(({ id, nome }) => ({ id, nome })),
    }));
  }

  /** Puts exactly these houses on the flock. */
  async function replaceHouses(trx: Transaction<Tables>, loteId: number, aviarios: number[]): Promise<void> {
    await trx.deleteFrom('lote_aviarios').where('lote_id', '=', loteId).execute();
    await trx.insertInto('lote_aviarios').values(aviarios.map((aviario_id) => ({ lote_id: loteId, aviario_id }))).execute();
  }

  return {
    /** `farms` null: flocks on every farm of the owner; else only on these. Ordered by id (the service sorts). */
    async list(ownerId: number, farms: readonly number[] | null): Promise<LoteDetails[]> {
      if (farms !== null && farms.length === 0) return [];
      let query = withNames().where('lotes.owner_id', '=', ownerId);
      if (farms !== null) query = query.where('lotes.nucleo_id', 'in', [...farms]);
      return withDetails(await query.orderBy('lotes.id').execute());
    },

    async find(ownerId: number, id: number): Promise<LoteDetails | undefined> {
      const row = await withNames().where('lotes.owner_id', '=', ownerId).where('lotes.id', '=', id).executeTakeFirst();
      return row ? (await withDetails([row]))[0] : undefined;
    },

    /** The owner's flocks created or changed after the cursor, in change order (issue 21's export). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<LoteDetails[]> {
      const owned = withNames().where('lotes.owner_id', '=', ownerId);
      return withDetails(await inChangeOrder(owned, 'lotes.updated_at', 'lotes.id', window).execute());
    },

    /** The owner's flock's placement date and standard, without its houses and deaths (a chart places a standard's curve by it). */
    async placement(ownerId: number, id: number): Promise<Pick<LoteRow, 'id' | 'data_alojamento' | 'padrao_id'> | undefined> {
      return db.selectFrom('lotes').select(['id', 'data_alojamento', 'padrao_id']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    async insert(ownerId: number, values: LoteValues, aviarios: number[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('lotes')
          .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceHouses(trx, id, aviarios);
        return id;
      });
    },

    /** An open flock (no closing date) loses its close-out: reopening clears what was delivered. */
    async update(ownerId: number, id: number, values: LoteValues, aviarios: number[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const reopened = values.data_encerramento === null ? OPEN : {};
        await trx.updateTable('lotes').set({ ...values, ...reopened, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
        await replaceHouses(trx, id, aviarios);
      });
    },

    /** Closes the flock on `data` with what was delivered. */
    async closeOut(ownerId: number, id: number, closeOut: CloseOutValues, now: number): Promise<void> {
      const { data, ...delivered } = closeOut;
      await db.updateTable('lotes').set({ ...delivered, data_encerramento: data, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /** True when weighings belong to the flock (reports would lose them). */
    async hasWeighings(id: number): Promise<boolean> {
      return (await db.selectFrom('pesagens').select('id').where('lote_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
    },

    /** True when a flock of any owner is judged against the standard (the standard cannot be deleted then). */
    async judgedAgainst(padraoId: number): Promise<boolean> {
      return (await db.selectFrom('lotes').select('id').where('padrao_id', '=', padraoId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Its houses and daily records go with it (ON DELETE CASCADE). */
    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('lotes').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /** The owner's flocks' codes and placement periods (on one farm, or on all): what a weighing's flock text is matched against. */
    async codesOf(ownerId: number, nucleoId?: number): Promise<{ id: number; nucleo_id: number; codigo: string; data_alojamento: string | null; data_encerramento: string | null }[]> {
      let query = db.selectFrom('lotes').select(['id', 'nucleo_id', 'codigo', 'data_alojamento', 'data_encerramento']).where('owner_id', '=', ownerId);
      if (nucleoId !== undefined) query = query.where('nucleo_id', '=', nucleoId);
      return query.orderBy('id').execute();
    },

    /** A flock known by its code alone (an imported file named it), in one house of its farm, in the caller's transaction. */
    async insertCoded(trx: Transaction<Tables>, ownerId: number, nucleoId: number, codigo: string, houseId: number, now: number): Promise<number> {
      const { id } = await trx
        .insertInto('lotes')
        .values({
          owner_id: ownerId, nucleo_id: nucleoId, codigo, data_alojamento: null, linhagem: '', padrao_id: null,
          aves_macho: 0, aves_femea: 0, aves_misto: 0, data_encerramento: null, obs: '', ...OPEN, created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('lote_aviarios').values({ lote_id: id, aviario_id: houseId }).execute();
      return id;
    },
  };
}
export type LotesRepository = ReturnType<typeof lotesRepository>;
