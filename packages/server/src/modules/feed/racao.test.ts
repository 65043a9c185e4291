import type { Lote, Nucleo, Padrao, RacaoResponse, Silo } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../demo/weighings.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo } from '../../test/factories/farms.js';
import { insertSiloReadings, siloSeries, type SiloDayPlan } from '../../test/factories/feed.js';
import { createLote, recordDeaths } from '../../test/factories/flocks.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, generatedWeighings } from '../../test/factories/weighings.js';
import { describeEachDialect } from '../../test/harness.js';

const TIMEZONE = -3;
const PLACEMENT = '2026-09-01';
const CLOSING = '2026-10-12';
const PLACED = 30_000;
const WEIGHING_DAYS = [7, 14, 21, 28, 35, 41];
/** The standard: weekly points with weight, FCR and cumulative feed per bird. */
const POINTS = [
  { idade: 0, peso: 43 },
  { idade: 7, peso: 195, conversao: 0.845, consumo_acumulado: 165 },
  { idade: 14, peso: 485, conversao: 1.062, consumo_acumulado: 515 },
  { idade: 21, peso: 935, conversao: 1.243, consumo_acumulado: 1162 },
  { idade: 28, peso: 1505, conversao: 1.388, consumo_acumulado: 2089 },
  { idade: 35, peso: 2140, conversao: 1.512, consumo_acumulado: 3236 },
  { idade: 42, peso: 2781, conversao: 1.634, consumo_acumulado: 4545 },
];

const dayAt = (offset: number, from = PLACEMENT) => new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const LIFE = Array.from({ length: 42 }, (_, index) => dayAt(index));

/** A silo of a test farm: its houses (ids) and its day-by-day truth (null: no data that day). */
interface SiloTruth {
  silo: Silo;
  casas: number[];
  consumoHg: Map<string, number | null>;
}

/** A flock as the report sees it: houses (ids), placement .. closing, birds placed, deaths per day. */
interface Occupant {
  houses: number[];
  from: string;
  to: string | null;
  placed: number;
  deaths: Map<string, number>;
}

/** What a report is recomputed from. */
interface Scenario {
  life: string[];
  flock: Occupant;
  others: Occupant[];
  truths: SiloTruth[];
  weighings: Map<string, { aves: number; somaDg: number }>;
  pesoAlojamentoDg: number;
  points: typeof POINTS;
}

