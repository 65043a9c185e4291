import { detectDeliveries, filterSiloSeries, type DeliveryOptions, type SiloSample } from '@portal/shared';

/**
 * The arithmetic of a silo's "empty by" (getsilofim, the silo_fim alarm; docs/alarms.md), apart
 * from any I/O: the recent consumption rate from the scale's series, the flocks' expected intake
 * by age from their standard, and where each runs the balance out.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The recent rate is the fall over this long: a whole day, so the birds' day and night even out. */
export const CONSUMPTION_WINDOW_MS = DAY_MS;
/** Each end of the window is the mean of the readings of this long, not one reading and its noise. */
export const CONSUMPTION_EDGE_MS = HOUR_MS;
/** Readings read before the window, so a delivery just before it is still seen whole. */
export const CONSUMPTION_LEAD_MS = 3 * HOUR_MS;
/** Less than this between the two ends' means: too little to call it a rate. */
const CONSUMPTION_MIN_SPAN_MS = 6 * HOUR_MS;
/** The expected intake is followed this far; a silo lasting longer has no expected "empty by". */
const EXPECTED_HORIZON_DAYS = 366;

/**
 * kg/h the silo's level fell over the CONSUMPTION_WINDOW_MS up to `end` (its latest reading),
 * deliveries left out: every reading after a detected delivery is raised back by what it brought
 * (and the readings while it came in are dropped), so the series only falls with what was eaten.
 * The rate is the difference of the mean of the first CONSUMPTION_EDGE_MS of readings and the mean
 * of the last, over the time between their mean instants (the ends are a day apart when the scale
 * read all day, so the day's uneven eating cancels out). Null with less than 6 h between them;
 * never below 0.
 */
export function consumptionRate(samples: readonly SiloSample[], end: number, options: DeliveryOptions): number | null {
  const deliveries = detectDeliveries(samples, options);
  const start = end - CONSUMPTION_WINDOW_MS - CONSUMPTION_EDGE_MS;
  const eaten: SiloSample[] = [];
  for (const sample of filterSiloSeries(samples)) {
    if (sample.em < start || sample.em > end) continue;
    if (deliveries.some((delivery) => sample.em > delivery.em && sample.em <= delivery.ate)) continue;
    const brought = deliveries.filter((delivery) => delivery.ate < sample.em).reduce((sum, delivery) => sum + delivery.quantidade_kg, 0);
    eaten.push({ em: sample.em, kg: sample.kg - brought });
  }
  if (eaten.length === 0) return null;
  const head = meanOf(eaten.filter((sample) => sample.em <= eaten[0]!.em + CONSUMPTION_EDGE_MS));
  const tail = meanOf(eaten.filter((sample) => sample.em >= end - CONSUMPTION_EDGE_MS));
  if (!tail || tail.em - head!.em < CONSUMPTION_MIN_SPAN_MS) return null;
  return Math.max(0, ((head!.kg - tail.kg) * HOUR_MS) / (tail.em - head!.em));
}

function meanOf(samples: readonly SiloSample[]): SiloSample | undefined {
  if (samples.length === 0) return undefined;
  return {
    em: samples.reduce((sum, sample) => sum + sample.em, 0) / samples.length,
    kg: samples.reduce((sum, sample) => sum + sample.kg, 0) / samples.length,
  };
}

/** A flock eating from the silo: its standard's cumulative feed per bird by age. */
export interface EatingFlock {
  /** Epoch ms of the owner's local midnight starting the placement day (age 0). */
  placedAt: number;
  /** Its live birds that eat from this silo (its share of them). */
  birds: number;
  /** The standard's consumo_acumulado, g per bird, by whole days of age, ascending. */
  curve: readonly { idade: number; gramas: number }[];
}

/**
 * Cumulative g per bird at a whole age: the curve's straight line between its points, 0 at
 * placement when the curve does not say, and past its last point at its last stretch's pace.
 */
export function cumulativeAt(curve: EatingFlock['curve'], idade: number): number {
  const points = curve[0]?.idade === 0 ? curve : [{ idade: 0, gramas: 0 }, ...curve];
  if (idade <= 0) return 0;
  for (let index = 1; index < points.length; index++) {
    const [before, after] = [points[index - 1]!, points[index]!];
    if (idade <= after.idade) return before.gramas + ((after.gramas - before.gramas) * (idade - before.idade)) / (after.idade - before.idade);
  }
  const [before, last] = [points.at(-2)!, points.at(-1)!];
  return last.gramas + ((last.gramas - before.gramas) * (idade - last.idade)) / (last.idade - before.idade);
}

/** kg/h the flocks are expected to eat at `at`: each one's day of age's intake, evenly over that day. */
export function expectedRate(flocks: readonly EatingFlock[], at: number): number {
  let kgPerDay = 0;
  for (const flock of flocks) {
    const idade = Math.floor((at - flock.placedAt) / DAY_MS);
    if (idade < 0) continue;
    kgPerDay += (flock.birds * (cumulativeAt(flock.curve, idade + 1) - cumulativeAt(flock.curve, idade))) / 1000;
  }
  return kgPerDay / 24;
}

/**
 * When the flocks, eating as their standard expects as they age (so the rate grows day by day),
 * will have eaten `kg` from `from` on: walked local day by day (every flock's age turns at the
 * owner's midnight), the rate constant within a day. Null when nothing is eaten or not within
 * EXPECTED_HORIZON_DAYS.
 */
export function expectedEmptyAt(flocks: readonly EatingFlock[], from: number, kg: number): number | null {
  if (flocks.length === 0) return null;
  if (kg <= 0) return from;
  // Every flock's placement is a local midnight: its day boundaries are the owner's midnights.
  const midnight = flocks[0]!.placedAt;
  let at = from;
  let left = kg;
  for (let day = 0; day <= EXPECTED_HORIZON_DAYS; day++) {
    const next = at + (DAY_MS - ((((at - midnight) % DAY_MS) + DAY_MS) % DAY_MS));
    const rate = expectedRate(flocks, at);
    const eaten = (rate * (next - at)) / HOUR_MS;
    if (rate > 0 && eaten >= left) return at + (left / rate) * HOUR_MS;
    left -= eaten;
    at = next;
  }
  return null;
}
