import type { Diario, Lote, Padrao, RegisterDiarioBody, RegisterFechamentoBody } from '@portal/shared';
import type { DemoCall } from './sample-data.js';
import { demoAddDays, seededRandom, standardWeight } from './weighings.js';

/**
 * The demo flocks' daily house records and close-outs (issue 18), through registerdiario and
 * registerfechamento. Mortality follows a broiler's curve: about 1.2 % in the first week (navel
 * infections, weak chicks), then 0.05–0.1 % a day with sudden deaths, ascites and legs rising late;
 * one bad day (a heat wave) per flock, yesterday for the oldest active one; some culls. Water is
 * 1.8–2 × the day's feed, temperatures follow the brooding set-point down. A seeded random, so the
 * same seeding day gives the same numbers.
 */

/** Share of the birds dying on each day of the first week (sums to ~1.2 %). */
const FIRST_WEEK = [0.0025, 0.0024, 0.002, 0.0016, 0.0013, 0.0012, 0.001];
const EARLY_CAUSES = ['onfalite', 'onfalite', 'desidratacao', 'outras'];
const LATE_CAUSES = ['morte_subita', 'morte_subita', 'ascite', 'locomotor', 'respiratorio', 'outras'];

/** A flock's delivered weight over the standard's (fasting and catching lose some). */
const DELIVERY_SHRINK = 0.975;

interface DayPlan {
  idade: number;
  mortes: Map<string, number>;
  eliminados: number;
}

/** Cumulative feed per bird (g) at an age: the standard's weight × a cumulative FCR rising with age. */
const cumulativeFeed = (pontos: Padrao['pontos'], idade: number) => (idade <= 0 ? 0 : standardWeight(pontos, idade) * (0.9 + 0.02 * idade));

/** Deaths and culls of one house on one day of age, from `birds` placed in it. */
function dayOf(idade: number, birds: number, bad: boolean, random: () => number): DayPlan {
  const rate = idade <= FIRST_WEEK.length ? FIRST_WEEK[idade - 1]! : 0.0005 + 0.0004 * random() + (idade > 28 ? 0.0002 : 0);
  // A bad day loses 0.6–0.9 %: above the mortality alarm's default 0.5 % of the birds alive that morning.
  const deaths = Math.round(birds * (bad ? 0.0075 : rate) * (0.8 + 0.4 * random()));
  const causes = idade <= 7 ? EARLY_CAUSES : bad ? ['desidratacao', 'morte_subita', 'morte_subita'] : LATE_CAUSES;
  const mortes = new Map<string, number>();
  for (let bird = 0; bird < deaths; bird++) {
    const causa = causes[Math.floor(random() * causes.length)]!;
    mortes.set(causa, (mortes.get(causa) ?? 0) + 1);
  }
  // Culls: weak or lame birds taken out, more in the first two weeks.
  const eliminados = Math.round(birds * (idade <= 14 ? 0.0004 : 0.0002) * random() * 2);
  return { idade, mortes, eliminados };
}

/**
 * One house's record on one day of age of a flock, its losses drawn from `aliveAtStart` (the birds
 * alive in the house that morning); `bad`: the heat wave's day. Answers the losses (deaths and
 * culls) with it. The seeding and the running demo (simulator/demo-daily.ts) both write these.
 */
export function demoDayRecord(lote: Pick<Lote, 'id' | 'data_alojamento'>, padrao: Padrao, aviarioId: number, idade: number, aliveAtStart: number, bad: boolean, random: () => number): { body: RegisterDiarioBody; losses: number } {
  const day = dayOf(idade, aliveAtStart, bad, random);
  const losses = [...day.mortes.values()].reduce((sum, aves) => sum + aves, 0) + day.eliminados;
  const feedKg = ((cumulativeFeed(padrao.pontos, idade) - cumulativeFeed(padrao.pontos, idade - 1)) * (aliveAtStart - losses)) / 1000;
  // The brooding set-point, 32 °C at placement down to 21 °C from day 35; the heat wave tops it.
  const setPoint = Math.max(21, 32 - idade * 0.32);
  const body: RegisterDiarioBody = {
    lote_id: lote.id,
    aviario_id: aviarioId,
    data: demoAddDays(lote.data_alojamento!, idade),
    mortalidade: [...day.mortes].map(([causa, aves]) => ({ causa, aves })),
    eliminados: day.eliminados,
    agua_l: Math.round(feedKg * (1.8 + 0.2 * random()) * 10) / 10,
    temp_min: Math.round((setPoint - 1.5 - random()) * 10) / 10,
    temp_max: Math.round((bad ? 34.5 : setPoint + 1.5 + random()) * 10) / 10,
    obs: bad ? 'Onda de calor: nebulização ligada à tarde.' : '',
  };
  return { body, losses };
}

/**
 * Daily records of a flock in each of its houses from day 1 to `lastDay` of age (yesterday, or
 * the closing day). Answers the birds left alive, for the close-out. `heatWaveLast`: the heat wave
 * falls on `lastDay`, so the demo shows a mortality alarm (a recent bad day, issue 19) once seeded.
 */
export async function recordDemoDays(call: DemoCall, lote: Lote, padrao: Padrao, lastDay: number, seed: number, heatWaveLast = false): Promise<number> {
  const random = seededRandom(seed);
  const perHouse = Math.floor(lote.aves_alojadas / lote.aviarios.length);
  // The heat wave: one day in the second half of the flock's life, the same for all its houses.
  const secondHalf = Math.max(8, Math.round(lastDay * (0.6 + 0.25 * random())));
  const badDay = heatWaveLast ? lastDay : secondHalf;
  let alive = 0;
  for (const [index, house] of lote.aviarios.entries()) {
    // The first house takes what does not divide evenly.
    let houseAlive = index === 0 ? lote.aves_alojadas - perHouse * (lote.aviarios.length - 1) : perHouse;
    for (let idade = 1; idade <= lastDay; idade++) {
      const { body, losses } = demoDayRecord(lote, padrao, house.id, idade, houseAlive, idade === badDay, random);
      houseAlive -= losses;
      await call<Diario>('POST', 'registerdiario', body);
    }
    alive += houseAlive;
  }
  return alive;
}

/** The close-out of a closed demo flock: its live birds delivered at the standard's weight, a FCR of 1.62–1.70. */
export async function closeOutDemoFlock(call: DemoCall, lote: Lote, padrao: Padrao, alive: number, seed: number): Promise<Lote> {
  const random = seededRandom(seed);
  const idade = lote.idade!;
  const kg = Math.round(((alive * standardWeight(padrao.pontos, idade) * DELIVERY_SHRINK) / 1000) * 10) / 10;
  const fcr = 1.62 + 0.08 * random();
  const body: RegisterFechamentoBody = {
    lote_id: lote.id,
    data: lote.data_encerramento!,
    aves_entregues: alive,
    kg_entregues: kg,
    racao_kg: Math.round(kg * fcr * 10) / 10,
    obs: 'Abate no frigorífico da integradora.',
  };
  return call<Lote>('POST', 'registerfechamento', body);
}
