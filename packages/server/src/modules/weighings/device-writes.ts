import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { isDatabaseUnavailable, isTransientConflict } from '../../db/dialect.js';
import type { PesagensDiaRepository } from './pesagens-dia.repository.js';
import type { DevicePesagemRow, PesagensRepository } from './pesagens.repository.js';

/** What became of a device's weighing: its id, and whether this write stored it (false: stored before). */
export interface DeviceWrite {
  id: number;
  created: boolean;
}

interface Pending {
  row: DevicePesagemRow;
  now: number;
  resolve(write: DeviceWrite): void;
  reject(error: unknown): void;
}

/** Weighings one group commit writes at most: a few statements of a few hundred rows. */
const MAX_BATCH = 500;
/** Attempts of a batch another writer raced (a record another instance stored meanwhile, a deadlock). */
const ATTEMPTS = 4;

/** A record of the batch another writer stored between our check and our insert: the batch runs again. */
class RaceLost extends Error {}

const keyOf = (row: { device_id: number; seq: number }) => `${row.device_id}:${row.seq}`;

export interface DeviceWriteLog {
  warn(details: object, message: string): void;
}

/**
 * Device weighings stored in small group commits: each weighing and its daily aggregates in one
 * transaction, several devices' weighings in one when they arrive together (what arrived during
 * the previous commit is the next one), and each `store` resolves only once its commit is done, so
 * the device is acknowledged after it. A record is stored once whatever the re-sends, and when
 * several instances receive it: the insert skips a key already stored (on conflict do nothing),
 * and a batch that finds a record stored meanwhile by another instance is rolled back and runs
 * again knowing it, so the aggregates count each weighing once.
 */
export function deviceWrites(deps: { pesagens: PesagensRepository; dias: PesagensDiaRepository; log: DeviceWriteLog }) {
  const { pesagens, dias, log } = deps;
  const queue: Pending[] = [];
  let draining: Promise<void> | undefined;

  /** One transaction: the batch's records not stored yet, counted into their days, then stored. */
  async function storeOnce(batch: readonly Pending[], checkStored: boolean): Promise<DeviceWrite[]> {
    return pesagens.transaction(async (trx) => {
      const stored = checkStored ? await pesagens.storedDeviceIds(trx, batch.map((p) => p.row)) : new Map<string, number>();
      // Key order: two writers meet each other's rows in the same order (no deadlock).
      const fresh = batch.filter((p) => !stored.has(keyOf(p.row))).sort((a, b) => a.row.device_id - b.row.device_id || a.row.seq - b.row.seq);
      const now = Math.max(...batch.map((p) => p.now));
      const diaIds = await dias.add(trx, fresh.map((p) => p.row), now);
      const inserted = await pesagens.insertDeviceRows(trx, fresh.map((p, index) => ({ ...p.row, dia_id: diaIds[index]!, created_at: p.now })));
      if (inserted.size < fresh.length) throw new RaceLost();
      return batch.map((p) => {
        const before = stored.get(keyOf(p.row));
        return before === undefined ? { id: inserted.get(keyOf(p.row))!, created: true } : { id: before, created: false };
      });
    });
  }

  /** Stores a batch of distinct records, running it again after a lost race or a deadlock. */
  async function store(batch: readonly Pending[]): Promise<DeviceWrite[]> {
    await pesagens.preparePartitions(batch.map((p) => p.row.data));
    let checkStored = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await storeOnce(batch, checkStored);
      } catch (error) {
        if (attempt >= ATTEMPTS || !(error instanceof RaceLost || isTransientConflict(error))) throw error;
        // Whatever was stored meanwhile is committed now: the next attempt sees it.
        checkStored = true;
      }
    }
  }

  /** Writes a batch and settles each record's promise; never throws. */
  async function settle(batch: Pending[]): Promise<void> {
    // The same record twice in one batch (a quick re-send): stored once, the copy told as stored before.
    const first = new Map<string, Pending>();
    const copies: Pending[] = [];
    for (const pending of batch) {
      const key = keyOf(pending.row);
      if (first.has(key)) copies.push(pending);
      else first.set(key, pending);
    }
    const distinct = [...first.values()];
    try {
      const writes = await store(distinct);
      const idOf = new Map(distinct.map((pending, index) => [keyOf(pending.row), writes[index]!.id]));
      distinct.forEach((pending, index) => pending.resolve(writes[index]!));
      for (const copy of copies) copy.resolve({ id: idOf.get(keyOf(copy.row))!, created: false });
    } catch (error) {
      if (distinct.length > 1 && !isDatabaseUnavailable(error)) {
        // One record the database refuses (a farm deleted meanwhile…) must not take the others down: each alone.
        log.warn({ err: error, weighings: distinct.length }, 'device weighings: group commit failed, storing each alone');
        for (const pending of batch) await settle([pending]);
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }

  async function drain(): Promise<void> {
    // Whatever arrives in this turn of the event loop joins the first commit.
    await eventLoopTurn();
    while (queue.length > 0) await settle(queue.splice(0, MAX_BATCH));
    draining = undefined;
  }

  return {
    /** Stores a device's record (and its daily aggregates) once; resolves after the commit. */
    write(row: DevicePesagemRow, now: number): Promise<DeviceWrite> {
      return new Promise<DeviceWrite>((resolve, reject) => {
        queue.push({ row, now, resolve, reject });
        draining ??= drain();
      });
    },

    /** Resolves once every record handed over so far is settled (closing the portal). */
    async idle(): Promise<void> {
      while (draining) await draining;
    },
  };
}
export type DeviceWrites = ReturnType<typeof deviceWrites>;
