/**
 * Silo arithmetic shared by the silo screens, the feed consumption report (getracao) and charts
 * (getgraphdata): what a silo scale's noisy series says about deliveries and daily consumption.
 * Pure functions, no I/O; the server reads the series (silo_leituras, kg with 1 decimal) and the
 * owner's timezone, the tests compare with an independent computation on generated series.
 *
 * CONTRACT (issue 9): the silo helper implements these; other code only calls them.
 */
import { localMidnight, timezoneOffsetMs } from '../localTime.js';

/** One stored silo-scale reading: epoch ms and kg (1 decimal). Sorted by `em` ascending. */
export interface SiloSample {
  em: number;
  kg: number;
}

/** An upward jump in the series: a truck delivery (or a refill by hand). */
export interface DetectedDelivery {
  /** Epoch ms of the last sample before the jump: the key silo_entregas stores. */
  em: number;
  /** Epoch ms the level settled after it. */
  ate: number;
  antes_kg: number;
  depois_kg: number;
  /**
   * Feed the delivery brought, kg, 1 decimal: depois − antes plus what the birds ate while it came
   * in (from `em` to `ate`, at the pace the level fell just before), so a slow fill while the birds
   * eat neither loses feed nor takes it from that day's consumption.
   */
  quantidade_kg: number;
}

export interface DeliveryOptions {
  /** Smallest rise counted as a delivery, kg (default: 300 kg, or 3 % of the capacity if larger). */
  minimoKg?: number;
  capacidadeKg?: number;
}

/** A local calendar day of the series (timezone: the owner's offset in hours, spec default -3). */
export interface SiloDay {
  data: string;
  /** Level at the day's start and end (kg, 1 decimal); null when the series does not cover it. */
  inicio_kg: number | null;
  fim_kg: number | null;
  /** Feed delivered that day by the detected jumps, kg. */
  entregas_kg: number;
  /** inicio + entregas − fim, kg, 1 decimal; null (not 0) when the day is not covered. */
  consumo_kg: number | null;
}

export type DetectDeliveries = (samples: readonly SiloSample[], options?: DeliveryOptions) => DetectedDelivery[];
export type SiloDays = (samples: readonly SiloSample[], range: { di: string; df: string }, timezone: number, options?: DeliveryOptions) => SiloDay[];

/**
 * The load cells' noise after the median filter, kg: a reading is within this of the true level.
 * Any rise the filtered series shows beyond 2 × this is therefore real feed coming in.
 */
export const SILO_NOISE_KG = 40;
/** Readings further apart than this are filtered apart: the level may have moved a lot between them. */
export const SILO_SEGMENT_GAP_MS = 30 * 60_000;
/** A delivery has ended when the level has not climbed further for this long. */
export const SILO_SETTLE_MS = 15 * 60_000;
/** A day's edge level is interpolated only between readings this close to midnight. */
export const SILO_EDGE_MS = 60 * 60_000;
/**
 * The level's fall over this long either side of a delivery gives the pace the birds ate while it
 * came in: short, so feed lines stopped around a truck (level flat just before and after) add nothing.
 */
export const DRAIN_LOOKBACK_MS = 30 * 60_000;
/** Fewer readings than this before a delivery: no rate, nothing added for the time it took. */
const DRAIN_MIN_READINGS = 4;
const MIN_DELIVERY_KG = 300;
const MIN_DELIVERY_SHARE = 0.03;
/**
 * Readings the median filter looks at. Three drop any lone outlier; wider windows drop more but,
 * next to an outlier, shift by a rank where the level turns or climbs slowly, which stalls or
 * dents a rise for several readings (found by the generated series in silo.test.ts).
 */
const FILTER_WIDTH = 3;
/** Passes converge in a few; the cap only bounds the work. */
const MEDIAN_PASSES = 8;
const DAY_MS = 86_400_000;

const round1 = (kg: number) => Math.round(kg * 10) / 10;
const tenths = (kg: number) => Math.round(kg * 10);

/** The smallest rise counted as a delivery. */
export function deliveryThresholdKg(options: DeliveryOptions = {}): number {
  if (options.minimoKg !== undefined) return options.minimoKg;
  return Math.max(MIN_DELIVERY_KG, MIN_DELIVERY_SHARE * (options.capacidadeKg ?? 0));
}

