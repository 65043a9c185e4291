import type { MsgPeso } from '@portal/shared';
import { normalDraw } from '../../demo/weighings.js';
import { localStamp, type Growth } from './growth.js';
import type { Behaviour, Emitted, PesDraft, WeighingPlace } from './types.js';

const roundTenth = (value: number) => Math.round(value * 10) / 10;

/** Birds weighed per pen and sex before the operator moves on (as the demo's files do). */
export const BIRDS_PER_PEN_AND_SEX = 10;

/**
 * One bird's visit to the platform, as ticks: the readings climb while it steps on (unstable),
 * then settle; `weigh` marks the stable single-bird reading that becomes a weighing record.
 */
type Step = { fraction: number; aves: number; estavel: boolean; weigh?: boolean };

const VISITS: Array<{ share: number; steps: Step[] }> = [
  // A clean weighing: stepping on, wobbling, stable, off.
  {
    share: 0.78,
    steps: [
      { fraction: 0.55, aves: 1, estavel: false },
      { fraction: 0.97, aves: 1, estavel: false },
      { fraction: 1, aves: 1, estavel: true, weigh: true },
      { fraction: 0, aves: 0, estavel: true },
    ],
  },
  // Two birds on at once: a stable reading, but no record.
  {
    share: 0.1,
    steps: [
      { fraction: 1.2, aves: 2, estavel: false },
      { fraction: 1.95, aves: 2, estavel: true },
      { fraction: 0, aves: 0, estavel: true },
    ],
  },
  // A bird half on the platform: it never settles.
  {
    share: 0.12,
    steps: [
      { fraction: 0.45, aves: 1, estavel: false },
      { fraction: 0.62, aves: 1, estavel: false },
      { fraction: 0, aves: 0, estavel: true },
    ],
  },
];

/**
 * An automatic scale's platforms (boxes) are forwarded by one device: now and then one of them
 * falls silent for a while longer than the silent-scale alarm's hour (sem_dados), while the
 * others go on. Every `everyMs` of the clock, box `box` sends no record for the first `forMs`.
 */
export const SCALE_SILENCE = { box: '2', everyMs: 8 * 3_600_000, forMs: 75 * 60_000 } as const;
export const inScaleSilence = (now: number) => now % SCALE_SILENCE.everyMs < SCALE_SILENCE.forMs;

export interface ScaleOptions {
  place: WeighingPlace | null;
  growth: Growth;
  random: () => number;
  timezone: number;
  /** Chick scale at a hatchery: the line as sex, age 0, a tighter spread. */
  hatchery?: boolean;
  /** An automatic scale forwarding several platforms: SCALE_SILENCE applies. */
  platforms?: boolean;
  intervalMs?: number;
}

/**
 * A bird scale (CS, BD15PS, PS/SEL, FC, BL30PI): a live PESO every tick, and a PES record for
 * every stable single-bird reading, walking the flock's houses, sides and pens, ten males then
 * ten females a pen. Without a flock to weigh it only shows live readings.
 */
export function scaleBehaviour(options: ScaleOptions): Behaviour {
  const { place, growth, random, timezone, hatchery = false } = options;
  let steps: Step[] = [];
  let bird = { peso: 0, sexo: 'M' };
  let weighed = 0;

  const pick = () => {
    let draw = random();
    for (const visit of VISITS) {
      draw -= visit.share;
      if (draw < 0) return visit.steps;
    }
    return VISITS[0]!.steps;
  };

  const where = (count: number) => {
    const perPen = 2 * BIRDS_PER_PEN_AND_SEX;
    const pens = Math.max(1, place!.lados) * Math.max(1, place!.boxes);
    const pen = Math.floor(count / perPen);
    const house = Math.floor(pen / pens) % place!.aviarios.length;
    return {
      aviario: place!.aviarios[house]!,
      lado: String(1 + Math.floor((pen % pens) / Math.max(1, place!.boxes))),
      box: String(1 + (pen % Math.max(1, place!.boxes))),
      sexo: count % perPen < BIRDS_PER_PEN_AND_SEX ? 'M' : 'F',
    };
  };

  const record = (now: number): PesDraft | null => {
    if (!place || place.aviarios.length === 0) return null;
    const { data, hora } = localStamp(now, timezone);
    const position = hatchery
      ? { aviario: place.aviarios[Math.floor(weighed / 50) % place.aviarios.length]!, lado: '1', box: String(1 + (Math.floor(weighed / 10) % 5)), sexo: place.linha }
      : where(weighed);
    weighed++;
    if (options.platforms && position.box === SCALE_SILENCE.box && inScaleSilence(now)) return null;
    return {
      tipo: 'PES',
      data,
      hora,
      nucleo: place.nucleo,
      lote: place.lote,
      ...position,
      peso: bird.peso,
      idade_lote: Math.floor(growth.age(now)),
      linha: place.linha,
      // Footpad score on about a third of older birds, mostly 0.
      score: !hatchery && growth.age(now) >= 14 && random() < 0.3 ? (random() < 0.75 ? 0 : 1) : null,
      obs: '',
    };
  };

  return {
    intervalMs: options.intervalMs ?? 2_000,
    tick(now) {
      if (steps.length === 0) {
        steps = [...pick()];
        const sexo = hatchery ? '' : place ? where(weighed).sexo : random() < 0.5 ? 'M' : 'F';
        bird = { peso: growth.draw(random, now, sexo, hatchery ? 0.075 : undefined), sexo };
      }
      const step = steps.shift()!;
      // An empty platform drifts by tenths of a gram; moving birds shake it by a few percent.
      let peso: number;
      if (step.fraction === 0) peso = Math.abs(normalDraw(random) * 0.2);
      else if (step.weigh) peso = bird.peso;
      else peso = bird.peso * step.fraction + normalDraw(random) * (step.estavel ? 0.3 : Math.max(2, bird.peso * 0.03));
      const reading: MsgPeso = { tipo: 'PESO', peso: roundTenth(Math.max(0, peso)), estavel: step.estavel, aves: step.aves };
      const out: Emitted[] = [reading];
      if (step.weigh) {
        const pes = record(now);
        if (pes) out.push(pes);
      }
      return out;
    },
  };
}
