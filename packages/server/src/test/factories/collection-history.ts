import { seededRandom } from '../../demo/weighings.js';
import { testServices } from '../services.js';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

/** A completed collector batch as a test writes it: 20 birds, the total in decigrams (g × 10). */
export interface TestBatch {
  em: number;
  machos: number;
  femeas: number;
  peso_total_dg: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Batches of 20 birds over `days` local days from `firstDay` (YYYY-MM-DD, `timezone` hours from
 * UTC): some days empty, ties (10/10) and one-sex batches included, and batches a minute after
 * local midnight and a second before the next, so day boundaries are exercised.
 */
export function generateBatches(options: { seed: number; firstDay: string; days: number; timezone: number; maxPerDay?: number }): TestBatch[] {
  const random = seededRandom(options.seed);
  const maxPerDay = options.maxPerDay ?? 6;
  const midnight0 = Date.parse(`${options.firstDay}T00:00:00Z`) - options.timezone * HOUR_MS;
  const batches: TestBatch[] = [];
  for (let day = 0; day < options.days; day++) {
    if (random() < 0.25) continue;
    const midnight = midnight0 + day * DAY_MS;
    const count = 1 + Math.floor(random() * maxPerDay);
    for (let index = 0; index < count; index++) {
      const shape = random();
      const machos = shape < 0.15 ? 10 : shape < 0.25 ? 20 : shape < 0.35 ? 0 : Math.floor(random() * 21);
      // 20 birds of 35 g to 4.5 kg, in decigrams (the wire's 1 decimal of a gram).
      const perBird = 350 + Math.floor(random() * 44_650);
      const at = index === 0 ? midnight + 60_000 : index === 1 ? midnight + DAY_MS - 1_000 : midnight + Math.floor(random() * (DAY_MS - 120_000)) + 60_000;
      batches.push({ em: at, machos, femeas: 20 - machos, peso_total_dg: perBird * 20 + Math.floor(random() * 20) });
    }
  }
  // One second apart at least: the store keeps one batch per device and second.
  const seen = new Set<number>();
  return batches.filter((batch) => !seen.has(Math.floor(batch.em / 1000)) && seen.add(Math.floor(batch.em / 1000)));
}

/** Writes batches of a collector through the readings ingestion, as a live COLETA completing a batch would. */
export async function insertBatches(portal: TestPortal, account: TestAccount, device: { id: number; serie: string }, batches: readonly TestBatch[]): Promise<void> {
  const store = testServices(portal).readings;
  const known = { id: device.id, owner_id: account.user.id };
  const rows = batches.flatMap((batch) => {
    const row = store.rowFor(known, { tipo: 'COLETA', machos: batch.machos, femeas: batch.femeas, peso_total: batch.peso_total_dg / 10 }, batch.em);
    return row ? [row] : [];
  });
  if (rows.length !== batches.length) throw new Error(`insertBatches: ${batches.length - rows.length} batch(es) not stored`);
  await store.insertMany(rows);
}
