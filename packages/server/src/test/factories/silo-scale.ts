import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';
import { createPadrao } from './standards.js';

const MINUTE_MS = 60_000;

/** Sets the portal's frozen clock to `instant` (read back from the time a record it stamps carries). */
export async function setPortalClock(portal: TestPortal, account: TestAccount, instant: number): Promise<void> {
  portal.freezeClock();
  const probe = await createPadrao(portal, account, { nome: `Relógio ${instant} ${Math.random()}` });
  portal.advanceClock(instant - Date.parse(probe.created_at));
}

/**
 * A silo scale reporting every minute over [from, to] the level `levelAt` gives plus uniform noise
 * of ±`noiseKg`, stored the way live readings are (the readings ingestion keeps the first of each
 * period, modules/readings).
 */
export async function feedSiloScale(
  portal: TestPortal,
  device: { id: number; owner_id: number },
  span: { from: number; to: number },
  levelAt: (at: number) => number,
  noise: { kg: number; random: () => number },
): Promise<void> {
  const store = portal.services.readings;
  const rows = [];
  for (let at = span.from; at <= span.to; at += MINUTE_MS) {
    const peso_kg = Math.round(Math.max(0, levelAt(at) + (noise.random() * 2 - 1) * noise.kg) * 10) / 10;
    const row = store.rowFor({ id: device.id, owner_id: device.owner_id }, { tipo: 'SILO', peso_kg }, at);
    if (row) rows.push(row);
  }
  await store.insertMany(rows);
}
