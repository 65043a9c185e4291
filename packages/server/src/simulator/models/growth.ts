import { DEMO_CV, SEX_FACTOR, normalDraw, standardWeight } from '../../demo/weighings.js';

/** A point of a breed standard as getpadrao answers it (grams; cumulative feed per bird, grams). */
export interface CurvePoint {
  idade: number;
  peso: number;
  consumo_acumulado?: number | null;
}

const DAY_MS = 86_400_000;
const roundTenth = (value: number) => Math.round(value * 10) / 10;

/** Used when the account has no standard at all: a broiler curve close to the published ones. */
export const FALLBACK_CURVE: CurvePoint[] = [
  { idade: 0, peso: 42 },
  { idade: 7, peso: 190 },
  { idade: 14, peso: 510 },
  { idade: 21, peso: 980 },
  { idade: 28, peso: 1560 },
  { idade: 35, peso: 2200 },
  { idade: 42, peso: 2850 },
  { idade: 49, peso: 3450 },
];

/** Whole seconds since the owner's local midnight at `now` (UTC offset of `timezone` hours). */
const localSecondsOfDay = (now: number, timezone: number) => {
  const local = now + timezone * 3_600_000;
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
};

/**
 * The owner's hour of the day at `now` (fraction included, to the second): localStamp's `hour`
 * without building date text, for the device models that ask it every tick of weeks of history.
 */
export function localHour(now: number, timezone: number): number {
  const seconds = localSecondsOfDay(now, timezone);
  // Summed as localStamp sums its parts, so both give the same number to the last bit.
  return Math.floor(seconds / 3600) + Math.floor((seconds % 3600) / 60) / 60 + (seconds % 60) / 3600;
}

/** The owner's local day at `now` as a day number (days since 1970-01-01): a new day when it changes. */
export const localDay = (now: number, timezone: number): number => Math.floor((now + timezone * 3_600_000) / DAY_MS);

/** The owner's wall clock: date YYYY-MM-DD and time HH:MM:SS at `now` in a UTC offset of `timezone` hours. */
export function localStamp(now: number, timezone: number): { data: string; hora: string; hour: number } {
  const iso = new Date(now + timezone * 3_600_000).toISOString();
  const hora = iso.slice(11, 19);
  const hour = Number(hora.slice(0, 2)) + Number(hora.slice(3, 5)) / 60 + Number(hora.slice(6, 8)) / 3600;
  return { data: iso.slice(0, 10), hora, hour };
}

/**
 * A flock's growth on the simulated clock: its age runs `speed` times faster than real time
 * (SIM_SPEED, the only thing the knob accelerates), from `ageAtStart` days at `startedAt`.
 */
export class Growth {
  private readonly points: CurvePoint[];

  constructor(
    points: readonly CurvePoint[],
    private readonly ageAtStart: number,
    private readonly startedAt: number,
    private readonly speed = 1,
  ) {
    this.points = [...(points.length > 0 ? points : FALLBACK_CURVE)].sort((a, b) => a.idade - b.idade);
  }

  /** Days of age (fractional) at `now`. */
  age(now: number): number {
    return Math.max(0, this.ageAtStart + ((now - this.startedAt) * this.speed) / DAY_MS);
  }

  /** The standard's mean weight (g) at `now`, for a sex ('M' above, 'F' below, else the mixed figure). */
  mean(now: number, sexo?: string): number {
    const factor = sexo === 'M' || sexo === 'F' ? SEX_FACTOR[sexo] : 1;
    return standardWeight(this.points, this.age(now)) * factor;
  }

  /** One bird's weight (g, 1 decimal): normal around the sex's mean with a CV of about 9 %. */
  draw(random: () => number, now: number, sexo?: string, cv = DEMO_CV): number {
    return roundTenth(Math.max(1, this.mean(now, sexo) * (1 + normalDraw(random) * cv)));
  }

  /**
   * Feed a bird eats a day at `now` (g): the standard's cumulative feed difference where it has
   * one, else about 1.7 times the day's gain (a broiler's feed conversion), at least 12 g.
   */
  dailyFeed(now: number): number {
    const day = Math.floor(this.age(now));
    // Asked every simulated minute of a silo's weeks of history; it changes once a day.
    if (this.feedCache?.day === day) return this.feedCache.grams;
    const grams = this.feedOfDay(day);
    this.feedCache = { day, grams };
    return grams;
  }

  private feedCache: { day: number; grams: number } | null = null;

  private feedOfDay(day: number): number {
    const cumulative = (idade: number) => this.points.find((point) => point.idade === idade)?.consumo_acumulado ?? null;
    const today = cumulative(day + 1);
    const before = cumulative(day);
    if (today !== null && before !== null && today > before) return today - before;
    const gain = standardWeight(this.points, day + 1) - standardWeight(this.points, day);
    return Math.max(12, gain * 1.7);
  }
}
