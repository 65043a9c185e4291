import { ensurePartitionsFor } from '../../db/dialect.js';
import { READING_PERIOD_MS } from '../../modules/readings/index.js';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

const HOUR_MS = 3_600_000;
const STEP_MS = READING_PERIOD_MS.SILO;
/** Birds eat while the lights are on: the level only falls from 05:00 to 20:00 local time. */
const EATING_FROM_H = 5;
const EATING_TO_H = 20;
/** Trucks come at night (22:00), when the level is otherwise still. */
const DELIVERY_H = 22;

export interface SiloDayPlan {
  /** YYYY-MM-DD, local. */
  data: string;
  /** Feed eaten that day, hg. */
  consumoHg: number;
  /** Feed delivered that night, hg (0: none). */
  entregaHg: number;
  /** The scale is off all day: no reading is stored. */
  semLeituras: boolean;
}

/**
 * A clean silo-scale series, one reading per 5 minutes (as the readings ingestion keeps them): flat at
 * night, falling evenly by whole hectograms while the birds eat, a delivery as a clean step at
 * night. Whatever the day boundaries, each day's consumption is exactly its plan's consumoHg.
 */
export function siloSeries(plan: readonly SiloDayPlan[], timezone: number, startHg: number): { em: number; peso_hg: number }[] {
  const rows: { em: number; peso_hg: number }[] = [];
  let level = startHg;
  const stepsPerDay = (24 * HOUR_MS) / STEP_MS;
  const eatingSteps = ((EATING_TO_H - EATING_FROM_H) * HOUR_MS) / STEP_MS;
  for (const day of plan) {
    const midnight = Date.parse(`${day.data}T00:00:00Z`) - timezone * HOUR_MS;
    const firstEating = (EATING_FROM_H * HOUR_MS) / STEP_MS;
    const deliveryStep = (DELIVERY_H * HOUR_MS) / STEP_MS;
    let eaten = 0;
    for (let step = 0; step < stepsPerDay; step += 1) {
      const intoEating = step - firstEating;
      if (intoEating >= 0 && intoEating < eatingSteps) {
        // Whole hectograms, spread so the day adds up exactly.
        const target = Math.floor((day.consumoHg * (intoEating + 1)) / eatingSteps);
        level -= target - eaten;
        eaten = target;
      }
      if (step === deliveryStep) level += day.entregaHg;
      if (level < 0) throw new Error('the plan empties the silo');
      if (!day.semLeituras) rows.push({ em: midnight + step * STEP_MS + 1000, peso_hg: level });
    }
  }
  return rows;
}

/** Stores a silo scale's readings straight into silo_leituras (as the readings ingestion would). */
export async function insertSiloReadings(portal: TestPortal, account: TestAccount, deviceId: number, rows: readonly { em: number; peso_hg: number }[]): Promise<void> {
  const values = rows.map((row) => ({ owner_id: account.user.id, device_id: deviceId, em: row.em, bucket: Math.floor(row.em / STEP_MS), peso_hg: row.peso_hg }));
  await ensurePartitionsFor(portal.database, 'silo_leituras', values.map((value) => value.em));
  for (let start = 0; start < values.length; start += 1000) {
    await portal.database.db.insertInto('silo_leituras').values(values.slice(start, start + 1000)).execute();
  }
}
