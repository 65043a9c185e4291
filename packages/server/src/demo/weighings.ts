import { GRADER_CATEGORIES } from '@portal/shared';
import type { ImportRow } from '../modules/imports/index.js';

/**
 * The demo account's weighings, as the files a scale, a grader and a chick scale would export
 * (spec section 3 fields, ';' separated, decimal comma, dd/mm/yyyy). Everything comes from a
 * seeded random generator and dates count back from the seeding day, so the same day seeds the
 * same numbers. Growth follows each flock's standard by day of age with a normal spread (CV about
 * 9 %), with the mis-steps an operator looks for: a lighter house, a day below standard, a house
 * weighed as mixed with two birds or part of one on the plate now and then.
 */

/** A weighing as the demo's files write it: an imported row with the weight in grams (1 decimal). */
export type DemoWeighingRow = Omit<ImportRow, 'peso_dg'> & { peso: number };

export interface DemoWeighingFile {
  arquivo: string;
  csv: string;
  linhas: number;
}

/** mulberry32: small, fast and the same on every platform (test factories replay cases from a seed with it too). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller), clamped to ±3.5 so no bird is absurd. */
export function normalDraw(random: () => number): number {
  const u = 1 - random();
  const v = random();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.max(-3.5, Math.min(3.5, z));
}

/** The standard's weight at an age, interpolated between its points and held past its ends. */
export function standardWeight(pontos: ReadonlyArray<{ idade: number; peso: number }>, idade: number): number {
  const points = [...pontos].sort((a, b) => a.idade - b.idade);
  if (points.length === 0) throw new Error('a standard without points');
  if (idade <= points[0]!.idade) return points[0]!.peso;
  for (let index = 1; index < points.length; index++) {
    const after = points[index]!;
    if (idade <= after.idade) {
      const before = points[index - 1]!;
      return before.peso + ((after.peso - before.peso) * (idade - before.idade)) / (after.idade - before.idade);
    }
  }
  return points[points.length - 1]!.peso;
}

/** A date `days` after `iso` (negative: before), YYYY-MM-DD. */
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const roundTenth = (grams: number) => Math.round(grams * 10) / 10;

