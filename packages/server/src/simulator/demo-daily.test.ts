import { daysBetween, localDate, placedInHouse, type Lote, type Nucleo, type Padrao } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../demo/sample-data.js';
import { createLogger } from '../logger.js';
import type { DailyTotals } from '../modules/flocks/index.js';
import type { Services } from '../modules/services.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createNucleo } from '../test/factories/farms.js';
import { createLote } from '../test/factories/flocks.js';
import { createPadrao } from '../test/factories/standards.js';
import { describeEachDialect } from '../test/harness.js';
import { testServices } from '../test/services.js';
import { createDemoDailyRecords, DEMO_BAD_DAY_EVERY, demoBadHouse } from './demo-daily.js';

const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) => daysBefore(date, -days);

describe('the demo bad-day schedule', () => {
  it('picks one day and one house in every block of days, spread over the houses', () => {
    // Day 20_160 since 1970 is a block's first day: 20 blocks from there.
    const first = new Date(20_160 * DAY_MS).toISOString().slice(0, 10);
    const bad = Array.from({ length: 20 * DEMO_BAD_DAY_EVERY }, (_, day) => plusDays(first, day))
      .map((date) => ({ date, house: demoBadHouse(date, ['a', 'b', 'c']) }))
      .filter((day) => day.house !== null);
    expect(bad).toHaveLength(20);
    expect(new Set(bad.map((day) => day.house))).toEqual(new Set(['a', 'b', 'c']));
    // The same answer every time; no house without candidates.
    expect(bad.map((day) => demoBadHouse(day.date, ['a', 'b', 'c']))).toEqual(bad.map((day) => day.house));
    expect(demoBadHouse(bad[0]!.date, [])).toBeNull();
  });
});

