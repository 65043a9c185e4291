import type { LivePesagem } from '@portal/shared';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { EventBus } from '../../events/index.js';
import type { OwnerScope } from '../permissions/index.js';
import { fileResolver, type ReferenceServices } from './file-resolver.js';
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

/**
 * The one way weighings get into pesagens, from a device or a file: the same rules
 * (validation.ts), the same farm and flock (resolution.ts), the one repository that writes them,
 * and, once they are committed, one 'weighings.stored' event for the listeners (the live hub).
 * The callers keep their transport: the MQTT gateway its ACK/NAK, the import its file, staging
 * and transaction.
 */
export function ingestionService(deps: ReferenceServices & { pesagens: PesagensRepository; events: Pick<EventBus, 'emit'> }) {
  const { pesagens, farms, flocks, events } = deps;

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
      const { id, created } = await pesagens.insertFromDevice(row, now);
      const pesagem = created ? { ...record, id } : asStored(record.seq, await pesagens.deviceRecord(device.id, record.seq));
      const { owner_id, modelo, serie } = device;
      await events.emit('weighings.stored', { source: 'device', ownerId: owner_id, device: { id: device.id, owner_id, modelo, serie }, at: now, created, pesagem });
      return { stored: true, created, pesagem };
    },

    /** The farm and flock of a file's rows, by the same rule (file-resolver.ts), with the owner's farms and flocks read now. */
    fileResolver: (scope: OwnerScope, createMissing: boolean) => fileResolver({ farms, flocks }, scope, createMissing),

    /** Stores a batch of a file's checked and resolved rows in the import's open transaction. */
    writeImported: (trx: Transaction<Tables>, target: ImportTarget, batch: RowBatch) => pesagens.insertImported(trx, target, batch),

    /** Stores a decided staged import's rows up to staged id `lastId`, in the transaction that removes them from the staging table. */
    writeStaged: (trx: Transaction<Tables>, importacaoId: number, lastId: number) => pesagens.insertStaged(trx, importacaoId, lastId),

    /** Once an import's rows are committed (all of them): tells the listeners. */
    async imported(ownerId: number, importacaoId: number, rows: number): Promise<void> {
      await events.emit('weighings.stored', { source: 'import', ownerId, importacaoId, rows });
    },
  };
}
export type IngestionService = ReturnType<typeof ingestionService>;
