import { QUALIDADE_PADRAO, type QualidadeConfig } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';

/** A flock's quality settings as stored, without its id. */
export type QualitySettings = Omit<QualidadeConfig, 'lote_id'>;

/** The settings of a flock without a row: the filter off, the default window. */
export const defaultSettings = (): QualitySettings => ({ ...QUALIDADE_PADRAO });

type Row = Tables['lote_qualidade'];
const settingsOf = (row: Row): QualitySettings => ({
  ativo: row.ativo === 1,
  abaixo_pct: row.abaixo_pct,
  acima_pct: row.acima_pct,
  dupla_tolerancia_pct: row.dupla_tolerancia_pct,
  referencia: row.referencia as QualitySettings['referencia'],
  pesagens_dia_meta: row.pesagens_dia_meta,
});

/** lote_qualidade (migration 0017): one row per flock whose weighing-quality settings were saved. */
export function qualityRepository(db: Kysely<Tables>) {
  return {
    /** The owner's flocks' settings, by flock; a flock without a row is absent (the defaults). */
    async settingsOf(ownerId: number, loteIds: readonly number[]): Promise<Map<number, QualitySettings>> {
      if (loteIds.length === 0) return new Map();
      const rows = await db.selectFrom('lote_qualidade').selectAll().where('owner_id', '=', ownerId).where('lote_id', 'in', [...loteIds]).execute();
      return new Map(rows.map((row) => [row.lote_id, settingsOf(row)]));
    },

    /** The owner's flocks whose filter is on. */
    async activeFlocks(ownerId: number): Promise<number[]> {
      const rows = await db.selectFrom('lote_qualidade').select('lote_id').where('owner_id', '=', ownerId).where('ativo', '=', 1).execute();
      return rows.map((row) => row.lote_id);
    },

    /** Saves the owner's flock's settings (the caller checked the flock is the owner's and in reach). */
    async save(ownerId: number, loteId: number, settings: QualitySettings, now: number): Promise<void> {
      const values = {
        ativo: settings.ativo ? 1 : 0,
        abaixo_pct: settings.abaixo_pct,
        acima_pct: settings.acima_pct,
        dupla_tolerancia_pct: settings.dupla_tolerancia_pct,
        referencia: settings.referencia,
        pesagens_dia_meta: settings.pesagens_dia_meta,
        updated_at: now,
      };
      await db
        .insertInto('lote_qualidade')
        .values({ lote_id: loteId, owner_id: ownerId, ...values })
        .onConflict((oc) => oc.column('lote_id').doUpdateSet(values))
        .execute();
    },
  };
}
export type QualityRepository = ReturnType<typeof qualityRepository>;
