import type { LivePesagem } from '@portal/shared';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { EventBus } from '../../events/index.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import { deviceWrites, type DeviceWriteLog } from './device-writes.js';
import { fileResolver, type ReferenceServices } from './file-resolver.js';
import { manualIngestion } from './manual.js';
import type { ManualRepository } from './manual.repository.js';
import type { DayContribution, PesagensDiaRepository } from './pesagens-dia.repository.js';
import type { ImportTarget, PesagensRepository, RowBatch } from './pesagens.repository.js';
import { farmNamed, flockCoded } from './resolution.js';
import { checkDeviceRecord, WeighingFault, type DeviceRecord } from './validation.js';

/** The registered device a record came from. */
export interface DeviceSender {
  id: number;
  owner_id: number;
  /** The farm it is installed on; null: each record names its farm. */
  nucleo_id: number | null;
  modelo: string;
  serie: string;
}

/** What became of a device's record: stored (now, or before: a re-send), or refused for good. */
export type DeviceOutcome = { stored: true; created: boolean; pesagem: LivePesagem } | { stored: false; fault: WeighingFault };

type StoredRecord = Awaited<ReturnType<PesagensRepository['deviceRecord']>>;
const asStored = (seq: number, { peso_dg, lote, ...row }: StoredRecord): LivePesagem => ({ ...row, seq, lote: lote ?? '', peso: peso_dg / 10 });

/** What a file's batch counts in the daily aggregates, row by row. */
const contributions = ({ ownerId }: ImportTarget, batch: RowBatch): DayContribution[] =>
  batch.rows.map((row, index) => ({ ...row, owner_id: ownerId, nucleo_id: batch.nucleos[index]!, lote_id: batch.lotes[index]! }));

/**
 * The one way weighings get into pesagens, from a device, a file or a manual weighing: the same rules
 * (validation.ts), the same farm and flock (resolution.ts), the one repository that writes them,
 * and, once they are committed, one 'weighings.stored' event for the listeners (the live hub).
 * The daily aggregates (pesagens_dia…, pesagens-dia.repository.ts) are kept in the same
 * transaction as the weighings they count, whichever way they come or go.
 * The callers keep their transport: the MQTT gateway its ACK/NAK, the import its file, staging
 * and transaction.
 */