/**
 * The series without its noise spikes: cut at gaps longer than SILO_SEGMENT_GAP_MS (a median
 * must not mix levels hours apart), each piece replaced by the median of the FILTER_WIDTH
 * readings nearest each sample (the window slides inward at a piece's ends, so its first and
 * last readings need their neighbours' confirmation), repeated until nothing changes (a median's
 * root: where the level turns, as at a rise's top, one pass can leave a one-reading dip that a
 * second removes). A median keeps monotone runs (a truck's rise, a drain) exactly and drops
 * lone outliers; each value is one of the readings. Pieces of
 * fewer than three readings are dropped: nothing can tell such a reading from an outlier.
 */
export function filterSiloSeries(samples: readonly SiloSample[]): SiloSample[] {
  const filtered: SiloSample[] = [];
  let pieceStart = 0;
  for (let index = 1; index <= samples.length; index++) {
    if (index < samples.length && samples[index]!.em - samples[index - 1]!.em <= SILO_SEGMENT_GAP_MS) continue;
    const piece = samples.slice(pieceStart, index);
    pieceStart = index;
    if (piece.length < FILTER_WIDTH) continue;
    let values = piece.map((sample) => sample.kg);
    for (let pass = 0; pass < MEDIAN_PASSES; pass++) {
      const next = medianPass(values);
      if (next.every((value, at) => value === values[at])) break;
      values = next;
    }
    piece.forEach((sample, at) => filtered.push({ em: sample.em, kg: values[at]! }));
  }
  return filtered;
}

/** The middle of three numbers, without sorting (this runs for every reading of a year-long series). */
const median3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

function medianPass(values: number[]): number[] {
  // FILTER_WIDTH is 3; pieces have at least 3 readings, so every window is whole.
  const last = values.length - 1;
  return values.map((_, at) => {
    const start = Math.min(Math.max(at - 1, 0), last - 2);
    return median3(values[start]!, values[start + 1]!, values[start + 2]!);
  });
}

/**
 * kg per ms the level fell over readings [from, to] of a filtered series (the least-squares
 * slope; 0 where it rose); undefined with fewer than DRAIN_MIN_READINGS readings.
 */
function fallPerMs(series: SiloSample[], from: number, to: number): number | undefined {
  const window = series.slice(from, to + 1);
  if (window.length < DRAIN_MIN_READINGS) return undefined;
  const meanT = window.reduce((sum, sample) => sum + sample.em, 0) / window.length;
  const meanKg = window.reduce((sum, sample) => sum + sample.kg, 0) / window.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of window) {
    covariance += (sample.em - meanT) * (sample.kg - meanKg);
    variance += (sample.em - meanT) ** 2;
  }
  return variance === 0 ? 0 : Math.max(0, -covariance / variance);
}

/**
 * How much a delivery brought: the level after it less the level before it, plus what the birds
 * ate while it came in, at the mean pace of the lines through the readings of DRAIN_LOOKBACK_MS
 * before it (from the previous delivery's end on) and after it (until the level climbs again),
 * each where it has DRAIN_MIN_READINGS readings; nothing without either. The pace is a line's slope, never one
 * reading's noise; the levels stay the readings themselves, as a line through a day's uneven
 * eating would be further off at its ends than a reading's noise.
 */
function deliveredKg(series: SiloSample[], bounds: { previousEnd: number; start: number; end: number }, levels: { before: number; after: number }): number {
  const { previousEnd, start, end } = bounds;
  let first = start;
  while (first > previousEnd && series[start]!.em - series[first - 1]!.em < DRAIN_LOOKBACK_MS) first--;
  let last = end;
  let floor = series[end]!.kg;
  while (last + 1 < series.length && series[last + 1]!.em - series[end]!.em < DRAIN_LOOKBACK_MS && series[last + 1]!.kg <= floor + 2 * SILO_NOISE_KG) {
    last++;
    floor = Math.min(floor, series[last]!.kg);
  }
  const slopes = [fallPerMs(series, first, start), fallPerMs(series, end, last)].filter((slope) => slope !== undefined);
  const slope = slopes.length === 0 ? 0 : slopes.reduce((sum, value) => sum + value, 0) / slopes.length;
  return levels.after - levels.before + slope * (series[end]!.em - series[start]!.em);
}

/**
 * Deliveries in a filtered series. Between deliveries the true level only falls, so the running
 * minimum since the last delivery is within the noise of the level just before the next one; a
 * climb of `threshold` above it starts a delivery. It goes on while a reading within SETTLE_MS
 * tops the highest so far by more than twice the noise (noise alone never does), then the
 * highest reading of that last window is the level after it. A climb that falls back at once
 * (outliers either side of a step) is not one.
 */
