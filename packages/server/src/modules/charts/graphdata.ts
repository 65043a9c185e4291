import { daysBetween, filterSiloSeries, roundHalfAway, siloDays, timezoneOffsetMs, type DataPoint, type Estatisticas, type SiloSample } from '@portal/shared';
import { standardAt, type StandardCurve } from '../weighings/index.js';
import type { DayAggregate } from './graphdata.repository.js';

/**
 * The arithmetic of getgraphdata, apart from any I/O: one value per local day of the range, null
 * (never 0) for a day without data. Values are computed from the stored integers and rounded once.
 */

const DAY_MS = 86_400_000;

/** Every day of [di, df], both included (YYYY-MM-DD). */
export function daysOf(di: string, df: string): string[] {
  const start = Date.parse(`${di}T00:00:00Z`);
  return Array.from({ length: daysBetween(di, df) + 1 }, (_, offset) => new Date(start + offset * DAY_MS).toISOString().slice(0, 10));
}

/** The index of a local day (days since 1970-01-01), as the repository's daily aggregates count them. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** A dataset from a map of day → value: days missing from it are null. */
export function datasetOf(days: readonly string[], values: ReadonlyMap<string, number | null>): DataPoint[] {
  return days.map((data) => ({ data, data_value: values.get(data) ?? null }));
}

export type FlockStat = 'peso_medio' | 'uniformidade' | 'cv';

/**
 * A flock's weighing statistic per day (spec section 3, weighing/stats.ts, from the weighings
 * module's daily statistics): average weight in grams (1 decimal), uniformity (% within ±10 % of
 * the mean) and CV (%, SD with n − 1).
 */
export function flockSeries(stat: FlockStat, byDay: ReadonlyMap<string, Estatisticas>, days: readonly string[]): DataPoint[] {
  const values = new Map<string, number | null>();
  for (const [day, stats] of byDay) values.set(day, stat === 'peso_medio' ? stats.pesoMedio : stat === 'uniformidade' ? stats.uni : stats.cv);
  return datasetOf(days, values);
}

/**
 * The standard's weight (grams, 1 decimal) at the flock's age on each day: age = days since
 * placement, the straight line between the standard's points (weighings/standard.ts). Null on days
 * the standard does not cover, and on every day when no placement date is known.
 */
export function standardSeries(curve: StandardCurve, alojamento: string | null, days: readonly string[]): DataPoint[] {
  return days.map((data) => {
    if (alojamento === null) return { data, data_value: null };
    const dg = standardAt(curve, daysBetween(alojamento, data));
    return { data, data_value: dg === null ? null : dg / 10 };
  });
}

export type SiloStat = 'saldo_silo' | 'consumo_racao';

/**
 * A silo with a scale (feed/silo.ts siloDays on its readings): the balance is the level at the
 * day's end, or, for a day the series stops in (today), its last filtered reading; the
 * consumption is start + deliveries − end. kg with 1 decimal.
 */
export function siloScaleSeries(stat: SiloStat, samples: readonly SiloSample[], range: { di: string; df: string }, timezone: number, capacidadeKg: number): DataPoint[] {
  const days = siloDays(samples, range, timezone, { capacidadeKg });
  if (stat === 'consumo_racao') return days.map((day) => ({ data: day.data, data_value: day.consumo_kg }));
  const lastOfDay = new Map<string, number>();
  for (const sample of filterSiloSeries(samples)) lastOfDay.set(new Date(sample.em + timezoneOffsetMs(timezone)).toISOString().slice(0, 10), sample.kg);
  return days.map((day) => ({ data: day.data, data_value: day.fim_kg ?? lastOfDay.get(day.data) ?? null }));
}

/** A movement as stored: signed for its own silo, the opposite for a transfer's destination. */
export interface SiloMovement {
  silo_id: number;
  tipo: string;
  data: string;
  quantidade_hg: number;
}

/**
 * A silo without a scale, from its movements: the balance after each day's movements (null
 * before its first movement), and the consumption movements of each day (null on days without).
 */
export function siloMovementSeries(stat: SiloStat, siloId: number, movements: readonly SiloMovement[], days: readonly string[]): DataPoint[] {
  const effect = (movement: SiloMovement) => (movement.silo_id === siloId ? movement.quantidade_hg : -movement.quantidade_hg);
  if (stat === 'consumo_racao') {
    const eaten = new Map<string, number>();
    for (const movement of movements) {
      if (movement.tipo !== 'consumo' || movement.silo_id !== siloId) continue;
      eaten.set(movement.data, (eaten.get(movement.data) ?? 0) - movement.quantidade_hg);
    }
    return days.map((data) => ({ data, data_value: eaten.has(data) ? eaten.get(data)! / 10 : null }));
  }
  const sorted = [...movements].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  let index = 0;
  let saldo = 0;
  let started = false;
  return days.map((data) => {
    for (; index < sorted.length && sorted[index]!.data <= data; index += 1) {
      saldo += effect(sorted[index]!);
      started = true;
    }
    return { data, data_value: started ? saldo / 10 : null };
  });
}

/** How a device source turns a day's readings into its value (stored in tenths: 1 decimal out). */
export type DeviceStat = 'mean' | 'max';

/** A device reading per day: the mean (silo kg, trough rpm while on) or the highest (doser's ml dosed that day). */
export function deviceSeries(stat: DeviceStat, aggregates: readonly DayAggregate[], days: readonly string[]): DataPoint[] {
  const byDay = new Map(aggregates.map((aggregate) => [aggregate.day, aggregate]));
  return days.map((data) => {
    const aggregate = byDay.get(dayNumber(data));
    if (!aggregate || aggregate.count === 0) return { data, data_value: null };
    const tenths = stat === 'max' ? aggregate.max : Number(roundHalfAway(BigInt(aggregate.sum), BigInt(aggregate.count)));
    return { data, data_value: tenths / 10 };
  });
}