describeEachDialect('the running demo: daily house records', (portal) => {
  let account: TestAccount;
  let services: Services;
  let now: number;
  let today: string;
  let growing: Lote;
  let closed: Lote;
  let pastStandard: Lote;
  const errors: string[] = [];
  const log = createLogger({ LOG_LEVEL: 'info' }, {
    write: (line: string) => {
      const entry = JSON.parse(line) as { level: number; msg: string };
      if (entry.level >= 50) errors.push(entry.msg);
    },
  });
  const writer = () => createDemoDailyRecords({ services, owner: { id: account.user.id, timezone: account.user.timezone }, clock: () => now, log });
  const daysOf = async (lote: Lote) => services.flocks.dailyOf(account.user.id, lote.id);
  const yesterday = () => plusDays(localDate(now, account.user.timezone), -1);

  beforeAll(async () => {
    now = Date.now();
    services = testServices(portal(), { clock: () => now });
    account = await createAccount(portal());
    today = localDate(now, account.user.timezone);
    const farm: Nucleo = await createNucleo(portal(), account, {
      aviarios: [1, 2, 3, 4].map((n) => ({ nome: `Aviário ${n}`, lados: 2, boxes: 4, capacidade: 24_000 })),
    });
    const pontos = [0, 7, 14, 21, 28, 35, 42].map((idade) => ({ idade, peso: 43 + idade * idade * 1.6 }));
    const long: Padrao = await createPadrao(portal(), account, { pontos });
    const short: Padrao = await createPadrao(portal(), account, { pontos: pontos.slice(0, 3) });
    const [a, b, c, d] = farm.aviarios.map((house) => house.id) as [number, number, number, number];
    growing = await createLote(portal(), account, farm, { aviarios: [a, b], padrao_id: long.id, data_alojamento: daysBefore(today, 10), aves_misto: 40_001 });
    pastStandard = await createLote(portal(), account, farm, { aviarios: [c], padrao_id: short.id, data_alojamento: daysBefore(today, 20) });
    closed = await createLote(portal(), account, farm, { aviarios: [d], padrao_id: long.id, data_alojamento: daysBefore(today, 50), data_encerramento: daysBefore(today, 8) });
  });

  it("fills each active house's days up to yesterday once: a second pass or a restart writes nothing", async () => {
    expect(await writer().runOnce()).toBe(2 * 9);
    const days = await daysOf(growing);
    for (const house of growing.aviarios) {
      const own = days.filter((day) => day.aviario_id === house.id).map((day) => day.data);
      expect(own).toEqual(Array.from({ length: 9 }, (_, index) => daysBefore(today, 9 - index)));
    }
    // Closed, or past its standard's last day: nothing.
    expect(await daysOf(closed)).toEqual([]);
    expect(await daysOf(pastStandard)).toEqual([]);
    const running = writer();
    expect(await running.runOnce()).toBe(0);
    expect(await writer().runOnce()).toBe(0);
    expect(await daysOf(growing)).toHaveLength(18);
    expect(errors).toEqual([]);
  });

  it('on a new local day enters one record per active house, exactly once', async () => {
    now += DAY_MS;
    const kept = writer();
    expect(await kept.runOnce()).toBe(2);
    const days = await daysOf(growing);
    expect(days.filter((day) => day.data === yesterday()).map((day) => day.aviario_id).sort()).toEqual(growing.aviarios.map((house) => house.id).sort());
    expect(await kept.runOnce()).toBe(0);
    expect(await writer().runOnce()).toBe(0);
    expect(await daysOf(growing)).toHaveLength(20);
    expect(errors).toEqual([]);
  });

  it('started with the demo: its first pass is done when stop answers', async () => {
    now += DAY_MS;
    const running = writer();
    running.start();
    await running.stop();
    expect((await daysOf(growing)).filter((day) => day.data === yesterday())).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('two instances at once: each record stored once, never rewritten (the same uid)', async () => {
    now += DAY_MS;
    await Promise.all([writer().runOnce(), writer().runOnce()]);
    const answer = await portal().request('GET', `/api/getdiario?lote_id=${growing.id}&di=${yesterday()}&df=${yesterday()}`, { token: account.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toHaveLength(2);
    for (const record of answer.body) expect(record.historico.every((entry: any) => entry.campos.length === 0)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a scheduled bad day loses more than 0.5 % of the house's birds and raises the mortality alarm", async () => {
    const houses = growing.aviarios.map((house) => house.id);
    let badDate = plusDays(yesterday(), 1);
    while (demoBadHouse(badDate, houses) === null) badDate = plusDays(badDate, 1);
    const badHouse = demoBadHouse(badDate, houses)!;
    // The day after the bad one: the writer catches up to it.
    now += daysBetween(yesterday(), badDate) * DAY_MS;
    expect(yesterday()).toBe(badDate);
    await writer().runOnce();
    const days = await daysOf(growing);
    const shareLost = (aviarioId: number) => {
      const own = days.filter((day) => day.aviario_id === aviarioId);
      const before = own.filter((day) => day.data < badDate).reduce((sum, day) => sum + day.mortos + day.eliminados, 0);
      const alive = placedInHouse(growing.aves_alojadas, houses.length, houses.indexOf(aviarioId)) - before;
      const day = own.find((item) => item.data === badDate) as DailyTotals;
      return ((day.mortos + day.eliminados) * 100) / alive;
    };
    expect(shareLost(badHouse)).toBeGreaterThan(0.5);
    for (const other of houses.filter((id) => id !== badHouse)) expect(shareLost(other)).toBeLessThan(0.5);

    await testServices(portal(), { clock: () => now }).alarmsJob.evaluate(now);
    const answer = await portal().request('GET', '/api/getalarmes', { token: account.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mortalidade = answer.body.alarmes.filter((alarme: any) => alarme.tipo === 'mortalidade' && alarme.detalhe.motivo === 'dia');
    expect(mortalidade.map((alarme: any) => [alarme.alvo_id, alarme.detalhe.data])).toEqual([[badHouse, badDate]]);
    expect(errors).toEqual([]);
  });
});
