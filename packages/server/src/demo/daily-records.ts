import type { Diario, Lote, Padrao, RegisterDiarioBody, RegisterFechamentoBody } from '@portal/shared';
import type { DemoCall } from './sample-data.js';
import { demoAddDays, seededRandom, standardWeight } from './weighings.js';

/**
 * The demo flocks' daily house records and close-outs (issue 18), through registerdiario and
 * registerfechamento. Mortality follows a broiler's curve: about 1.2 % in the first week (navel
 * infections, weak chicks), then 0.05–0.1 % a day with sudden deaths, ascites and legs rising late;
 * one bad day (a heat wave) per flock; some culls. Water is 1.8–2 × the day's feed, temperatures
 * follow the brooding set-point down. A seeded random, so the same seeding day gives the same numbers.
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
  const deaths = Math.round(birds * (bad ? 0.006 : rate) * (0.8 + 0.4 * random()));
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
 * Daily records of a flock in each of its houses from day 1 to `lastDay` of age (yesterday, or
 * the closing day). Answers the birds left alive, for the close-out.
 */
export async function recordDemoDays(call: DemoCall, lote: Lote, padrao: Padrao, lastDay: number, seed: number): Promise<number> {
  const random = seededRandom(seed);
  const placed = lote.data_alojamento!;
  const perHouse = Math.floor(lote.aves_alojadas / lote.aviarios.length);
  // The heat wave: one day in the second half of the flock's life, the same for all its houses.
  const badDay = Math.max(8, Math.round(lastDay * (0.6 + 0.25 * random())));
  let alive = 0;
  for (const [index, house] of lote.aviarios.entries()) {
    // The first house takes what does not divide evenly.
    let houseAlive = index === 0 ? lote.aves_alojadas - perHouse * (lote.aviarios.length - 1) : perHouse;
    for (let idade = 1; idade <= lastDay; idade++) {
      const day = dayOf(idade, houseAlive, idade === badDay, random);
      const mortos = [...day.mortes.values()].reduce((sum, aves) => sum + aves, 0);
      houseAlive -= mortos + day.eliminados;
      const feedKg = ((cumulativeFeed(padrao.pontos, idade) - cumulativeFeed(padrao.pontos, idade - 1)) * houseAlive) / 1000;
      // The brooding set-point, 32 °C at placement down to 21 °C from day 35; the heat wave tops it.
      const setPoint = Math.max(21, 32 - idade * 0.32);
      const body: RegisterDiarioBody = {
        lote_id: lote.id,
        aviario_id: house.id,
        data: demoAddDays(placed, idade),
        mortalidade: [...day.mortes].map(([causa, aves]) => ({ causa, aves })),
        eliminados: day.eliminados,
        agua_l: Math.round(feedKg * (1.8 + 0.2 * random()) * 10) / 10,
        temp_min: Math.round((setPoint - 1.5 - random()) * 10) / 10,
        temp_max: Math.round((idade === badDay ? 34.5 : setPoint + 1.5 + random()) * 10) / 10,
        obs: idade === badDay ? 'Onda de calor: nebulização ligada à tarde.' : '',
      };
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