/** 07:00:00 plus `seconds`, HH:MM:SS. */
function clock(startHour: number, seconds: number): string {
  const total = startHour * 3600 + seconds;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600) % 24)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** Males above the mixed standard, females below (about the split of the breeders' sexed tables). */
export const SEX_FACTOR = { M: 1.06, F: 0.94 } as const;
/** Spread of a pen's weights (coefficient of variation). */
export const DEMO_CV = 0.09;
/**
 * A house weighed as mixed (sexo 'X'), as a platform scale on the floor weighs whatever steps on
 * it: DEMO_MIXED_BIRDS a weighing day at one spot (side 1, box 1), each bird a male or a female at
 * random, with two birds on the plate now and then (DEMO_DOUBLES) and a bird half on it
 * (DEMO_PARTIALS: 30–60 % of its weight). The sexes part as they grow (mixedSexFactor): alike in
 * the first days, about 20 % apart by five weeks, as sexed broiler tables show — so a split of the
 * house's weighings is refused while young and found later (docs/sex-split.md).
 */
export const DEMO_MIXED_SEX = 'X';
export const DEMO_MIXED_BIRDS = 400;
export const DEMO_DOUBLES = 0.015;
export const DEMO_PARTIALS = 0.01;

/** A mixed house's male (or female) weight over the house's target: ±9 % by day 35, growing from 0 at placement. */
export function mixedSexFactor(sexo: 'M' | 'F', idade: number): number {
  const half = 0.09 * Math.min(1, Math.max(0, idade) / 35);
  return sexo === 'M' ? 1 + half : 1 - half;
}

export interface DemoFlockPlan {
  lote: string;
  nucleo: string;
  /** Placement date, YYYY-MM-DD. */
  alojamento: string;
  linha: string;
  pontos: ReadonlyArray<{ idade: number; peso: number }>;
  /** Houses weighed, with a factor on the standard (below 1: a lighter house); `misto`: weighed as mixed (DEMO_MIXED_SEX). */
  aviarios: Array<{ nome: string; fator: number; misto?: boolean }>;
  /** Ages weighed; `fator` below 1 marks a day the flock lagged (heat, a feed outage). */
  idades: Array<{ idade: number; fator?: number; obs?: string }>;
  serie_balanca: string;
  lados: number;
  /** Pens weighed per side (box numbers 1..boxes). */
  boxes: number;
  /** Birds weighed per pen and sex. */
  aves: number;
}

/**
 * A mixed house's bird as the plate read it: a male or a female at random, sometimes with a
 * second bird on the plate or only part of one. All of it from its own stream, `mixed`, so the
 * other houses' numbers do not move.
 */
function mixedBird(mixed: () => number, target: number, idade: number): number {
  const bird = () => target * mixedSexFactor(mixed() < 0.5 ? 'M' : 'F', idade) * (1 + normalDraw(mixed) * DEMO_CV);
  let peso = bird();
  const draw = mixed();
  if (draw < DEMO_DOUBLES) peso += bird();
  else if (draw < DEMO_DOUBLES + DEMO_PARTIALS) peso *= 0.3 + 0.3 * mixed();
  return peso;
}

/** A mixed house's day on its platform scale (side 1, box 1): DEMO_MIXED_BIRDS weighings from 08:00. */
function mixedHouseDay(mixed: () => number, base: Omit<DemoWeighingRow, 'hora' | 'peso' | 'lado' | 'box' | 'sexo' | 'score' | 'obs'>, target: number, idade: number): DemoWeighingRow[] {
  const rows: DemoWeighingRow[] = [];
  let seconds = 3600;
  for (let bird = 0; bird < DEMO_MIXED_BIRDS; bird++) {
    seconds += 20 + Math.floor(mixed() * 40);
    rows.push({ ...base, hora: clock(7, seconds), lado: '1', box: '1', sexo: DEMO_MIXED_SEX, peso: roundTenth(Math.max(mixedBird(mixed, target, idade), 1)), score: null, obs: '' });
  }
  return rows;
}

/** A bird scale's weighings of one flock: per age, house, side, pen and sex, a sample of birds. */
export function flockWeighings(plan: DemoFlockPlan, seed: number): DemoWeighingRow[] {
  const random = seededRandom(seed);
  const mixed = seededRandom(seed ^ 0x5eed);
  const rows: DemoWeighingRow[] = [];
  for (const dia of plan.idades) {
    const data = addDays(plan.alojamento, dia.idade);
    const target = standardWeight(plan.pontos, dia.idade) * (dia.fator ?? 1);
    let seconds = Math.floor(random() * 900);
    let first = true;
    for (const aviario of plan.aviarios) {
      for (let lado = 1; lado <= plan.lados; lado++) {
        for (let box = 1; box <= plan.boxes; box++) {
          // Pens differ a little from each other, as they do in a house.
          const pen = 1 + normalDraw(random) * 0.015;
          for (const sexo of ['M', 'F'] as const) {
            for (let bird = 0; bird < plan.aves; bird++) {
              const mean = target * aviario.fator * pen * SEX_FACTOR[sexo];
              seconds += 6 + Math.floor(random() * 10);
              // A mixed house draws the same numbers from `random` (the other houses stay as they were), but its rows come from its platform scale below.
              const peso = mean * (1 + normalDraw(random) * DEMO_CV);
              const score = dia.idade >= 14 && random() < 0.35 ? footpadScore(random()) : null;
              if (aviario.misto) continue;
              rows.push({
                data,
                hora: clock(7, seconds),
                nucleo: plan.nucleo,
                lote: plan.lote,
                aviario: aviario.nome,
                lado: String(lado),
                box: String(box),
                sexo,
                peso: roundTenth(Math.max(peso, 1)),
                idade_lote: dia.idade,
                linha: plan.linha,
                score,
                serie_balanca: plan.serie_balanca,
                obs: first && dia.obs ? dia.obs : '',
              });
              first = false;
            }
          }
        }
      }
      if (aviario.misto) {
        const base = { data, nucleo: plan.nucleo, lote: plan.lote, aviario: aviario.nome, idade_lote: dia.idade, linha: plan.linha, serie_balanca: plan.serie_balanca };
        rows.push(...mixedHouseDay(mixed, base, target * aviario.fator, dia.idade));
      }
    }
  }
  return rows;
}

/** Footpad lesion score of a sampled bird: mostly 0. */
const footpadScore = (draw: number) => (draw < 0.7 ? 0 : draw < 0.92 ? 1 : 2);

/**
 * Where a grader sends a bird, by its weight against the day's set point (the standard): the
 * upper edge of each of GRADER_CATEGORIES but the last, as a share of the set point.
 */
export const GRADER_LIMITS = [0.8, 0.88, 0.95, 1, 1.05, 1.12] as const;

export function graderCategory(peso: number, setPoint: number): number {
  const index = GRADER_LIMITS.findIndex((limit) => peso < setPoint * limit);
  return index === -1 ? GRADER_CATEGORIES.length - 1 : index;
}

export interface DemoGraderPlan {
  lote: string;
  nucleo: string;
  alojamento: string;
  linha: string;
  pontos: ReadonlyArray<{ idade: number; peso: number }>;
  /** Ages the grader ran. */
  idades: number[];
  /** Birds through the grader each day. */
  aves: number;
  serie_balanca: string;
}

/** An automatic grader's weighings: every bird through it, its category in aviario (box = category order). */
export function graderWeighings(plan: DemoGraderPlan, seed: number): DemoWeighingRow[] {
  const random = seededRandom(seed);
  const rows: DemoWeighingRow[] = [];
  for (const idade of plan.idades) {
    const setPoint = standardWeight(plan.pontos, idade);
    let seconds = 0;
    for (let bird = 0; bird < plan.aves; bird++) {
      const sexo = random() < 0.5 ? 'M' : 'F';
      const peso = roundTenth(Math.max(setPoint * SEX_FACTOR[sexo] * (1 + normalDraw(random) * DEMO_CV), 1));
      const category = graderCategory(peso, setPoint);
      seconds += 1 + Math.floor(random() * 3);
      rows.push({
        data: addDays(plan.alojamento, idade),
        hora: clock(6, seconds),
        nucleo: plan.nucleo,
        lote: plan.lote,
        aviario: GRADER_CATEGORIES[category]!,
        lado: '1',
        box: String(category + 1),
        sexo,
        peso,
        idade_lote: idade,
        linha: plan.linha,
        score: null,
        serie_balanca: plan.serie_balanca,
        obs: '',
      });
    }
  }
  return rows;
}

export interface DemoHatchPlan {
  /** The hatch (a flock of the hatchery). */
  lote: string;
  nucleo: string;
  data: string;
  incubadoras: string[];
  linha: string;
  /** Mean chick weight, g. */
  peso: number;
  /** Chicks weighed per incubator. */
  aves: number;
  serie_balanca: string;
}

/** A chick scale's weighings at a hatch: hatch = lote, incubator = aviario, line = linha and sexo. */
export function hatchWeighings(plan: DemoHatchPlan, seed: number): DemoWeighingRow[] {
  const random = seededRandom(seed);
  const rows: DemoWeighingRow[] = [];
  let seconds = 0;
  for (const [index, incubadora] of plan.incubadoras.entries()) {
    // The second incubator ran a little warm: lighter chicks.
    const mean = plan.peso * (index === 1 ? 0.97 : 1);
    for (let chick = 0; chick < plan.aves; chick++) {
      seconds += 2 + Math.floor(random() * 3);
      rows.push({
        data: plan.data,
        hora: clock(5, seconds),
        nucleo: plan.nucleo,
        lote: plan.lote,
        aviario: incubadora,
        lado: '1',
        box: String(1 + Math.floor(chick / 50)),
        sexo: plan.linha,
        peso: roundTenth(mean * (1 + normalDraw(random) * 0.075)),
        idade_lote: 0,
        linha: plan.linha,
        score: null,
        serie_balanca: plan.serie_balanca,
        obs: '',
      });
    }
  }
  return rows;
}

export const DEMO_CSV_HEADER = ['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote', 'linha', 'score', 'serie_balanca', 'obs'] as const;

/** The rows as a scale's export: ';' separated, decimal comma, dd/mm/yyyy. */
export function weighingCsv(rows: readonly DemoWeighingRow[]): string {
  const date = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const lines = [DEMO_CSV_HEADER.join(';')];
  for (const row of rows) {
    lines.push(
      [
        date(row.data),
        row.hora,
        row.nucleo,
        row.lote,
        row.aviario,
        row.lado,
        row.box,
        row.sexo,
        row.peso.toFixed(1).replace('.', ','),
        row.idade_lote ?? '',
        row.linha,
        row.score ?? '',
        row.serie_balanca,
        row.obs,
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Days of age of a flock placed on `alojamento` at `today`. */
export const ageAt = (alojamento: string, today: string) => daysBetween(alojamento, today);
export { addDays as demoAddDays };
