import { daysBetween, SERIE_BALANCA_MANUAL, type Lote, type PesagemManualResponse, type registerPesagemManualBody, type SexoPesagemManual } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { ManualRecord, ManualRepository } from './manual.repository.js';
import type { PesagensDiaRepository } from './pesagens-dia.repository.js';
import type { PesagensRepository, RowBatch } from './pesagens.repository.js';
import { textFault, type PesagemFields } from './validation.js';

type ManualBody = z.output<typeof registerPesagemManualBody>;

/** The weighings' sex text, as devices and files write it: M, F, or blank for an unsexed (mixed) lot. */
const SEXO_TEXT: Readonly<Record<SexoPesagemManual, string>> = { macho: 'M', femea: 'F', misto: '' };

const answer = (uid: string, record: ManualRecord, repetido: boolean): PesagemManualResponse => ({
  uid,
  aves: record.aves,
  peso_medio_g: Math.round(record.peso_total_dg / record.aves) / 10,
  repetido,
});

/** The birds as stored weighings (checked by the same text rules as a file's rows), with the house the flock has. */
function rowsOf(lote: Lote, body: ManualBody): PesagemFields[] {
  const house = lote.aviarios.find((aviario) => aviario.id === body.aviario_id);
  if (!house) throw AppError.field('aviario_id', 'FIELD_INVALID');
  const idade = lote.data_alojamento === null ? null : daysBetween(lote.data_alojamento, body.data);
  const base = {
    data: body.data,
    hora: `${body.hora}:00`,
    aviario: house.nome,
    lado: '',
    box: '',
    sexo: SEXO_TEXT[body.sexo],
    idade_lote: idade !== null && idade >= 0 ? idade : null,
    linha: '',
    score: null,
    serie_balanca: SERIE_BALANCA_MANUAL,
    obs: body.obs,
  };
  const fault = textFault({ ...base, nucleo: lote.nucleo_nome, lote: lote.codigo });
  if (fault) throw AppError.field(fault.campo === 'aviario' ? 'aviario_id' : fault.campo === 'obs' ? 'obs' : 'lote_id', 'FIELD_INVALID');
  return body.pesos.map((peso) => ({ ...base, peso_dg: Math.round(peso * 10) }));
}

/**
 * registerpesagemmanual, the ingestion service's part: the flock (in the caller's reach, else 404)
 * and its house, the birds stored as ordinary weighings with their daily aggregates and the uid's
 * row, all in one transaction. A uid stored before (or meanwhile, by a concurrent copy: its row's
 * key makes ours fail) stores nothing and answers the first answer, repetido.
 */
export function manualIngestion(deps: {
  pesagens: PesagensRepository;
  dias: PesagensDiaRepository;
  manual: ManualRepository;
  flocks: Pick<FlocksService, 'get'>;
}) {
  const { pesagens, dias, manual, flocks } = deps;

  async function write(scope: OwnerScope, lote: Lote, body: ManualBody, rows: PesagemFields[], now: number): Promise<ManualRecord> {
    const ownerId = scope.ownerId;
    const batch: RowBatch = { rows, nucleos: rows.map(() => lote.nucleo_id), lotes: rows.map(() => lote.id) };
    const record = { aves: rows.length, peso_total_dg: rows.reduce((sum, row) => sum + row.peso_dg, 0) };
    await pesagens.transaction(async (trx) => {
      await manual.insert(trx, { owner_id: ownerId, uid: body.uid, lote_id: lote.id, ...record, created_at: now });
      const diaIds = await dias.add(trx, rows.map((row) => ({ ...row, owner_id: ownerId, nucleo_id: lote.nucleo_id, lote_id: lote.id })), now);
      await pesagens.insertImported(trx, { ownerId, importacaoId: null, now }, batch, diaIds);
    });
    return record;
  }

  return async function storeManual(scope: OwnerScope, body: ManualBody, now: number): Promise<{ response: PesagemManualResponse; stored: number; loteId: number }> {
    const uid = body.uid.toLowerCase();
    const lote = await flocks.get(scope, body.lote_id);
    const before = await manual.find(scope.ownerId, uid);
    if (before) return { response: answer(uid, before, true), stored: 0, loteId: lote.id };
    const rows = rowsOf(lote, body);
    await pesagens.preparePartitions([body.data]);
    try {
      const record = await write(scope, lote, { ...body, uid }, rows, now);
      return { response: answer(uid, record, false), stored: record.aves, loteId: lote.id };
    } catch (error) {
      // A concurrent copy of the same uid committed first: its answer, nothing of ours stored.
      const meanwhile = await manual.find(scope.ownerId, uid);
      if (meanwhile) return { response: answer(uid, meanwhile, true), stored: 0, loteId: lote.id };
      throw error;
    }
  };
}
