import { splitPiped } from '@portal/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PontosColetaTable, Tables } from '../../db/tables.js';

export type PontoColetaRow = Selectable<PontosColetaTable>;
export type PontoColetaValues = Omit<Insertable<PontosColetaTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;

export interface PontoColetaDetails extends PontoColetaRow {
  nucleo_nome: string | null;
  aviario_nome: string | null;
}

/** A ground collector (a COLETOR device) of the owner. */
export interface Collector {
  id: number;
  serie: string;
  nome: string;
  nucleo_id: number | null;
}

export const COLLECTOR_MODEL = 'COLETOR';

const byName = (a: { nome: string; id: number }, b: { nome: string; id: number }) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id;

/** Collection points (pontos_coleta, written here alone); their collectors are the devices module's. */
export function collectionPointsRepository(db: Kysely<Tables>) {
  const selectPoints = () =>
    db
      .selectFrom('pontos_coleta')
      .leftJoin('nucleos', 'nucleos.id', 'pontos_coleta.nucleo_id')
      .leftJoin('aviarios', 'aviarios.id', 'pontos_coleta.aviario_id')
      .selectAll('pontos_coleta')
      .select(['nucleos.nome as nucleo_nome', 'aviarios.nome as aviario_nome']);

  return {
    /** `only` limits to points on those farms; points without a farm then stay out. */
    async list(ownerId: number, only: readonly number[] | null): Promise<PontoColetaDetails[]> {
      if (only !== null && only.length === 0) return [];
      let query = selectPoints().where('pontos_coleta.owner_id', '=', ownerId);
      if (only !== null) query = query.where('pontos_coleta.nucleo_id', 'in', [...only]);
      return (await query.execute()).sort(byName);
    },

    async find(ownerId: number, id: number): Promise<PontoColetaDetails | undefined> {
      return selectPoints().where('pontos_coleta.owner_id', '=', ownerId).where('pontos_coleta.id', '=', id).executeTakeFirst();
    },

    async insert(ownerId: number, values: PontoColetaValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('pontos_coleta')
        .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(ownerId: number, id: number, values: PontoColetaValues, now: number): Promise<void> {
      await db.updateTable('pontos_coleta').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('pontos_coleta').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /**
     * True when a collection point of the device's owner lists this collector's serial, in any case
     * (the device cannot be deleted then). Compared in JS: a LIKE pattern would read `_` in serials
     * as a wildcard.
     */
    async usingDevice(device: { owner_id: number; modelo: string; serie: string }): Promise<boolean> {
      if (device.modelo !== COLLECTOR_MODEL) return false;
      const points = await db.selectFrom('pontos_coleta').select('serie_coletores').where('owner_id', '=', device.owner_id).execute();
      const serial = device.serie.toLowerCase();
      return points.some((point) => splitPiped(point.serie_coletores).some((listed) => listed.toLowerCase() === serial));
    },
  };
}
export type CollectionPointsRepository = ReturnType<typeof collectionPointsRepository>;
