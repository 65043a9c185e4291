import type { ExportCursor, ExportPage, PesagemExportItem } from '@portal/shared';
import { pageOf } from '../../db/change-order.js';
import type { ExportPesagemRow, PesagensRepository } from './pesagens.repository.js';

/** A weighing as the export sends it (`pesagens`): grams with one decimal, the farm's local date and time as recorded. */
export const toExportItem = (row: ExportPesagemRow): PesagemExportItem => ({
  id: row.id,
  nucleo_id: row.nucleo_id,
  lote_id: row.lote_id,
  device_id: row.device_id,
  serie_balanca: row.serie_balanca,
  aviario: row.aviario,
  lado: row.lado,
  caixa: row.box,
  sexo: row.sexo,
  peso_g: row.peso_dg / 10,
  data_hora: `${row.data}T${row.hora}`,
  idade: row.idade_lote,
  score: row.score,
  importacao_id: row.importacao_id,
  created_at: new Date(Number(row.created_at)).toISOString(),
});

/**
 * The export's `pesagens` (issue 21): the owner's weighings stored after the cursor, in the order
 * stored, none stored after `until`. Read from the index (owner_id, created_at, id) of migration
 * 0019: a page costs its rows, wherever the cursor is in millions.
 */
export function weighingsChangedSince(pesagens: Pick<PesagensRepository, 'changedSince'>) {
  return async (ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<PesagemExportItem>> =>
    pageOf(await pesagens.changedSince(ownerId, { after, limit, until }), (row) => row.created_at, toExportItem);
}