export function ingestionService(
  deps: ReferenceServices & {
    pesagens: PesagensRepository;
    dias: PesagensDiaRepository;
    manual: ManualRepository;
    flocks: Pick<FlocksService, 'get'>;
    events: Pick<EventBus, 'emit'>;
    log: DeviceWriteLog;
  },
) {
  const { pesagens, dias, farms, flocks, events } = deps;
  const devices = deviceWrites({ pesagens, dias, log: deps.log });
  const storeManual = manualIngestion({ pesagens, dias, manual: deps.manual, flocks });

  /** A file's batch counted into its days, then stored naming them, in the import's transaction. */
  async function writeBatch(trx: Transaction<Tables>, target: ImportTarget, batch: RowBatch): Promise<void> {
    const diaIds = await dias.add(trx, contributions(target, batch), target.now);
    await pesagens.insertImported(trx, target, batch, diaIds);
  }

  /** The device's farm, else the one its record names; a fault when that names none or several. */
  async function farmOf(device: DeviceSender, nucleo: string): Promise<number | WeighingFault> {
    if (device.nucleo_id !== null) return device.nucleo_id;
    const farm = farmNamed(await farms.namesOf(device.owner_id), nucleo);
    return typeof farm === 'string' ? new WeighingFault(farm, 'nucleo', nucleo) : farm.id;
  }

  return {
    /**
     * Checks, resolves and stores a device's record once ((device, seq) is unique), and tells the
     * listeners after the commit: so when this resolves the record is durable and the device may
     * be acknowledged. A record stored before (a re-send, or another instance got there first) is
     * told as it was stored, by the same id, so every instance's listeners learn of it. A record
     * naming no farm of the owner, or several, is refused for good; one naming no flock of that
     * farm is stored without a flock (a device cannot be asked which one it meant).
     */
    async storeFromDevice(device: DeviceSender, record: DeviceRecord, now: number): Promise<DeviceOutcome> {
      const values = checkDeviceRecord(record, device.serie);
      if (values instanceof WeighingFault) return { stored: false, fault: values };
      const nucleoId = await farmOf(device, record.nucleo);
      if (nucleoId instanceof WeighingFault) return { stored: false, fault: nucleoId };
      const loteId = flockCoded(await flocks.codesOf(device.owner_id, nucleoId), record.lote, values.data)?.id ?? null;
      const row = { ...values, owner_id: device.owner_id, nucleo_id: nucleoId, lote_id: loteId, device_id: device.id };
      const { id, created } = await devices.write(row, now);
      const pesagem = created ? { ...record, id } : asStored(record.seq, await pesagens.deviceRecord(device.id, record.seq));
      const { owner_id, modelo, serie } = device;
      await events.emit('weighings.stored', { source: 'device', ownerId: owner_id, device: { id: device.id, owner_id, modelo, serie }, at: now, created, pesagem });
      return { stored: true, created, pesagem };
    },

    /** The farm and flock of a file's rows, by the same rule (file-resolver.ts), with the owner's farms and flocks read now. */
    fileResolver: (scope: OwnerScope, createMissing: boolean) => fileResolver({ farms, flocks }, scope, createMissing),

    /**
     * True when some of a file's days fall in months not made yet (PostgreSQL's monthly
     * partitions): the import's transaction must not wait for making them (preparePartitions,
     * outside it, then the import again).
     */
    partitionsMissing: (days: Iterable<string>) => pesagens.partitionsMissing(days),

    /** Makes the months of these days, outside any transaction. */
    preparePartitions: (days: Iterable<string>) => pesagens.preparePartitions(days),

    /** Stores a batch of a file's checked and resolved rows in the import's open transaction. */
    writeImported: writeBatch,

    /**
     * Stores a decided staged import's rows up to staged id `lastId`, in the transaction that
     * removes them from the staging table, then counts them into their days: set-based (a few
     * INSERT … SELECT and one UPDATE per chunk), the rows never read into the process.
     */
    async writeStaged(trx: Transaction<Tables>, importacaoId: number, lastId: number, now: number): Promise<void> {
      const afterId = await pesagens.insertStaged(trx, importacaoId, lastId, now);
      await dias.addImported(trx, importacaoId, afterId, now);
    },

    /**
     * Removes an import's weighings in the caller's transaction (the one removing the import's own
     * row), their days recounted from the weighings left. Answers how many went.
     */
    async removeImported(trx: Transaction<Tables>, importacaoId: number, now: number): Promise<number> {
      const days = await pesagens.dayIdsOfImport(trx, importacaoId);
      const removed = await pesagens.deleteImported(trx, importacaoId);
      await dias.recompute(trx, days, now);
      return removed;
    },

    /**
     * A manual weighing (registerpesagemmanual): its birds stored once by its uid, as ordinary
     * weighings of the flock's house (manual.ts), and the listeners told after the commit.
     */
    async storeManual(scope: OwnerScope, body: Parameters<typeof storeManual>[1], now: number) {
      const { response, stored, loteId } = await storeManual(scope, body, now);
      if (stored > 0) await events.emit('weighings.stored', { source: 'manual', ownerId: scope.ownerId, loteId, rows: stored });
      return response;
    },

    /** Once an import's rows are committed (all of them): tells the listeners. */
    async imported(ownerId: number, importacaoId: number, rows: number): Promise<void> {
      await events.emit('weighings.stored', { source: 'import', ownerId, importacaoId, rows });
    },
  };
}
export type IngestionService = ReturnType<typeof ingestionService>;
