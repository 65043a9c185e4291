import { ensurePartitionsFor } from '../../db/dialect.js';
import type { TestPortal } from '../harness.js';

/**
 * Generated doser series for the dosing tests: a pump that runs at a constant flow over known
 * intervals, read every 30 s like the portal stores DOSE readings, the counter restarting at local
 * midnight. The expected events come from the intervals themselves (flow × time), not from the
 * readings, so they check the derivation independently.
 */

export interface PumpRun {
  start: number;
  /** Past the last reading: still running. */
  end: number;
  /** Tenths of ml per minute. */
  flow: number;
}

export interface GeneratedRow {
  em: number;
  volume_dml: number;
  vazao_dml_min: number;
  ligada: number;
}

export interface ExpectedEvent {
  inicio: number;
  fim: number | null;
  /** Exact, unrounded tenths of ml. */
  volume_dml: number;
}

export interface DoseSeriesOptions {
  from: number;
  to: number;
  runs: readonly PumpRun[];
  /** Owner's offset, hours: where the device's counter restarts. */
  timezone: number;
  /** [from, to) intervals without readings (the doser offline). */
  silences?: ReadonlyArray<readonly [number, number]>;
}

const PERIOD_MS = 30_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** The readings (one per 30-s period, a few seconds into it) and the events they must give. */
export function doseSeries(options: DoseSeriesOptions): { rows: GeneratedRow[]; expected: ExpectedEvent[] } {
  const { runs, timezone } = options;
  const offset = timezone * HOUR_MS;
  const silent = (at: number) => (options.silences ?? []).some(([from, to]) => at >= from && at < to);
  const rows: GeneratedRow[] = [];
  for (let period = Math.ceil(options.from / PERIOD_MS) * PERIOD_MS, index = 0; period < options.to; period += PERIOD_MS, index += 1) {
    const em = period + ((index * 7919) % 29) * 1000;
    if (silent(em)) continue;
    const midnight = Math.floor((em + offset) / DAY_MS) * DAY_MS - offset;
    const dosed = runs.reduce((sum, run) => sum + (run.flow * overlap(run.start, run.end, midnight, em)) / 60_000, 0);
    const running = runs.find((run) => em >= run.start && em < run.end);
    rows.push({ em, volume_dml: Math.round(dosed), vazao_dml_min: running ? running.flow : 0, ligada: running ? 1 : 0 });
  }
  const last = rows[rows.length - 1]!.em;
  const expected = runs.map((run) => {
    const inicio = rows.find((row) => row.em >= run.start)!.em;
    const after = rows.find((row) => row.em >= run.end);
    const until = after ? run.end : last;
    return { inicio, fim: after ? after.em : null, volume_dml: (run.flow * (until - run.start)) / 60_000 };
  });
  return { rows, expected };
}

/** Stores generated readings as the readings store would (one row per device and 30-s bucket). */
export async function insertDoseRows(portal: TestPortal, ownerId: number, deviceId: number, rows: readonly GeneratedRow[]): Promise<void> {
  await ensurePartitionsFor(portal.database, 'dose_leituras', rows.map((row) => row.em));
  for (let start = 0; start < rows.length; start += 500) {
    await portal.database.db
      .insertInto('dose_leituras')
      .values(rows.slice(start, start + 500).map((row) => ({ ...row, owner_id: ownerId, device_id: deviceId, bucket: Math.floor(row.em / PERIOD_MS) })))
      .execute();
  }
}

/** A picture of `deviceId` stored at `at` (as a device's IMAGEM answer). */
export async function insertFoto(portal: TestPortal, ownerId: number, deviceId: number, at: number, pedido = `t-${at}`): Promise<number> {
  const { id } = await portal.database.db
    .insertInto('device_fotos')
    .values({ owner_id: ownerId, device_id: deviceId, pedido, mime: 'image/png', conteudo: Buffer.from('89504e470d0a1a0a', 'hex'), bytes: 8, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Local midnight (owner's offset, hours) of a YYYY-MM-DD day. */
export const midnightOf = (day: string, timezone: number) => Date.parse(`${day}T00:00:00Z`) - timezone * HOUR_MS;
