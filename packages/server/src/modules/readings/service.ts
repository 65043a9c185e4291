import type { LiveReading, MsgCalha, MsgColeta, MsgDose, MsgSilo } from '@portal/shared';
import { HOUR_MS, MINUTE_MS, type ReadingMaintenance } from '../../db/rollups.js';
import type { EventBus, EventDevice } from '../../events/index.js';
import { COLETA_BUCKET_MS, type NewColeta } from '../collectionHistory/index.js';
import { DOSE_READING_PERIOD_MS, type NewDoseReading } from '../dosing/index.js';
import { SILO_READING_PERIOD_MS, type NewSiloReading } from '../silos/index.js';
import { CALHA_PERIOD_MS, type NewCalhaReading } from '../troughs/index.js';

/** How long one stored row stands for, per kind of reading (migration 0005): the first reading of each period is kept. */
export const READING_PERIOD_MS = { SILO: SILO_READING_PERIOD_MS, CALHA: CALHA_PERIOD_MS, DOSE: DOSE_READING_PERIOD_MS, COLETA: COLETA_BUCKET_MS } as const;

/** What a module owning a reading table hands the ingestion (its service's `series`): its period, its row, its writer. */
export interface ReadingSeries<Reading, Table extends string, Row> {
  readonly table: Table;
  readonly periodMs: number;
  /** The row a reading adds, or null when it is not kept (a collector's batch still in progress). */
  rowOf(ownerId: number, deviceId: number, reading: Reading, em: number, bucket: number): Row | null;
  insert(rows: readonly Row[]): Promise<void>;
  anyOfOwner(ownerId: number): Promise<boolean>;
  /** Its table's summing and purge (db/rollups.ts), run by the periodic job (maintenance.ts). */
  readonly maintenance: ReadingMaintenance;
}

/** The owner of each kind of reading the reports keep. */
interface Owners {
  SILO: ReadingSeries<MsgSilo, 'silo_leituras', NewSiloReading>;
  CALHA: ReadingSeries<MsgCalha, 'calha_leituras', NewCalhaReading>;
  DOSE: ReadingSeries<MsgDose, 'dose_leituras', NewDoseReading>;
  COLETA: ReadingSeries<MsgColeta, 'coletas', NewColeta>;
}
type Kind = keyof Owners;
type StoredReading = Extract<LiveReading, { tipo: Kind }>;
/** Any owner, seen through the kind-independent shape the ingestion uses. */
type AnySeries = ReadingSeries<StoredReading, ReadingTable, ReadingRow['values']>;

/** A row for one of the reading tables, ready to insert. */
export type ReadingRow = { [K in Kind]: { table: Owners[K]['table']; values: Parameters<Owners[K]['insert']>[0][number] } }[Kind];
export type ReadingTable = ReadingRow['table'];

/** The device a reading came from, as the MQTT side knows it. */
export type ReadingDevice = EventDevice;

/**
 * Device readings for the reports (silo kg, trough rotation, doser volume, collector batches): the
 * one path the live readings (mqtt/messages.ts) and the demo's history (simulator/backfill.ts) are
 * stored by. Each reading is downsampled to its kind's period; its row is written by the module
 * owning the table (silos, troughs, dosing, collectionHistory). Each instance remembers the last
 * bucket it wrote per series, so most readings cost no query; rows written by another instance for
 * the same bucket are skipped by the unique key.
 */
export function readingsService(deps: { series: Owners; events: EventBus }) {
  const owners = deps.series as Record<Kind, AnySeries>;
  const byTable = new Map<ReadingTable, AnySeries>(Object.values(owners).map((owner) => [owner.table, owner]));
  const lastBucket = new Map<string, number>();

  /** The series a reading belongs to: one per device, one per trough of a trough monitor. */
  const seriesKey = (deviceId: number, reading: StoredReading) => (reading.tipo === 'CALHA' ? `C${deviceId}:${reading.idcalha}` : `${reading.tipo}${deviceId}`);

  /**
   * The row one reading adds, or null when its series already has one for this period (or it is
   * not kept). Built field by field by its owner: the demo's history makes a million of them.
   */
  function rowFor(device: Pick<ReadingDevice, 'id' | 'owner_id'>, reading: LiveReading, em: number): ReadingRow | null {
    if (reading.tipo !== 'SILO' && reading.tipo !== 'CALHA' && reading.tipo !== 'DOSE' && reading.tipo !== 'COLETA') return null;
    const owner = owners[reading.tipo];
    const bucket = Math.floor(em / owner.periodMs);
    const series = seriesKey(device.id, reading);
    if (lastBucket.get(series) === bucket) return null;
    const values = owner.rowOf(device.owner_id, device.id, reading, em, bucket);
    if (values === null) return null;
    lastBucket.set(series, bucket);
    return { table: owner.table, values } as ReadingRow;
  }

  /** Writes rows, each table by its owner (in bulk, in transactions of the dialect's size). */
  async function insertMany(rows: readonly ReadingRow[]): Promise<void> {
    const grouped = new Map<ReadingTable, ReadingRow['values'][]>();
    for (const { table, values } of rows) {
      const list = grouped.get(table) ?? [];
      list.push(values);
      grouped.set(table, list);
    }
    for (const [table, list] of grouped) await byTable.get(table)!.insert(list);
  }

  return {
    rowFor,
    insertMany,

    /**
     * Stores what the reports keep of one live reading received at `em` (epoch ms); once its row
     * committed, tells the listeners ('readings.stored').
     */
    async store(device: ReadingDevice, reading: LiveReading, em: number): Promise<void> {
      const row = rowFor(device, reading, em);
      if (!row) return;
      await insertMany([row]);
      await deps.events.emit('readings.stored', { device, reading, em });
    },

    /**
     * Sums [from, to) of every reading table into minutes and hours (the demo's history, written
     * in bulk behind the periodic job's progress); the job sums the minutes after it anyway.
     */
    async summariseRange(from: number, to: number): Promise<void> {
      const start = Math.floor(from / HOUR_MS) * HOUR_MS;
      const end = Math.ceil(to / MINUTE_MS) * MINUTE_MS;
      for (const owner of Object.values(owners)) {
        // An hour at a time: each statement reads a bounded part of the table.
        for (let at = start; at < end; at += HOUR_MS) {
          await owner.maintenance.summarise('min', at, Math.min(end, at + HOUR_MS));
          await owner.maintenance.summarise('hora', at, at + HOUR_MS);
        }
      }
    },

    /** Each table's summing and purge, for the periodic job (maintenance.ts). */
    maintenance: (): ReadingMaintenance[] => Object.values(owners).map((owner) => owner.maintenance),

    /** True when the owner has any stored silo, trough, doser or collector reading. */
    async hasHistory(ownerId: number): Promise<boolean> {
      for (const owner of Object.values(owners)) if (await owner.anyOfOwner(ownerId)) return true;
      return false;
    },
  };
}
export type ReadingsService = ReturnType<typeof readingsService>;
