import type { ChartDataResponse, Grafico } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createGrafico, insertBirds, insertReadings } from '../../test/factories/charts.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { createPadrao } from '../../test/factories/standards.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/**
 * getgraphdata against an independent computation on generated rows: flock statistics from
 * birds, a silo scale's balance and consumption, a silo's movements, device readings; empty days
 * null; bad input and other owners' records refused.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const STEP_MS = 5 * 60_000;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (di: string, count: number) => Array.from({ length: count }, (_, index) => dayAfter(di, index));
/** Local midnight of `day` for a timezone `timezone` hours from UTC. */
const midnight = (day: string, timezone: number) => Date.parse(`${day}T00:00:00Z`) - timezone * HOUR_MS;

async function graphData(portal: TestPortal, account: TestAccount, body: Record<string, unknown>) {
  return portal.request<ChartDataResponse>('POST', '/api/getgraphdata', { token: account.token, body });
}
const values = (answer: ChartDataResponse, line: number) => answer.chartData.linhas[line]!.dataset.map((point) => point.data_value);

describeEachDialect('chart data (getgraphdata)', (portal) => {
  it("computes a flock's average weight, uniformity, CV and standard per day, null on days without weighings", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm, { data_alojamento: '2026-10-20' });
    const padrao = await createPadrao(portal(), account, { pontos: [{ idade: 0, peso: 42 }, { idade: 14, peso: 480 }, { idade: 28, peso: 1500 }] });
    const di = '2026-11-01';
    const days = daysFrom(di, 10);
    const next = random(9);
    const birds = days.flatMap((data, index) =>
      // Days 3 and 7 have no weighings; the others 1 to 60 birds.
      index === 3 || index === 7 ? [] : Array.from({ length: 1 + Math.floor(next() * 60) }, () => ({ data, peso_dg: 5_000 + Math.floor(next() * 15_000) })),
    );
    await insertBirds(portal(), account, lote, birds);
    const chart = await createGrafico(portal(), account, {
      linhas: [
        { tit: 'PM', fonte: 'peso_medio', lote_id: lote.id },
        { tit: 'Uni', fonte: 'uniformidade', lote_id: lote.id },
        { tit: 'CV', fonte: 'cv', lote_id: lote.id },
        // No flock of its own: the chart's flock gives the age.
        { tit: 'Padrão', fonte: 'padrao', padrao_id: padrao.id },
      ],
    });
    const answer = await graphData(portal(), account, { id: chart.id, di, df: days.at(-1) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ titulo: chart.titulo, di, df: days.at(-1) });
    expect(answer.body.chartData.linhas.map((linha) => [linha.tit, linha.unidade])).toEqual([['PM', 'g'], ['Uni', '%'], ['CV', '%'], ['Padrão', 'g']]);
    expect(answer.body.chartData.linhas[0]!.dataset.map((point) => point.data)).toEqual(days);

    days.forEach((data, index) => {
      const pesos = birds.filter((bird) => bird.data === data).map((bird) => bird.peso_dg);
      const age = (Date.parse(data) - Date.parse('2026-10-20')) / DAY_MS;
      const standard = age <= 14 ? 42 + ((480 - 42) * age) / 14 : 480 + ((1500 - 480) * (age - 14)) / 14;
      expect(values(answer.body, 3)[index]).toBeCloseTo(Math.round(standard * 10) / 10, 5);
      if (pesos.length === 0) {
        expect([0, 1, 2].map((line) => values(answer.body, line)[index])).toEqual([null, null, null]);
        return;
      }
      const n = pesos.length;
      const sum = pesos.reduce((total, peso) => total + peso, 0);
      const squares = pesos.reduce((total, peso) => total + peso * peso, 0);
      // Integers throughout: half away from zero on the mean, the ±10 % band with both edges inside.
      expect(values(answer.body, 0)[index]).toBe(Math.floor((2 * sum + n) / (2 * n)) / 10);
      const inside = pesos.filter((peso) => 10 * n * peso >= 9 * sum && 10 * n * peso <= 11 * sum).length;
      expect(values(answer.body, 1)[index]).toBe(Math.round((inside * 10_000) / n) / 100);
      const cv = n === 1 ? 0 : (Math.sqrt((n * squares - sum * sum) / (n * (n - 1))) / (sum / n)) * 100;
      expect(Math.abs(values(answer.body, 2)[index]! - cv)).toBeLessThanOrEqual(0.005 + 1e-9);
    });
  });

  it("draws a silo scale's daily balance and consumption (a delivery, a day without readings)", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const scale = await insertDevice(portal(), account, 'BSILO', { nucleo_id: farm.id });
    const silo = await createSilo(portal(), account, farm, { device_id: scale.id });
    const timezone = -3;
    const di = '2026-11-01';
    const days = daysFrom(di, 8);
    const gapDay = days[5]!;
    const deliveryDay = days[2]!;
    const next = random(21);
    // Level in hg: falls by a random step every 5 minutes (the day's rate), a 3000 kg delivery at noon
    // of one day in three readings, the feed lines stopped half an hour either side of it.
    const rows: { em: number; peso_hg: number }[] = [];
    const levelAt = new Map<number, number>();
    const delivered = new Map<string, number>();
    let level = 100_000;
    for (let day = -1; day <= days.length; day += 1) {
      const data = dayAfter(di, day);
      const start = midnight(data, timezone);
      const stepHg = 1 + Math.floor(next() * 20);
      const noon = start + 12 * HOUR_MS;
      for (let em = start; em < start + DAY_MS; em += STEP_MS) {
        const nearDelivery = data === deliveryDay && em >= noon - 30 * 60_000 && em <= noon + 40 * 60_000;
        if (data === deliveryDay && em > noon && em <= noon + 3 * STEP_MS) {
          level += 10_000;
          delivered.set(data, (delivered.get(data) ?? 0) + 10_000);
        } else if (!nearDelivery && em !== start) level -= stepHg;
        levelAt.set(em, level);
        if (data !== gapDay) rows.push({ em, peso_hg: level });
      }
    }
    await insertReadings(portal(), account, scale.id, { table: 'silo_leituras', rows });
    const chart = await createGrafico(portal(), account, {
      tipo: 'barra',
      linhas: [
        { tit: 'Saldo', fonte: 'saldo_silo', silo_id: silo.id },
        { tit: 'Consumo', fonte: 'consumo_racao', silo_id: silo.id },
        { tit: 'Balança', fonte: 'leitura_silo', device_id: scale.id },
      ],
    });
    const answer = await graphData(portal(), account, { id: chart.id, di, df: days.at(-1) });
    expect(answer.status).toBe(200);
    const [saldo, consumo, leitura] = [0, 1, 2].map((line) => values(answer.body, line)) as [(number | null)[], (number | null)[], (number | null)[]];
    const dayBeforeGap = days[4]!;
    days.forEach((data, index) => {
      const startHg = levelAt.get(midnight(data, timezone))!;
      const endHg = levelAt.get(midnight(dayAfter(data, 1), timezone))!;
      const own = rows.filter((row) => row.em >= midnight(data, timezone) && row.em < midnight(dayAfter(data, 1), timezone));
      if (data === gapDay) {
        // No reading that day: no mean and no consumption; its end level is the next day's first
        // (filtered) reading, at midnight: one of the first readings after the gap.
        const after = rows.filter((row) => row.em >= midnight(dayAfter(data, 1), timezone)).slice(0, 3);
        expect(after.map((row) => row.peso_hg / 10)).toContain(saldo[index]);
        expect([consumo[index], leitura[index]]).toEqual([null, null]);
        return;
      }
      // The day's mean reading, in kg to 1 decimal.
      const sum = own.reduce((total, row) => total + row.peso_hg, 0);
      expect(leitura[index]).toBe(Math.round(sum / own.length) / 10);
      if (data === dayBeforeGap) {
        // Its end is not covered: the balance is its last filtered reading (feed/silo.ts's median
        // filter: one of the day's last readings), the consumption unknown.
        expect(own.slice(-3).map((row) => row.peso_hg / 10)).toContain(saldo[index]);
        expect(consumo[index]).toBeNull();
      } else if (data === days[6]) {
        // The day after the gap starts at its first (filtered) reading.
        expect(saldo[index]).toBe(endHg / 10);
        const start = Math.round(consumo[index]! * 10) + endHg;
        expect(own.slice(0, 3).map((row) => row.peso_hg)).toContain(start);
      } else {
        expect(saldo[index]).toBe(endHg / 10);
        expect(consumo[index]).toBe((startHg - endHg + (delivered.get(data) ?? 0)) / 10);
      }
    });
    expect(consumo[2]).toBeGreaterThan(0);
  });

  it('draws a silo without a scale from its movements', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const other = await createSilo(portal(), account, farm);
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'entrada', data: '2026-11-02', quantidade_kg: 5000 });
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'consumo', data: '2026-11-03', quantidade_kg: 300.5 });
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'consumo', data: '2026-11-03', quantidade_kg: 200 });
    await addMovement(portal(), account, { idsilo: other.id, tipo: 'entrada', data: '2026-11-01', quantidade_kg: 1000 });
    await addMovement(portal(), account, { idsilo: other.id, tipo: 'transferencia', data: '2026-11-05', quantidade_kg: 400, silo_destino_id: silo.id });
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'ajuste', data: '2026-11-06', quantidade_kg: -99.5 });
    const chart = await createGrafico(portal(), account, {
      linhas: [{ tit: 'Saldo', fonte: 'saldo_silo', silo_id: silo.id }, { tit: 'Consumo', fonte: 'consumo_racao', silo_id: silo.id }],
    });
    const answer = await graphData(portal(), account, { id: chart.id, di: '2026-11-01', df: '2026-11-07' });
    expect(values(answer.body, 0)).toEqual([null, 5000, 4499.5, 4499.5, 4899.5, 4800, 4800]);
    expect(values(answer.body, 1)).toEqual([null, null, 500.5, null, null, null, null]);
  });

  it("averages a trough monitor's rpm while on and takes a doser's daily volume, by the owner's local day", async () => {
    const account = await createAccount(portal());
    const timezone = 5.5;
    expect((await portal().request('POST', '/api/updateuser', { token: account.token, body: { timezone } })).status).toBe(200);
    const calha = await insertDevice(portal(), account, 'MCALHA');
    const doser = await insertDevice(portal(), account, 'DOSADOR');
    const days = daysFrom('2026-11-01', 4);
    const next = random(5);
    const calhaRows: { em: number; idcalha: number; rpm_dec: number; ligada: 0 | 1 }[] = [];
    const doseRows: { em: number; volume_dml: number }[] = [];
    for (const data of days) {
      if (data === days[2]) continue;
      const start = midnight(data, timezone);
      // Every 20 minutes of the local day, both troughs; day 1's motors stay off.
      for (let em = start; em < start + DAY_MS; em += 20 * 60_000) {
        for (const idcalha of [1, 2]) calhaRows.push({ em, idcalha, rpm_dec: Math.floor(next() * 300), ligada: data === days[1] ? 0 : next() < 0.6 ? 1 : 0 });
        doseRows.push({ em, volume_dml: Math.floor(next() * 100_000) });
      }
    }
    await insertReadings(portal(), account, calha.id, { table: 'calha_leituras', rows: calhaRows });
    await insertReadings(portal(), account, doser.id, { table: 'dose_leituras', rows: doseRows });
    const chart = await createGrafico(portal(), account, {
      linhas: [{ tit: 'Calha', fonte: 'rotacao_calha', device_id: calha.id }, { tit: 'Dose', fonte: 'dose_volume', device_id: doser.id }],
    });
    const answer = await graphData(portal(), account, { id: chart.id, di: days[0], df: days.at(-1) });
    expect(answer.body.chartData.linhas.map((linha) => linha.unidade)).toEqual(['rpm', 'ml']);
    const inDay = (data: string) => (row: { em: number }) => row.em >= midnight(data, timezone) && row.em < midnight(dayAfter(data, 1), timezone);
    const expectedRpm = days.map((data) => {
      const on = calhaRows.filter(inDay(data)).filter((row) => row.ligada === 1);
      return on.length === 0 ? null : Math.round(on.reduce((total, row) => total + row.rpm_dec, 0) / on.length) / 10;
    });
    const expectedDose = days.map((data) => {
      const own = doseRows.filter(inDay(data));
      return own.length === 0 ? null : Math.max(...own.map((row) => row.volume_dml)) / 10;
    });
    expect(values(answer.body, 0)).toEqual(expectedRpm);
    expect(expectedRpm[1]).toBeNull();
    expect(values(answer.body, 1)).toEqual(expectedDose);
    expect(expectedDose[2]).toBeNull();
  });

  it("uses the chart's period in the owner's timezone when no dates are given", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const rolling = await createGrafico(portal(), account, { periodo: '7', linhas: [{ tit: 'PM', fonte: 'peso_medio', lote_id: lote.id }] });
    const today = new Date(Date.now() - 3 * HOUR_MS).toISOString().slice(0, 10);
    const answer = await graphData(portal(), account, { id: rolling.id });
    expect(answer.body).toMatchObject({ di: dayAfter(today, -7), df: today });
    expect(values(answer.body, 0)).toEqual(Array(8).fill(null));
    const fixed = await createGrafico(portal(), account, { periodo: 'personalizado', data_inicio: '2026-01-01', data_fim: '2026-01-03', linhas: [{ tit: 'PM', fonte: 'peso_medio', lote_id: lote.id }] });
    expect((await graphData(portal(), account, { id: fixed.id })).body).toMatchObject({ di: '2026-01-01', df: '2026-01-03' });
    // The body's dates win.
    expect((await graphData(portal(), account, { id: fixed.id, di: '2026-02-01', df: '2026-02-01' })).body).toMatchObject({ di: '2026-02-01', df: '2026-02-01' });
  });

  it('refuses bad input with 400 and a field, and other owners with 404', async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm);
    const chart = await createGrafico(portal(), owner, { linhas: [{ tit: 'PM', fonte: 'peso_medio', lote_id: lote.id }] });
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'id'],
      [{ id: 'x' }, 'id'],
      [{ id: chart.id, di: '2026-11-01' }, 'df'],
      [{ id: chart.id, df: '2026-11-01' }, 'di'],
      [{ id: chart.id, di: '2026-11-02', df: '2026-11-01' }, 'df'],
      [{ id: chart.id, di: '2020-01-01', df: '2026-11-01' }, 'df'],
      [{ id: chart.id, di: '01/11/2026', df: '2026-11-30' }, 'di'],
      [{ id: chart.id, di: '2026-02-30', df: '2026-03-01' }, 'di'],
    ];
    for (const [body, field] of bad) {
      const answer = await graphData(portal(), owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(field);
    }
    expect((await graphData(portal(), stranger, { id: chart.id })).status).toBe(404);
    expect((await graphData(portal(), stranger, { id: chart.id, prop: owner.user.id })).status).toBe(404);
    // A grant limited to some farms does not reach the account's charts.
    const limited = await createAccount(portal());
    await grantAccess(portal(), owner, limited, 'gestao', [farm.id]);
    expect((await graphData(portal(), limited, { id: chart.id, prop: owner.user.id })).status).toBe(404);
    const reader = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura');
    expect((await graphData(portal(), reader, { id: chart.id, prop: owner.user.id, di: '2026-11-01', df: '2026-11-02' })).status).toBe(200);
  });

  it("refuses series naming another owner's flock, silo, standard or device, stored or sent", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const mine = await createNucleo(portal(), owner);
    const theirs = await createNucleo(portal(), stranger);
    const lote = await createLote(portal(), stranger, theirs);
    const silo = await createSilo(portal(), stranger, theirs);
    const padrao = await createPadrao(portal(), stranger);
    const device = await insertDevice(portal(), stranger, 'BSILO');
    const camera = await insertDevice(portal(), owner, 'CAM');
    const ownLote = await createLote(portal(), owner, mine);
    const lines = [
      { tit: 'L', fonte: 'peso_medio', lote_id: lote.id },
      { tit: 'S', fonte: 'saldo_silo', silo_id: silo.id },
      { tit: 'P', fonte: 'padrao', padrao_id: padrao.id },
      { tit: 'D', fonte: 'leitura_silo', device_id: device.id },
    ] as const;
    for (const linha of lines) {
      const sent = await portal().request('POST', '/api/registergrafico', { token: owner.token, body: { titulo: 'X', linhas: [linha] } });
      expect(sent.status, linha.fonte).toBe(400);
    }
    // A device series needs a device that sends those readings.
    const wrongModel = await portal().request('POST', '/api/registergrafico', { token: owner.token, body: { titulo: 'X', linhas: [{ tit: 'C', fonte: 'dose_volume', device_id: camera.id }] } });
    expect(wrongModel.status).toBe(400);
    expect(JSON.stringify(wrongModel.body)).toContain('DEVICE_MODEL_NOT_ALLOWED');
    // Lines written around the API (as a bug could) still read nothing of the stranger's.
    const chart = await createGrafico(portal(), owner, { linhas: [{ tit: 'PM', fonte: 'peso_medio', lote_id: ownLote.id }] });
    for (const linha of [...lines, { tit: 'P2', fonte: 'padrao', padrao_id: null, lote_id: lote.id }]) {
      await portal().database.db.deleteFrom('grafico_linhas').where('grafico_id', '=', chart.id).execute();
      await portal().database.db
        .insertInto('grafico_linhas')
        .values({ grafico_id: chart.id, ordem: 0, lote_id: null, silo_id: null, padrao_id: null, device_id: null, ...linha })
        .execute();
      const answer = await graphData(portal(), owner, { id: chart.id, di: '2026-11-01', df: '2026-11-02' });
      if (linha.tit === 'P2') expect(values(answer.body, 0)).toEqual([null, null]);
      else expect(answer.status, linha.fonte).toBe(404);
    }
  });

  it('pins a chart to the dashboard and keeps the pin across edits', async () => {
    const owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm);
    const linhas = [{ tit: 'PM', fonte: 'peso_medio' as const, lote_id: lote.id }];
    const chart = await createGrafico(portal(), owner, { linhas });
    expect(chart.painel).toBe(false);
    const pinned = await portal().request<Grafico>('POST', '/api/setgraficopainel', { token: owner.token, body: { idgrafico: chart.id, painel: true } });
    expect(pinned.status).toBe(200);
    expect(pinned.body.painel).toBe(true);
    const edited = await portal().request<Grafico>('POST', '/api/registergrafico', { token: owner.token, body: { id: chart.id, titulo: 'Novo', linhas } });
    expect(edited.body).toMatchObject({ titulo: 'Novo', painel: true });
    const unpinned = await portal().request<Grafico>('POST', '/api/registergrafico', { token: owner.token, body: { id: chart.id, titulo: 'Novo', linhas, painel: false } });
    expect(unpinned.body.painel).toBe(false);
    const created = await createGrafico(portal(), owner, { linhas, painel: true });
    expect(created.painel).toBe(true);
    for (const body of [{ idgrafico: chart.id }, { idgrafico: chart.id, painel: 'yes' }, { painel: true }]) {
      expect((await portal().request('POST', '/api/setgraficopainel', { token: owner.token, body })).status).toBe(400);
    }
    const list = await portal().request<Grafico[]>('GET', '/api/getgrafico', { token: owner.token });
    expect(list.body.map((item) => [item.id, item.painel])).toEqual(expect.arrayContaining([[chart.id, false], [created.id, true]]));
  });
});