function deliveriesIn(series: SiloSample[], threshold: number): DetectedDelivery[] {
  const found: DetectedDelivery[] = [];
  const rise = 2 * SILO_NOISE_KG;
  let lowIndex = 0;
  let previousEnd = 0;
  for (let index = 1; index < series.length; index++) {
    const sample = series[index]!;
    if (sample.kg < series[lowIndex]!.kg) {
      lowIndex = index;
      continue;
    }
    const low = series[lowIndex]!.kg;
    if (sample.kg - low < threshold) continue;
    // The last reading still at the level before: the delivery's key.
    let start = index - 1;
    while (start > lowIndex && series[start]!.kg > low + rise) start--;
    let highIndex = index;
    let next = index + 1;
    for (; next < series.length && series[next]!.em - series[highIndex]!.em <= SILO_SETTLE_MS; next++) {
      if (series[next]!.kg > series[highIndex]!.kg + rise) highIndex = next;
    }
    // Falling back right after the climb is not feed: outliers on both sides of a step can make
    // the median zigzag there. Keep looking from the next reading, from the same low.
    if (series.slice(index, next).some((later) => later.kg < low + threshold / 2)) continue;
    let endIndex = highIndex;
    for (let look = highIndex + 1; look < next; look++) if (series[look]!.kg > series[endIndex]!.kg) endIndex = look;
    const depois = series[endIndex]!.kg;
    const quantidade = deliveredKg(series, { previousEnd, start, end: endIndex }, { before: low, after: depois });
    found.push({ em: series[start]!.em, ate: series[endIndex]!.em, antes_kg: round1(low), depois_kg: round1(depois), quantidade_kg: round1(quantidade) });
    previousEnd = endIndex + 1;
    lowIndex = endIndex;
    index = endIndex;
  }
  return found;
}

/**
 * Sustained rises of a silo scale's series: truck deliveries (or refills by hand) of at least the
 * threshold. Lone outliers are filtered out first; a rise needs two readings after it to be
 * confirmed, so a delivery at the very end of the series shows up one reading later.
 */
export const detectDeliveries: DetectDeliveries = (samples, options) => deliveriesIn(filterSiloSeries(samples), deliveryThresholdKg(options));

/** The filtered level at an instant: interpolated between the readings around it when both are near. */
function levelAt(series: SiloSample[], at: number): number | null {
  let low = 0;
  let high = series.length;
  // First index with em >= at.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (series[middle]!.em < at) low = middle + 1;
    else high = middle;
  }
  const after = series[low];
  if (after && after.em === at) return after.kg;
  const before = series[low - 1];
  if (!before || !after || at - before.em > SILO_EDGE_MS || after.em - at > SILO_EDGE_MS) return null;
  return before.kg + ((after.kg - before.kg) * (at - before.em)) / (after.em - before.em);
}

/**
 * The series day by day in the owner's timezone: level at each midnight, the feed the detected
 * deliveries brought, consumption = start + deliveries − end. A delivery across midnight is split
 * at the midnight level, so the two days' consumptions do not depend on where exactly it was.
 * Days the series does not reach have null levels and consumption, never 0.
 */
export const siloDays: SiloDays = (samples, range, timezone, options) => {
  const series = filterSiloSeries(samples);
  const deliveries = deliveriesIn(series, deliveryThresholdKg(options));
  const first = localMidnight(range.di, timezone);
  const last = localMidnight(range.df, timezone);
  const days: SiloDay[] = [];
  for (let midnight = first; midnight <= last; midnight += DAY_MS) {
    const next = midnight + DAY_MS;
    const inicio = levelAt(series, midnight);
    const fim = levelAt(series, next);
    let entregas = 0;
    for (const delivery of deliveries) {
      if (delivery.ate < midnight || delivery.em >= next) continue;
      const share = (edge: number): number => {
        // The part of the delivery before `edge`; without a level there, the day of `em` has it all.
        if (delivery.ate <= edge) return delivery.quantidade_kg;
        if (delivery.em >= edge) return 0;
        const level = levelAt(series, edge);
        if (level === null) return delivery.em < edge ? delivery.quantidade_kg : 0;
        return Math.min(Math.max(level - delivery.antes_kg, 0), delivery.quantidade_kg);
      };
      entregas += share(next) - share(midnight);
    }
    const data = new Date(midnight + timezoneOffsetMs(timezone)).toISOString().slice(0, 10);
    const inicioKg = inicio === null ? null : round1(inicio);
    const fimKg = fim === null ? null : round1(fim);
    const entregasKg = round1(entregas);
    days.push({
      data,
      inicio_kg: inicioKg,
      fim_kg: fimKg,
      entregas_kg: entregasKg,
      consumo_kg: inicioKg === null || fimKg === null ? null : (tenths(inicioKg) + tenths(entregasKg) - tenths(fimKg)) / 10,
    });
  }
  return days;
};
