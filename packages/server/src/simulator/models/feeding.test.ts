import type { MsgCalha } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../demo/weighings.js';
import { troughBehaviour } from './feeding.js';

const MINUTE = 60_000;
const START = Date.parse('2026-05-10T03:00:00Z');

/** Ticks a monitor of `calhas` troughs every `stepMs` for `days`, collecting what it sends per tick. */
function run(seed: number, stepMs: number, days: number) {
  const behaviour = troughBehaviour({ calhas: 2, random: seededRandom(seed), timezone: -3 });
  const ticks: Array<{ at: number; readings: MsgCalha[] }> = [];
  for (let at = START; at < START + days * 86_400_000; at += stepMs) ticks.push({ at, readings: behaviour.tick(at) as MsgCalha[] });
  return ticks;
}

describe('trough monitor faults', () => {
  it('sends presence, and now and then jams, empty troughs and offline gaps', () => {
    for (const seed of [1, 2, 3]) {
      const ticks = run(seed, MINUTE, 7);
      const readings = ticks.flatMap((tick) => tick.readings);
      // Monitors with the sensor always say whether there is feed; mostly there is.
      expect(readings.every((reading) => typeof reading.presenca === 'boolean')).toBe(true);
      const present = readings.filter((reading) => reading.presenca).length / readings.length;
      expect(present).toBeGreaterThan(0.85);
      expect(present).toBeLessThan(1);
      // Jams: the motor on and the wheel still.
      expect(readings.some((reading) => reading.ligada && reading.rpm === 0)).toBe(true);
      // Offline: tens of minutes without a message, and not most of the week.
      const silent = ticks.filter((tick) => tick.readings.length === 0).length;
      expect(silent).toBeGreaterThan(15);
      expect(silent).toBeLessThan(ticks.length * 0.1);
      // A jammed wheel makes no turns: between two ticks heard in a row, the count grows only while turning.
      for (const index of [0, 1]) {
        for (let at = 1; at < ticks.length; at++) {
          const [before, after] = [ticks[at - 1]!.readings[index], ticks[at]!.readings[index]];
          if (before && after && after.voltas > before.voltas) expect(after.rpm).toBeGreaterThan(0);
        }
      }
    }
  });

  it('now and then a seized chain keeps the motor on and the wheel still for longer than 30 minutes', () => {
    const longestStops = [1, 2, 3].map((seed) => {
      const ticks = run(seed, MINUTE, 7);
      let longest = 0;
      for (const index of [0, 1]) {
        let since: number | null = null;
        for (const tick of ticks) {
          const reading = tick.readings[index];
          if (!reading) continue;
          if (reading.ligada && reading.rpm === 0) since ??= tick.at;
          else since = null;
          if (since !== null) longest = Math.max(longest, tick.at - since);
        }
      }
      return longest;
    });
    expect(longestStops.some((ms) => ms > 30 * MINUTE)).toBe(true);
  });

  it('draws faults at the same rate whether ticked every 5 s (live) or every minute (history)', () => {
    const jammedMinutes = (stepMs: number) =>
      [11, 12, 13].reduce((sum, seed) => sum + run(seed, stepMs, 5).filter((tick) => tick.readings.some((reading) => reading.ligada && reading.rpm === 0)).length * (stepMs / MINUTE), 0);
    const live = jammedMinutes(5_000);
    const history = jammedMinutes(MINUTE);
    expect(history).toBeGreaterThan(live * 0.4);
    expect(history).toBeLessThan(live * 2.5);
  });
});
