import { collectorSummary, type MsgCalha, type MsgColeta, type MsgDose } from '@portal/shared';
import { normalDraw } from '../../demo/weighings.js';
import { localDay, localHour, localStamp, type Growth } from './growth.js';
import type { Behaviour, Emitted, WeighingPlace } from './types.js';

const roundTenth = (value: number) => Math.round(value * 10) / 10;
const MINUTE = 60_000;

/**
 * True while a cycle of `periodMin` minutes is in its first `onMin` minutes of local time, shifted
 * by `offsetMin` (troughs and pumps start in turns, not all at once).
 */
function running(now: number, timezone: number, periodMin: number, onMin: number, offsetMin: number): boolean {
  const minutes = Math.floor(localHour(now, timezone) * 60);
  return (((minutes - offsetMin) % periodMin) + periodMin) % periodMin < onMin;
}

/** Minutes since local midnight at `now`. */
const minutesToday = (now: number, timezone: number) => localHour(now, timezone) * 60;

export interface TroughOptions {
  /** Troughs the monitor watches (a CALHA per trough each tick). */
  calhas: number;
  random: () => number;
  timezone: number;
  intervalMs?: number;
}

/**
 * How often a trough monitor's faults happen (per hour, so live ticks of 5 s and the backfill's
 * of 1 min give the same history) and how long they last, minutes.
 */
export const TROUGH_FAULTS = {
  /** The chain jams: the motor stays on, the wheel stops (rpm 0, no turns). */
  jam: { perHour: 1 / 20, minMin: 3, maxMin: 9 },
  /**
   * A seized chain: the motor stays on against it and the wheel stands still for longer than the
   * stopped-trough alarm's 30 minutes (calha_parada), on one trough of the monitor.
   */
  seized: { perHour: 1 / 24, minMin: 35, maxMin: 50 },
  /** The monitor goes off the network: nothing is sent. */
  offline: { perHour: 1 / 60, minMin: 15, maxMin: 70 },
  /** After a run the birds may empty the trough before the next supply. */
  empty: { perRun: 0.01, minMin: 15, maxMin: 45 },
} as const;

/** A duration in ms drawn between `minMin` and `maxMin` minutes. */
const drawMinutes = (random: () => number, fault: { minMin: number; maxMin: number }) => (fault.minMin + random() * (fault.maxMin - fault.minMin)) * MINUTE;

/**
 * A trough monitor (MCALHA, SAC): each trough's chain motor runs 4 minutes every 12, the troughs
 * in turns; while on the wheel turns at about 24 rpm. Turns count from local midnight (at start,
 * the turns the day's cycles so far would have made). The feed sensor (presenca) sees feed most
 * of the time; TROUGH_FAULTS adds jams, seized chains, empty troughs and offline gaps, drawn from `random`.
 */
export function troughBehaviour(options: TroughOptions): Behaviour {
  const { random, timezone } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const RPM = 24;
  const PERIOD = 12;
  const ON = 4;
  /** The local day of the last tick (localDay), null before the first. */
  let day: number | null = null;
  let last: number | null = null;
  let offlineUntil = 0;
  /** The trough whose chain is seized, until when. */
  let seized = { index: -1, until: 0 };
  const turns: number[] = Array.from({ length: options.calhas }, () => 0);
  const wasOn: boolean[] = turns.map(() => false);
  const jamUntil: number[] = turns.map(() => 0);
  const emptyUntil: number[] = turns.map(() => 0);
  /** True with the chance of an event happening `perHour` times an hour within `elapsedMs`. */
  const happens = (perHour: number, elapsedMs: number) => random() < (perHour * elapsedMs) / 3_600_000;

  return {
    intervalMs,
    tick(now) {
      const today = localDay(now, timezone);
      if (today !== day) {
        // A new day (or the start): the turns made so far today by the schedule.
        const sinceMidnight = minutesToday(now, timezone);
        const fullCycles = Math.floor(sinceMidnight / PERIOD);
        for (let index = 0; index < turns.length; index++) turns[index] = day === null ? fullCycles * ON * RPM : 0;
        day = today;
      }
      const elapsed = last === null ? intervalMs : now - last;
      if (now >= offlineUntil && happens(TROUGH_FAULTS.offline.perHour, elapsed)) offlineUntil = now + drawMinutes(random, TROUGH_FAULTS.offline);
      if (now >= seized.until && happens(TROUGH_FAULTS.seized.perHour, elapsed)) {
        seized = { index: Math.floor(random() * turns.length), until: now + drawMinutes(random, TROUGH_FAULTS.seized) };
      }
      const out: Emitted[] = [];
      for (let index = 0; index < turns.length; index++) {
        const stuck = index === seized.index && now < seized.until;
        const ligada = stuck || running(now, timezone, PERIOD, ON, index * 3);
        if (ligada && now >= jamUntil[index]! && happens(TROUGH_FAULTS.jam.perHour * (PERIOD / ON), elapsed)) jamUntil[index] = now + drawMinutes(random, TROUGH_FAULTS.jam);
        if (!ligada && wasOn[index] && random() < TROUGH_FAULTS.empty.perRun) emptyUntil[index] = now + drawMinutes(random, TROUGH_FAULTS.empty);
        wasOn[index] = ligada;
        const jammed = stuck || (ligada && now < jamUntil[index]!);
        const rpm = ligada && !jammed ? roundTenth(Math.max(0, RPM + normalDraw(random) * 1.2)) : 0;
        if (last !== null && rpm > 0) turns[index]! += (rpm * (now - last)) / MINUTE;
        const reading: MsgCalha = { tipo: 'CALHA', idcalha: index + 1, rpm, voltas: Math.floor(turns[index]!), ligada, presenca: now >= emptyUntil[index]! };
        out.push(reading);
      }
      last = now;
      // Offline: the monitor keeps counting, the portal hears nothing.
      return now < offlineUntil ? [] : out;
    },
  };
}

