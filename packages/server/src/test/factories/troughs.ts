import { ensurePartitionsFor } from '../../db/dialect.js';
import { seededRandom } from '../../demo/weighings.js';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

/** A calha_leituras row as a test writes it (rpm in tenths, flags 1/0, presenca null without a sensor). */
export interface TestTroughRow {
  em: number;
  rpm_dec: number;
  voltas: number;
  ligada: number;
  presenca: number | null;
}

const MINUTE_MS = 60_000;

/**
 * A trough's stored series, one row per minute from `start` for `minutes`: runs of 4 minutes
 * every 12 at about 24 rpm, and faults drawn from the seed — jams (motor on, rpm 0 or 0.5),
 * one-minute stops at a run's start (not a stoppage), empty troughs (no presence, also while
 * running), short and long gaps (no rows for 2 to 90 minutes) and rows anywhere inside their
 * minute. `sensor: false` writes presenca null, as a monitor without the feed sensor.
 */
export function generateTroughSeries(options: { seed: number; start: number; minutes: number; sensor?: boolean }): TestTroughRow[] {
  const random = seededRandom(options.seed);
  const sensor = options.sensor ?? true;
  const rows: TestTroughRow[] = [];
  let voltas = 0;
  let jamLeft = 0;
  let emptyLeft = 0;
  let skipLeft = 0;
  for (let minute = 0; minute < options.minutes; minute++) {
    const bucketStart = options.start + minute * MINUTE_MS;
    if (skipLeft > 0) {
      skipLeft--;
      continue;
    }
    const draw = random();
    // 2 or 3 missing minutes stay under the gap threshold; 4 and more make a gap.
    if (draw < 0.004) skipLeft = 2 + Math.floor(random() * 2);
    else if (draw < 0.007) skipLeft = 4 + Math.floor(random() * 86);
    if (skipLeft > 0) continue;
    const ligada = minute % 12 < 4;
    if (ligada && jamLeft === 0 && random() < 0.03) jamLeft = 1 + Math.floor(random() * 8);
    if (emptyLeft === 0 && random() < 0.01) emptyLeft = 1 + Math.floor(random() * 30);
    const jammed = ligada && jamLeft > 0;
    if (jamLeft > 0) jamLeft--;
    const presenca = sensor ? (emptyLeft > 0 ? 0 : 1) : null;
    if (emptyLeft > 0) emptyLeft--;
    const rpm_dec = !ligada ? 0 : jammed ? (random() < 0.5 ? 0 : 5) : 200 + Math.floor(random() * 80);
    voltas += Math.floor(rpm_dec / 10);
    rows.push({ em: bucketStart + Math.floor(random() * MINUTE_MS), rpm_dec, voltas, ligada: ligada ? 1 : 0, presenca });
  }
  return rows;
}

/** Writes a trough's rows for a monitor (bucket = the row's minute, as the readings store does). */
export async function insertTroughRows(portal: TestPortal, account: TestAccount, deviceId: number, idcalha: number, rows: readonly TestTroughRow[]): Promise<void> {
  const values = rows.map((row) => ({ owner_id: account.user.id, device_id: deviceId, idcalha, bucket: Math.floor(row.em / MINUTE_MS), ...row }));
  await ensurePartitionsFor(portal.database, 'calha_leituras', values.map((value) => value.em));
  for (let start = 0; start < values.length; start += 500) {
    await portal.database.db.insertInto('calha_leituras').values(values.slice(start, start + 500)).execute();
  }
}