/** `amount` split by `weights` into integers adding up to it: floors, then +1 by largest remainder (ties: earlier part). */
function largestRemainder(amount: bigint, weights: bigint[]): bigint[] {
  let total = 0n;
  for (const weight of weights) total += weight;
  const parts: bigint[] = [];
  let given = 0n;
  for (const weight of weights) {
    parts.push((amount * weight) / total);
    given += (amount * weight) / total;
  }
  const order = weights.map((_, index) => index);
  order.sort((a, b) => {
    const ra = (amount * weights[a]!) % total;
    const rb = (amount * weights[b]!) % total;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  for (let next = 0; given < amount; next += 1) {
    parts[order[next]!]! += 1n;
    given += 1n;
  }
  return parts;
}

/** Live birds of a flock on a day: placed − its deaths from placement to that day (never below 0). */
function aliveOn(occupant: Occupant, day: string): number {
  let alive = occupant.placed;
  for (const [date, aves] of occupant.deaths) if (date >= occupant.from && date <= day) alive -= aves;
  return Math.max(0, alive);
}

/**
 * The whole report computed again with plain loops: each day a silo's feed (in grams) goes to its
 * houses by their live birds (every flock housed that day, its birds spread evenly over its houses);
 * the flock gets its birds' part; with no bird in any of the silo's houses the feed is nobody's.
 */
function expected(scenario: Scenario) {
  const { flock, truths } = scenario;
  const occupants = [flock, ...scenario.others];
  // Birds counted times P, a multiple of every flock's house count: a flock's birds per house stay whole.
  let P = 1n;
  for (const occupant of occupants) P *= BigInt(occupant.houses.length);
  const days = [];
  let accGrams = 0n;
  let accSeen = false;
  let accComplete = true;
  for (const [idade, data] of scenario.life.entries()) {
    const alive = aliveOn(flock, data);
    const birdsIn = new Map<number, bigint>();
    for (const occupant of occupants) {
      if (occupant.from > data || (occupant.to !== null && occupant.to < data)) continue;
      for (const house of occupant.houses) birdsIn.set(house, (birdsIn.get(house) ?? 0n) + (BigInt(aliveOn(occupant, data)) * P) / BigInt(occupant.houses.length));
    }
    const flockPerHouse = (BigInt(alive) * P) / BigInt(flock.houses.length);
    let grams = 0n;
    let known = 0;
    const houses = flock.houses.map(() => ({ grams: 0n, seen: false }));
    const silos: (number | null)[][] = [];
    // Per silo: [hg, the flock's grams, grams nobody's] (null: no data).
    const siloGrams: ([number, number, number] | null)[] = [];
    for (const truth of truths) {
      const hg = truth.consumoHg.get(data) ?? null;
      if (hg === null) {
        silos.push([null, null, null]);
        siloGrams.push(null);
        continue;
      }
      known += 1;
      const own = truth.casas.filter((casa) => flock.houses.includes(casa));
      for (const casa of own) houses[flock.houses.indexOf(casa)]!.seen = true;
      let birds = 0n;
      for (const casa of truth.casas) birds += birdsIn.get(casa) ?? 0n;
      if (birds === 0n) {
        silos.push([hg / 10, 0, hg / 10]);
        siloGrams.push([hg, 0, hg * 100]);
        continue;
      }
      const weights = own.map(() => flockPerHouse);
      const shares = largestRemainder(BigInt(hg) * 100n, [...weights, birds - flockPerHouse * BigInt(own.length)]);
      let part = 0n;
      for (const [position, casa] of own.entries()) {
        houses[flock.houses.indexOf(casa)]!.grams += shares[position]!;
        part += shares[position]!;
      }
      grams += part;
      silos.push([hg / 10, Math.round(Number(part) / 100) / 10, 0]);
      siloGrams.push([hg, Number(part), 0]);
    }
    const complete = known === truths.length;
    accGrams += grams;
    accSeen ||= known > 0;
    accComplete &&= complete;
    const weighing = scenario.weighings.get(data);
    const pm = weighing ? Math.round(weighing.somaDg / weighing.aves) : null;
    const gainDg = pm === null ? null : alive * (pm - scenario.pesoAlojamentoDg);
    const between = (field: 'conversao' | 'consumo_acumulado', scale: number) => {
      const points = scenario.points.filter((point) => field in point) as { idade: number; conversao: number; consumo_acumulado: number }[];
      const exact = points.find((point) => point.idade === idade);
      if (exact) return exact[field];
      const after = points.findIndex((point) => point.idade > idade);
      if (after <= 0) return null;
      const [a, b] = [points[after - 1]!, points[after]!];
      const [va, vb] = [Math.round(a[field] * scale), Math.round(b[field] * scale)];
      return Math.round((va * (b.idade - idade) + vb * (idade - a.idade)) / (b.idade - a.idade)) / scale;
    };
    const [g, acc] = [Number(grams), Number(accGrams)];
    days.push({
      data,
      idade,
      aves_vivas: alive,
      consumo_kg: known > 0 ? Math.round(g / 100) / 10 : null,
      completo: complete,
      aviarios: houses.map((house) => (house.seen ? Math.round(Number(house.grams) / 100) / 10 : null)),
      silos,
      acumulado_kg: Math.round(acc / 100) / 10,
      acumulado_completo: accComplete,
      g_ave_dia: complete && alive > 0 ? Math.round((g * 10) / alive) / 10 : null,
      consumo_acumulado_g_ave: accSeen && alive > 0 ? Math.round((acc * 10) / alive) / 10 : null,
      peso_medio_g: pm === null ? null : pm / 10,
      ganho_kg: gainDg === null ? null : Math.round(gainDg / 1000) / 10,
      // (g / 1000) / (dg / 10 000) = g × 10 / dg.
      conversao: gainDg !== null && gainDg > 0 && accSeen ? Math.round((acc * 10 * 1000) / gainDg) / 1000 : null,
      conversao_padrao: between('conversao', 1000),
      consumo_acumulado_padrao_g: between('consumo_acumulado', 10),
      grams: g,
      houseGrams: houses.map((house) => Number(house.grams)),
      siloGrams,
      complete,
    });
  }
  return days;
}

describeEachDialect('getracao: feed per day, per bird and FCR of a flock, against an independent computation', (portal) => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let farm: Nucleo;
  let padrao: Padrao;
  let lote: Lote;
  let truths: SiloTruth[];
  let scenario: Scenario;
  /** The report, or an error body ({code, message, errors}) for a refused request. */
  const get = (account: TestAccount, query: Record<string, string | number>) =>
    portal().request<RacaoResponse & { message?: string; errors?: { code: string }[] }>(
      'GET',
      `/api/getracao?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`,
      { token: account.token },
    );

  beforeAll(async () => {
    const random = seededRandom(20261122);
    owner = await createAccount(portal());
    stranger = await createAccount(portal());
    farm = await createNucleo(portal(), owner, {
      aviarios: [1, 2, 3, 4].map((n) => ({ nome: `Aviário ${n}`, lados: 2, boxes: 4, capacidade: 24000 })),
    });
    const [h1, h2, h3, h4] = farm.aviarios.map((house) => house.id) as [number, number, number, number];
    padrao = await createPadrao(portal(), owner, { pontos: POINTS });
    const mortalidade = LIFE.filter(() => random() < 0.6).map((data) => ({ data, aves: 1 + Math.floor(random() * 40), causa: '' }));
    lote = await createLote(portal(), owner, farm, {
      aviarios: [h1, h2], data_alojamento: PLACEMENT, data_encerramento: CLOSING, aves_misto: PLACED, padrao_id: padrao.id,
    });
    await recordDeaths(portal(), owner, lote, mortalidade);
    const flock: Occupant = { houses: [h1, h2], from: PLACEMENT, to: CLOSING, placed: PLACED, deaths: new Map(mortalidade.map((entry) => [entry.data, entry.aves])) };
    // Another flock, smaller, in houses 3 and 4 from age 8 to 30: house 3 (fed by silo B with the
    // flock's house 2) is empty before and after it.
    const otherDeaths = LIFE.slice(8, 31).filter(() => random() < 0.5).map((data) => ({ data, aves: 1 + Math.floor(random() * 60), causa: '' }));
    const otherLote = await createLote(portal(), owner, farm, { aviarios: [h3, h4], data_alojamento: dayAt(8), data_encerramento: dayAt(30), aves_misto: 9_000 });
    await recordDeaths(portal(), owner, otherLote, otherDeaths);
    const other: Occupant = { houses: [h3, h4], from: dayAt(8), to: dayAt(30), placed: 9_000, deaths: new Map(otherDeaths.map((entry) => [entry.data, entry.aves])) };

    // Three scale silos (A feeds the flock's two houses, B one of them and another flock's house,
    // D only the other house) and one silo weighed by hand (C, the flock's first house).
    const scaleSilo = async (nome: string, casas: number[], gapDays: string[]) => {
      const device = await insertDevice(portal(), owner, 'BSILO', { nucleo_id: farm.id });
      const silo = await createSilo(portal(), owner, farm, { nome, capacidade_kg: 30000, device_id: device.id, aviarios: casas });
      // From two days before placement to a day after closing; growing appetite, a truck when low.
      const plan: SiloDayPlan[] = [];
      let level = 200_000;
      for (let offset = -2; offset <= 42; offset += 1) {
        const data = dayAt(offset);
        const consumoHg = offset < 0 ? 0 : Math.round((400 + offset * 90) * (0.9 + random() * 0.2) * 10);
        const semLeituras = gapDays.includes(data);
        level -= consumoHg;
        const entregaHg = !semLeituras && level < 80_000 ? 150_000 + Math.round(random() * 500) : 0;
        level += entregaHg;
        plan.push({ data, consumoHg, entregaHg, semLeituras });
      }
      await insertSiloReadings(portal(), owner, device.id, siloSeries(plan, TIMEZONE, 200_000));
      // A day's consumption needs the level at both its midnights, known from readings on either
      // side of each (a second after the 5-minute marks): the scale was on the day before, that day and the next.
      const consumoHg = new Map(LIFE.map((data) => {
        const on = (day: string) => !plan.find((item) => item.data === day)!.semLeituras;
        return [data, on(dayAt(-1, data)) && on(data) && on(dayAt(1, data)) ? plan.find((item) => item.data === data)!.consumoHg : null];
      }));
      return { silo, casas, consumoHg };
    };
    const siloA = await scaleSilo('Silo A', [h1, h2], [dayAt(10), dayAt(11), dayAt(30)]);
    const siloB = await scaleSilo('Silo B', [h2, h3], [dayAt(20), dayAt(30)]);
    await scaleSilo('Silo D', [h3], []);
    await createSilo(portal(), owner, farm, { nome: 'Silo sem aviário', aviarios: [] });

    const siloC = await createSilo(portal(), owner, farm, { nome: 'Silo C', capacidade_kg: 50000, aviarios: [h1] });
    await addMovement(portal(), owner, { idsilo: siloC.id, tipo: 'entrada', data: dayAt(-1), quantidade_kg: 45000 });
    const consumoC = new Map<string, number | null>();
    for (const data of LIFE) {
      // Day 30 has no data from any silo.
      if (random() < 0.15 || data === dayAt(30)) {
        consumoC.set(data, null);
        continue;
      }
      // Some days recorded in two movements: the day is their sum.
      const parts = random() < 0.2 ? [1 + Math.floor(random() * 3000), 1 + Math.floor(random() * 3000)] : [1 + Math.floor(random() * 5000)];
      for (const hg of parts) await addMovement(portal(), owner, { idsilo: siloC.id, tipo: 'consumo', data, quantidade_kg: hg / 10 });
      consumoC.set(data, parts.reduce((sum, hg) => sum + hg, 0));
    }
    // Other kinds of movement are not consumption.
    await addMovement(portal(), owner, { idsilo: siloC.id, tipo: 'ajuste', data: dayAt(5), quantidade_kg: -12.3 });
    truths = [siloA, siloB, { silo: siloC, casas: [h1], consumoHg: consumoC }];

    const rows = WEIGHING_DAYS.flatMap((idade, index) =>
      generatedWeighings(1000 + index, 60 + index * 7, { datas: [dayAt(idade)], pesoInicial: POINTS.find((p) => p.idade >= idade)!.peso, idadeInicial: idade }),
    );
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows });
    // Weighings of no flock on the same days are not the flock's.
    await createPesagens(portal(), owner, { nucleo: farm, lote: null, rows: generatedWeighings(7, 30, { datas: [dayAt(14)] }) });
    const weighings = new Map<string, { aves: number; somaDg: number }>();
    for (const row of rows) {
      const day = weighings.get(row.data!) ?? { aves: 0, somaDg: 0 };
      day.aves += 1;
      day.somaDg += Math.round(row.peso * 10);
      weighings.set(row.data!, day);
    }
    scenario = { life: LIFE, flock, others: [other], truths, weighings, pesoAlojamentoDg: 430, points: POINTS };
  }, 120_000);

  it('answers every day of the flock with the silos feeding it, per silo, per house, per bird and FCR', async () => {
    const answer = await get(owner, { id: lote.id, di: '2026-08-01', df: '2026-12-31' });
    expect(answer.status).toBe(200);
    const { header, dias, totais } = answer.body;
    // Clamped to the flock's life.
    expect([header.inicio, header.fim, header.idade_inicio, header.idade_fim]).toEqual([PLACEMENT, CLOSING, 0, 41]);
    expect([header.di, header.df, header.timezone]).toEqual(['2026-08-01', '2026-12-31', TIMEZONE]);
    expect(header.padrao).toEqual({ id: padrao.id, nome: padrao.nome });
    expect([header.peso_alojamento_g, header.peso_alojamento_fonte]).toEqual([43, 'padrao']);
    // Silos feeding none of the flock's houses are left out.
    expect(header.silos.map((silo) => silo.nome).sort()).toEqual(['Silo A', 'Silo B', 'Silo C']);
    expect(header.silos.find((silo) => silo.nome === 'Silo C')!.fonte).toBe('movimentos');
    expect(header.silos.find((silo) => silo.nome === 'Silo B')!.aviarios_lote).toEqual([farm.aviarios[1]!.id]);

    const want = expected(scenario);
    expect(dias.map((dia) => dia.data)).toEqual(LIFE);
    // The generated data has gaps, complete days, and weighings: every branch is exercised.
    expect(want.filter((day) => day.consumo_kg === null).length).toBeGreaterThan(0);
    expect(want.filter((day) => !day.completo && day.consumo_kg !== null).length).toBeGreaterThan(3);
    expect(want.filter((day) => day.completo).length).toBeGreaterThan(20);
    for (const [index, dia] of dias.entries()) {
      const day = want[index]!;
      const silos = header.silos.map((silo) => truths.findIndex((truth) => truth.silo.id === silo.id));
      expect({
        ...dia,
        silos: dia.silos.map((silo) => [silo.consumo_kg, silo.parte_kg, silo.sem_aves_kg]),
        aviarios: dia.aviarios.map((house) => house.consumo_kg),
      }, dia.data).toEqual({
        data: day.data,
        idade: day.idade,
        aves_vivas: day.aves_vivas,
        consumo_kg: day.consumo_kg,
        completo: day.completo,
        silos: silos.map((truth) => day.silos[truth]),
        aviarios: day.aviarios,
        acumulado_kg: day.acumulado_kg,
        acumulado_completo: day.acumulado_completo,
        g_ave_dia: day.g_ave_dia,
        consumo_acumulado_g_ave: day.consumo_acumulado_g_ave,
        consumo_acumulado_padrao_g: day.consumo_acumulado_padrao_g,
        peso_medio_g: day.peso_medio_g,
        aves_pesadas: scenario.weighings.get(day.data)?.aves ?? 0,
        ganho_kg: day.ganho_kg,
        conversao: day.conversao,
        conversao_padrao: day.conversao_padrao,
      });
    }
    const weighed = dias.filter((dia) => dia.conversao !== null);
    expect(weighed.map((dia) => dia.idade)).toEqual(WEIGHING_DAYS);

    // Silo B (houses 2 and 3): all its feed is the flock's while house 3 is empty, a share by the
    // birds (not half) while the other flock is there.
    const b = truths.findIndex((truth) => truth.silo.nome === 'Silo B');
    const bDay = (idade: number) => want[idade]!.siloGrams[b]!;
    expect(bDay(3)[1]).toBe(bDay(3)[0] * 100);
    expect(bDay(35)[1]).toBe(bDay(35)[0] * 100);
    const alive = (idade: number) => want[idade]!.aves_vivas;
    expect(bDay(15)[1] / (bDay(15)[0] * 100)).toBeGreaterThan(0.7);
    expect(Math.abs(bDay(15)[1] / (bDay(15)[0] * 100) - (alive(15) / 2) / (alive(15) / 2 + aliveOn(scenario.others[0]!, dayAt(15)) / 2))).toBeLessThan(0.001);

    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const complete = want.filter((day) => day.complete);
    const kg = (grams: number) => Math.round(grams / 100) / 10;
    expect(totais).toMatchObject({
      consumo_kg: kg(sum(want.map((day) => day.grams))),
      dias: 42,
      dias_sem_dados: want.filter((day) => day.consumo_kg === null).length,
      dias_incompletos: want.filter((day) => day.consumo_kg !== null && !day.completo).length,
      completo: false,
      g_ave_dia: Math.round((sum(complete.map((day) => day.grams)) * 10) / sum(complete.map((day) => day.aves_vivas))) / 10,
      acumulado_kg: want.at(-1)!.acumulado_kg,
      acumulado_completo: false,
      conversao: want.at(-1)!.conversao,
      conversao_padrao: want.at(-1)!.conversao_padrao,
    });
    const siloOrder = header.silos.map((silo) => truths.findIndex((truth) => truth.silo.id === silo.id));
    expect(totais.silos.map((silo) => [silo.consumo_kg, silo.parte_kg, silo.sem_aves_kg])).toEqual(
      siloOrder.map((truth) => {
        const seen = want.map((day) => day.siloGrams[truth]).filter((day): day is [number, number, number] => day !== null && day !== undefined);
        return [sum(seen.map((day) => day[0])) / 10, kg(sum(seen.map((day) => day[1]))), kg(sum(seen.map((day) => day[2])))];
      }),
    );
    expect(totais.aviarios.map((house) => house.consumo_kg)).toEqual([0, 1].map((index) => kg(sum(want.map((day) => day.houseGrams[index]!)))));
  });

  it('shows only the days asked for, with sums still counted from placement', async () => {
    const answer = await get(owner, { id: lote.id, di: dayAt(14), df: dayAt(20) });
    expect(answer.status).toBe(200);
    const want = expected(scenario).slice(14, 21);
    expect(answer.body.dias.map((dia) => [dia.data, dia.acumulado_kg, dia.conversao])).toEqual(want.map((day) => [day.data, day.acumulado_kg, day.conversao]));
    expect(answer.body.totais.dias).toBe(7);
    // Before placement or after closing: no rows.
    const before = await get(owner, { id: lote.id, di: '2026-07-01', df: '2026-08-31' });
    expect(before.status).toBe(200);
    expect([before.body.dias, before.body.header.inicio, before.body.totais.consumo_kg, before.body.totais.completo]).toEqual([[], null, null, false]);
  });

  it('gives the flock its birds\' part of a shared silo, and nobody the feed of a day its houses are all empty', async () => {
    const small = await createNucleo(portal(), owner, { aviarios: [1, 2].map((n) => ({ nome: `Galpão ${n}`, lados: 2, boxes: 4, capacidade: 5000 })) });
    const [k1, k2] = small.aviarios.map((house) => house.id) as [number, number];
    // Flock Z (300 birds, house 1) dies out on day 3; flock Y (500 birds, house 2) leaves after day 1.
    const zDeaths = [{ data: dayAt(1), aves: 10, causa: '' }, { data: dayAt(3), aves: 290, causa: '' }];
    const z = await createLote(portal(), owner, small, { aviarios: [k1], data_alojamento: PLACEMENT, data_encerramento: dayAt(5), aves_misto: 300 });
    await recordDeaths(portal(), owner, z, zDeaths);
    await createLote(portal(), owner, small, { aviarios: [k2], data_alojamento: PLACEMENT, data_encerramento: dayAt(1), aves_misto: 500 });
    const silo = await createSilo(portal(), owner, small, { nome: 'Silo compartilhado', capacidade_kg: 5000, aviarios: [k1, k2] });
    await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'entrada', data: dayAt(-1), quantidade_kg: 4000 });
    const consumoHg = new Map<string, number | null>([[dayAt(0), 503], [dayAt(1), 481], [dayAt(2), 400], [dayAt(3), 125], [dayAt(4), 99], [dayAt(5), null]]);
    for (const [data, hg] of consumoHg) if (hg !== null) await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'consumo', data, quantidade_kg: hg / 10 });

    const answer = await get(owner, { id: z.id, di: PLACEMENT, df: dayAt(5) });
    expect(answer.status).toBe(200);
    const want = expected({
      life: LIFE.slice(0, 6),
      flock: { houses: [k1], from: PLACEMENT, to: dayAt(5), placed: 300, deaths: new Map(zDeaths.map((entry) => [entry.data, entry.aves])) },
      others: [{ houses: [k2], from: PLACEMENT, to: dayAt(1), placed: 500, deaths: new Map() }],
      truths: [{ silo, casas: [k1, k2], consumoHg }],
      weighings: new Map(),
      pesoAlojamentoDg: 420,
      points: [],
    });
    const shown = answer.body.dias.map((dia) => [dia.consumo_kg, dia.silos[0]!.consumo_kg, dia.silos[0]!.parte_kg, dia.silos[0]!.sem_aves_kg, dia.aviarios[0]!.consumo_kg, dia.g_ave_dia]);
    expect(shown).toEqual(want.map((day) => [day.consumo_kg, ...day.silos[0]!, day.aviarios[0], day.g_ave_dia]));
    // By hand: 50.3 kg × 300/800 = 18.8625 kg (18 862.5 g, the tied gram to the flock); 48.1 × 290/790;
    // all of day 2 (house 2 empty); days 3 and 4 nobody's; day 5 no data.
    expect(shown).toEqual([
      [18.9, 50.3, 18.9, 0, 18.9, 62.9],
      [17.7, 48.1, 17.7, 0, 17.7, 60.9],
      [40, 40, 40, 0, 40, 137.9],
      [0, 12.5, 0, 12.5, 0, null],
      [0, 9.9, 0, 9.9, 0, null],
      [null, null, null, null, null, null],
    ]);
    expect([answer.body.totais.consumo_kg, answer.body.totais.silos[0]]).toEqual([76.5, { id: silo.id, consumo_kg: 160.8, parte_kg: 76.5, sem_aves_kg: 22.4 }]);
  });

  it('without a standard counts the gain from 42 g and compares with nothing; without silos every day is empty, not 0', async () => {
    const bare = await createLote(portal(), owner, farm, { aviarios: [farm.aviarios[2]!.id], data_alojamento: PLACEMENT, data_encerramento: dayAt(5), aves_misto: 1000 });
    await createPesagens(portal(), owner, { nucleo: farm, lote: bare, rows: [{ peso: 100.4, data: dayAt(3) }, { peso: 99.9, data: dayAt(3) }] });
    const answer = await get(owner, { id: bare.id, di: PLACEMENT, df: dayAt(5) });
    expect(answer.status).toBe(200);
    expect([answer.body.header.peso_alojamento_g, answer.body.header.peso_alojamento_fonte, answer.body.header.padrao]).toEqual([42, 'padrao_ausente', null]);
    // House 3 is fed by silos B and D.
    expect(answer.body.header.silos.map((silo) => silo.nome).sort()).toEqual(['Silo B', 'Silo D']);
    const day3 = answer.body.dias[3]!;
    // pesoMedio 100.2 g (1001.5 dg rounds half away to 1002): gain 1000 × (100.2 − 42) g = 58.2 kg.
    expect([day3.peso_medio_g, day3.aves_pesadas, day3.ganho_kg, day3.conversao_padrao]).toEqual([100.2, 2, 58.2, null]);

    const lonely = await createNucleo(portal(), owner);
    const empty = await createLote(portal(), owner, lonely, { data_alojamento: PLACEMENT, data_encerramento: dayAt(2) });
    const none = await get(owner, { id: empty.id, di: PLACEMENT, df: dayAt(2) });
    expect(none.status).toBe(200);
    expect(none.body.dias.map((dia) => [dia.consumo_kg, dia.completo, dia.g_ave_dia, dia.acumulado_kg, dia.acumulado_completo])).toEqual([
      [null, false, null, 0, false],
      [null, false, null, 0, false],
      [null, false, null, 0, false],
    ]);
    expect(none.body.totais.consumo_kg).toBeNull();
  });

  it("ends an active flock's rows at the owner's today", async () => {
    const today = new Date(Date.now() + TIMEZONE * 3_600_000).toISOString().slice(0, 10);
    const active = await createLote(portal(), owner, farm, { data_alojamento: dayAt(-3, today) });
    const answer = await get(owner, { id: active.id, di: dayAt(-10, today), df: dayAt(10, today) });
    expect(answer.status).toBe(200);
    // Near midnight the portal's today may already be the next day.
    expect([today, dayAt(1, today)]).toContain(answer.body.header.fim);
    expect(answer.body.dias[0]!.data).toBe(dayAt(-3, today));
  });

  it('refuses bad input with a message, a flock without placement, and other accounts’ flocks', async () => {
    const cases: Record<string, string | number>[] = [
      { di: PLACEMENT, df: CLOSING },
      { id: lote.id, di: CLOSING, df: PLACEMENT },
      { id: lote.id, di: '2026-02-30', df: CLOSING },
      { id: lote.id, di: '01/09/2026', df: CLOSING },
      { id: lote.id, di: '2020-01-01', df: '2026-01-01' },
      { id: 'x', di: PLACEMENT, df: CLOSING },
      { id: -1, di: PLACEMENT, df: CLOSING },
    ];
    for (const query of cases) {
      const answer = await get(owner, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message, JSON.stringify(query)).toEqual(expect.any(String));
    }
    const undated = await createLote(portal(), owner, farm, { data_alojamento: null });
    const refused = await get(owner, { id: undated.id, di: PLACEMENT, df: CLOSING });
    expect([refused.status, refused.body.errors?.[0]?.code]).toEqual([400, 'FLOCK_DATE_MISSING']);
    expect((await get(stranger, { id: lote.id, di: PLACEMENT, df: CLOSING })).status).toBe(404);
    expect((await get(stranger, { id: lote.id, di: PLACEMENT, df: CLOSING, prop: owner.user.id })).status).toBe(404);
    expect((await get(owner, { id: 999_999, di: PLACEMENT, df: CLOSING })).status).toBe(404);
  });
});
