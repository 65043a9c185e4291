import type { MsgSilo } from '@portal/shared';
import { normalDraw } from '../../demo/weighings.js';
import { localHour, type Growth } from './growth.js';
import type { Behaviour } from './types.js';

/** Birds eat around two peaks: early morning and late afternoon (local hours), less at night. */
const PEAKS = [
  { hour: 7, weight: 1 },
  { hour: 17, weight: 0.9 },
];
const BASE_RATE = 0.3;
const PEAK_WIDTH_HOURS = 1.6;

function rawRate(hour: number): number {
  let rate = BASE_RATE;
  for (const peak of PEAKS) {
    // Distance on the 24 h circle, so a peak near midnight would wrap.
    const distance = Math.min(Math.abs(hour - peak.hour), 24 - Math.abs(hour - peak.hour));
    rate += peak.weight * Math.exp(-((distance / PEAK_WIDTH_HOURS) ** 2));
  }
  return rate;
}

/** The integral of rawRate over a day, so rates below are shares of a day's feed per hour. */
const DAY_INTEGRAL = (() => {
  let sum = 0;
  for (let minute = 0; minute < 24 * 60; minute++) sum += rawRate((minute + 0.5) / 60) / 60;
  return sum;
})();

/** Share of a day's feed eaten per hour at a local hour. */
export const feedShareAt = (hour: number) => rawRate(hour) / DAY_INTEGRAL;

/** A feed truck unloads at about 300 kg a minute. */
export const TRUCK_KG_PER_SECOND = 5;
/** Below this share of the capacity a truck always comes; it fills the silo to REFILL_TO. */
export const REFILL_BELOW = 0.12;
export const REFILL_TO = 0.92;
/**
 * The farm orders feed with this many hours of it left at the day's pace (above the silo_fim
 * alarm's 48 h); now and then (LATE_TRUCK_CHANCE of the orders) the truck comes late, at
 * LATE_TRUCK_HOURS left, so the demo's run-out alarm shows (alerta, then critico) now and then.
 * An order never waits below REFILL_BELOW nor asks above half the silo.
 */
export const ORDER_AHEAD_HOURS = 60;
export const LATE_TRUCK_HOURS = 14;
export const LATE_TRUCK_CHANCE = 0.25;

export interface SiloOptions {
  capacidade_kg: number;
  /** Feed in the silo at start, kg. */
  saldo_kg: number;
  /** Birds the silo feeds. */
  aves: number;
  growth: Growth;
  random: () => number;
  timezone: number;
  intervalMs?: number;
}

/** The silo's state, exposed for tests. */
export interface SiloBehaviour extends Behaviour {
  readonly level: number;
  readonly refilling: boolean;
}

/**
 * A silo scale (BSILO, SPSILO, SILO, SEQ, SEQFC): the silo drains with the birds' daily feed
 * (the standard's intake at the flock's age, spread over the day with two peaks), a truck
 * refills it when the farm's order comes (ORDER_AHEAD_HOURS of feed left, now and then late).
 * The reading carries the load cells' noise, more while unloading.
 */
export function siloBehaviour(options: SiloOptions): SiloBehaviour {
  const { capacidade_kg: capacity, aves, growth, random, timezone } = options;
  let level = Math.min(Math.max(options.saldo_kg, 0), capacity);
  let refilling = false;
  let last: number | null = null;
  const nextOrderHours = () => (random() < LATE_TRUCK_CHANCE ? LATE_TRUCK_HOURS : ORDER_AHEAD_HOURS);
  let orderHours = nextOrderHours();
  /** The level the truck is called at: orderHours of the day's feed, within [REFILL_BELOW, ½] of the silo. */
  const orderLevel = (at: number) => {
    const dailyKg = (aves * growth.dailyFeed(at)) / 1000;
    return Math.min(capacity / 2, Math.max(capacity * REFILL_BELOW, (dailyKg * orderHours) / 24));
  };

  const advance = (from: number, to: number) => {
    // Steps of at most a minute, so a test jumping hours still follows the day's curve.
    for (let at = from; at < to; ) {
      const next = Math.min(to, at + 60_000);
      const seconds = (next - at) / 1000;
      const hour = localHour(at, timezone);
      const eaten = (aves * growth.dailyFeed(at) * feedShareAt(hour) * seconds) / 3_600 / 1000;
      level = Math.max(0, level - eaten);
      if (!refilling && level < orderLevel(at)) refilling = true;
      if (refilling) {
        level = Math.min(capacity * REFILL_TO, level + TRUCK_KG_PER_SECOND * seconds);
        if (level >= capacity * REFILL_TO) {
          refilling = false;
          orderHours = nextOrderHours();
        }
      }
      at = next;
    }
  };

  return {
    intervalMs: options.intervalMs ?? 5_000,
    get level() {
      return level;
    },
    get refilling() {
      return refilling;
    },
    tick(now) {
      if (last !== null && now > last) advance(last, now);
      last = now;
      const noise = normalDraw(random) * (refilling ? 25 : 1.5);
      const reading: MsgSilo = { tipo: 'SILO', peso_kg: Math.round(Math.max(0, level + noise) * 10) / 10 };
      return [reading];
    },
  };
}