export interface DoserOptions {
  /** Flow while pumping, ml/min. */
  vazao_ml_min: number;
  /** Pumping `onMin` minutes every `periodMin`. */
  periodMin: number;
  onMin: number;
  random: () => number;
  timezone: number;
  intervalMs?: number;
}

/**
 * A doser (DOSADOR for fumigation, DOSADORP for medication in the water line): the pump runs in
 * cycles at about its nominal flow; the volume dosed counts from local midnight.
 */
export function doserBehaviour(options: DoserOptions): Behaviour {
  const { random, timezone, periodMin, onMin } = options;
  /** The local day of the last tick (localDay), null before the first. */
  let day: number | null = null;
  let volume = 0;
  let last: number | null = null;
  return {
    intervalMs: options.intervalMs ?? 5_000,
    tick(now) {
      const today = localDay(now, timezone);
      if (today !== day) {
        volume = day === null ? Math.floor(minutesToday(now, timezone) / periodMin) * onMin * options.vazao_ml_min : 0;
        day = today;
      }
      const ligada = running(now, timezone, periodMin, onMin, 0);
      const vazao = ligada ? roundTenth(Math.max(0, options.vazao_ml_min * (1 + normalDraw(random) * 0.04))) : 0;
      if (last !== null && ligada) volume += (vazao * (now - last)) / MINUTE;
      last = now;
      const reading: MsgDose = { tipo: 'DOSE', volume_ml: roundTenth(volume), vazao_ml_min: vazao, ligada };
      return [reading];
    },
  };
}

/** Birds in a collector's batch (spec section 9: the average is the total / 20). */
export const BATCH_BIRDS = 20;

export interface CollectorOptions {
  place: WeighingPlace | null;
  growth: Growth;
  random: () => number;
  timezone: number;
  intervalMs?: number;
}

/**
 * A ground collector (COLETOR): birds are counted into a batch of 20, one to three a tick, males
 * and females as they come; every tick shows the batch so far (COLETA), and a full batch becomes
 * a PES with the batch's average and the sex of the majority ('misto' on a tie).
 */
export function collectorBehaviour(options: CollectorOptions): Behaviour {
  const { place, growth, random, timezone } = options;
  let batch: MsgColeta = { tipo: 'COLETA', machos: 0, femeas: 0, peso_total: 0 };
  let batches = 0;
  return {
    intervalMs: options.intervalMs ?? 2_000,
    tick(now) {
      if (batch.machos + batch.femeas >= BATCH_BIRDS) batch = { tipo: 'COLETA', machos: 0, femeas: 0, peso_total: 0 };
      const arriving = Math.min(1 + Math.floor(random() * 3), BATCH_BIRDS - batch.machos - batch.femeas);
      for (let bird = 0; bird < arriving; bird++) {
        const sexo = random() < 0.5 ? 'M' : 'F';
        if (sexo === 'M') batch.machos++;
        else batch.femeas++;
        batch.peso_total = roundTenth(batch.peso_total + growth.draw(random, now, sexo));
      }
      const out: Emitted[] = [{ ...batch }];
      if (batch.machos + batch.femeas === BATCH_BIRDS && place && place.aviarios.length > 0) {
        const summary = collectorSummary(batch);
        const { data, hora } = localStamp(now, timezone);
        out.push({
          tipo: 'PES',
          data,
          hora,
          nucleo: place.nucleo,
          lote: place.lote,
          aviario: place.aviarios[0]!,
          lado: '1',
          box: String(1 + (batches % Math.max(1, place.boxes))),
          sexo: summary.sexo,
          peso: roundTenth(batch.peso_total / BATCH_BIRDS),
          idade_lote: Math.floor(growth.age(now)),
          linha: place.linha,
          score: null,
          obs: '',
        });
        batches++;
      }
      return out;
    },
  };
}
