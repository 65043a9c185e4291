import { collectorSummary, type ChartDataResponse, type ColetaValores, type HistoricoPontoColeta } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { generateBatches, insertBatches, type TestBatch } from '../../test/factories/collection-history.js';
import { createPontoColeta } from '../../test/factories/collection-points.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const HOUR_MS = 3_600_000;

/**
 * The expected values, computed apart from the service: each batch's local day from its instant
 * with Date, sums in plain JS, half-up roundings with BigInt, the sex by comparing the counts.
 */
function expectedValues(batches: readonly TestBatch[]): ColetaValores {
  if (batches.length === 0) return { coletas: null, machos: null, femeas: null, aves: null, peso_total_kg: null, pesoMedio: null, sexo: null };
  const machos = batches.reduce((sum, batch) => sum + batch.machos, 0);
  const femeas = batches.reduce((sum, batch) => sum + batch.femeas, 0);
  const dg = batches.reduce((sum, batch) => sum + BigInt(batch.peso_total_dg), 0n);
  const aves = machos + femeas;
  const halfUp = (numerator: bigint, denominator: bigint) => Number((2n * numerator + denominator) / (2n * denominator));
  return {
    coletas: batches.length,
    machos,
    femeas,
    aves,
    peso_total_kg: halfUp(dg, 1000n) / 10,
    pesoMedio: halfUp(dg, BigInt(aves)) / 10,
    sexo: machos === femeas ? 'misto' : machos > femeas ? 'M' : 'F',
  };
}

const localDay = (em: number, timezone: number) => new Date(em + timezone * HOUR_MS).toISOString().slice(0, 10);

function daysOf(di: string, df: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${di}T00:00:00Z`); at <= Date.parse(`${df}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

function expectedDays(batches: readonly TestBatch[], di: string, df: string, timezone: number) {
  return daysOf(di, df).map((data) => ({ data, ...expectedValues(batches.filter((batch) => localDay(batch.em, timezone) === data)) }));
}

const inPeriod = (batches: readonly TestBatch[], di: string, df: string, timezone: number) =>
  batches.filter((batch) => localDay(batch.em, timezone) >= di && localDay(batch.em, timezone) <= df);

describeEachDialect('collection-point history', (portal: () => TestPortal) => {
  const call = <T = any>(account: TestAccount, path: string) => portal().request<T>('GET', path, { token: account.token });

  /** A point on a farm with two collectors, batches for 40 days from 2026-03-01 (-3), and a serial no longer a collector. */
  async function pointWithBatches(seed: number) {
    const owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const first = await insertDevice(portal(), owner, 'COLETOR', { nome: 'Coletor Norte', nucleo_id: farm.id });
    const second = await insertDevice(portal(), owner, 'COLETOR', { nome: 'Coletor Sul' });
    const point = await createPontoColeta(portal(), owner, { nome: 'Ponto A', nucleo_id: farm.id, serie_coletores: `${first.serie}|${second.serie}` });
    // A serial that is not (any more) a collector of the owner, as an older list may hold.
    const gone = `GONE-${point.id}`;
    await portal().database.db.updateTable('pontos_coleta').set({ serie_coletores: `${first.serie}|${gone}|${second.serie}` }).where('id', '=', point.id).execute();
    const batches = {
      first: generateBatches({ seed, firstDay: '2026-03-01', days: 40, timezone: -3 }),
      second: generateBatches({ seed: seed + 1, firstDay: '2026-03-01', days: 40, timezone: -3 }),
    };
    await insertBatches(portal(), owner, first, batches.first);
    await insertBatches(portal(), owner, second, batches.second);
    return { owner, farm, first, second, gone, point, batches };
  }

  it('counts, kg, pesoMedio and sex per collector and day equal an independent computation; empty days are null', async () => {
    for (const seed of [11, 29]) {
      const { owner, first, second, gone, point, batches } = await pointWithBatches(seed);
      // The period starts and ends inside the generated days: batches on either side stay out.
      const [di, df] = ['2026-03-04', '2026-04-02'];
      const answer = await call<HistoricoPontoColeta>(owner, `/api/gethistoricopontocoleta?id=${point.id}&di=${di}&df=${df}`);
      expect(answer.status).toBe(200);
      const both = [...batches.first, ...batches.second];
      expect(answer.body).toEqual({
        id: point.id,
        nome: 'Ponto A',
        nucleo_nome: point.nucleo_nome,
        aviario_nome: null,
        di,
        df,
        timezone: -3,
        coletores: [
          { serie: first.serie, device_id: first.id, nome: 'Coletor Norte', registrado: true, dias: expectedDays(batches.first, di, df, -3), total: expectedValues(inPeriod(batches.first, di, df, -3)) },
          { serie: gone, device_id: null, nome: null, registrado: false, dias: expectedDays([], di, df, -3), total: expectedValues([]) },
          { serie: second.serie, device_id: second.id, nome: 'Coletor Sul', registrado: true, dias: expectedDays(batches.second, di, df, -3), total: expectedValues(inPeriod(batches.second, di, df, -3)) },
        ],
        dias: expectedDays(both, di, df, -3),
        total: expectedValues(inPeriod(both, di, df, -3)),
      });
      // The generator made empty days and days with batches, and the boundaries held batches.
      const days = answer.body.coletores[0]!.dias;
      expect(days.some((day) => day.coletas === null)).toBe(true);
      expect(days.some((day) => day.coletas !== null)).toBe(true);
      expect(inPeriod(both, di, df, -3).length).toBeLessThan(both.length);
    }
  });

  it('agrees with collectorSummary for a single batch, and derives the day’s sex from the summed counts', async () => {
    const owner = await createAccount(portal());
    const collector = await insertDevice(portal(), owner, 'COLETOR');
    const point = await createPontoColeta(portal(), owner, { serie_coletores: collector.serie });
    const at = (hour: number) => Date.parse('2026-05-10T00:00:00Z') + 3 * HOUR_MS + hour * HOUR_MS;
    // Day 1: one batch. Day 2: M then F batches whose summed counts tie (misto) and 12+5 vs 8+15 → F.
    const batches: TestBatch[] = [
      { em: at(9), machos: 12, femeas: 8, peso_total_dg: 500_011 },
      { em: at(24 + 9), machos: 12, femeas: 8, peso_total_dg: 400_000 },
      { em: at(24 + 10), machos: 8, femeas: 12, peso_total_dg: 400_001 },
      { em: at(48 + 9), machos: 12, femeas: 8, peso_total_dg: 400_000 },
      { em: at(48 + 10), machos: 5, femeas: 15, peso_total_dg: 400_000 },
    ];
    await insertBatches(portal(), owner, collector, batches);
    const answer = await call<HistoricoPontoColeta>(owner, `/api/gethistoricopontocoleta?id=${point.id}&di=2026-05-10&df=2026-05-13`);
    const [one, tie, female, empty] = answer.body.dias;
    const summary = collectorSummary({ machos: 12, femeas: 8, peso_total: 50_001.1 });
    expect(one).toMatchObject({ coletas: 1, aves: summary.aves, pesoMedio: summary.pm, sexo: summary.sexo, peso_total_kg: 50 });
    expect(tie).toMatchObject({ coletas: 2, machos: 20, femeas: 20, sexo: 'misto', pesoMedio: 2000 });
    expect(female).toMatchObject({ coletas: 2, machos: 17, femeas: 23, sexo: 'F', peso_total_kg: 80 });
    expect(empty).toEqual({ data: '2026-05-13', coletas: null, machos: null, femeas: null, aves: null, peso_total_kg: null, pesoMedio: null, sexo: null });
  });

  it("counts days in the owner's timezone", async () => {
    const owner = await createAccount(portal());
    const collector = await insertDevice(portal(), owner, 'COLETOR');
    const point = await createPontoColeta(portal(), owner, { serie_coletores: collector.serie });
    // 01:00Z on the 2nd is 22:00 on the 1st at -3.
    await insertBatches(portal(), owner, collector, [{ em: Date.parse('2026-06-02T01:00:00Z'), machos: 20, femeas: 0, peso_total_dg: 300_000 }]);
    const path = `/api/gethistoricopontocoleta?id=${point.id}&di=2026-06-01&df=2026-06-02`;
    expect((await call<HistoricoPontoColeta>(owner, path)).body.dias.map((day) => day.coletas)).toEqual([1, null]);
    await portal().request('POST', '/api/updateuser', { token: owner.token, body: { timezone: 0 } });
    const utc = await call<HistoricoPontoColeta>(owner, path);
    expect(utc.body.timezone).toBe(0);
    expect(utc.body.dias.map((day) => day.coletas)).toEqual([null, 1]);
  });

  it('draws the chart from the same history: pesoMedio per collector, then machos and femeas', async () => {
    const { owner, first, second, gone, point } = await pointWithBatches(7);
    const query = `id=${point.id}&di=2026-03-01&df=2026-03-20`;
    const history = (await call<HistoricoPontoColeta>(owner, `/api/gethistoricopontocoleta?${query}`)).body;
    const chart = await call<ChartDataResponse>(owner, `/api/gethistoricopontocoletagrafico?${query}`);
    expect(chart.status).toBe(200);
    expect(chart.body.titulo).toBe('Ponto A');
    expect([chart.body.di, chart.body.df]).toEqual(['2026-03-01', '2026-03-20']);
    const lines = chart.body.chartData.linhas;
    expect(lines.map((line) => [line.tit, line.unidade])).toEqual([
      [`Coletor Norte (${first.serie})`, 'g'],
      [gone, 'g'],
      [`Coletor Sul (${second.serie})`, 'g'],
      ['Machos', 'aves'],
      ['Fêmeas', 'aves'],
    ]);
    history.coletores.forEach((coletor, index) => {
      expect(lines[index]!.dataset).toEqual(coletor.dias.map((day) => ({ data: day.data, data_value: day.pesoMedio })));
    });
    expect(lines[3]!.dataset).toEqual(history.dias.map((day) => ({ data: day.data, data_value: day.machos })));
    expect(lines[4]!.dataset).toEqual(history.dias.map((day) => ({ data: day.data, data_value: day.femeas })));
    expect(lines[1]!.dataset.every((point) => point.data_value === null)).toBe(true);
  });

  it('refuses bad input with 4xx and a message', async () => {
    const owner = await createAccount(portal());
    const collector = await insertDevice(portal(), owner, 'COLETOR');
    const point = await createPontoColeta(portal(), owner, { serie_coletores: collector.serie });
    const cases: Array<[string, number, string | undefined, string | undefined]> = [
      ['di=2026-01-01&df=2026-01-31', 400, 'id', 'FIELD_INVALID'],
      [`id=abc&di=2026-01-01&df=2026-01-31`, 400, 'id', 'FIELD_INVALID'],
      [`id=${point.id}&df=2026-01-31`, 400, 'di', 'FIELD_REQUIRED'],
      [`id=${point.id}&di=2026-02-30&df=2026-03-01`, 400, 'di', 'FIELD_INVALID'],
      [`id=${point.id}&di=01/01/2026&df=2026-03-01`, 400, 'di', 'FIELD_INVALID'],
      [`id=${point.id}&di=2026-03-02&df=2026-03-01`, 400, 'df', 'DATE_RANGE_INVALID'],
      [`id=${point.id}&di=2024-01-01&df=2026-03-01`, 400, 'df', 'FIELD_OUT_OF_RANGE'],
      [`id=2000000000&di=2026-01-01&df=2026-01-31`, 404, undefined, undefined],
    ];
    for (const call of ['gethistoricopontocoleta', 'gethistoricopontocoletagrafico']) {
      for (const [query, status, field, code] of cases) {
        const answer = await portal().request('GET', `/api/${call}?${query}`, { token: owner.token });
        expect(answer.status, `${call}?${query}`).toBe(status);
        expect(typeof answer.body.message, query).toBe('string');
        expect(answer.body.message.length, query).toBeGreaterThan(0);
        if (field) expect(answer.body.errors, query).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
      }
      expect((await portal().request('GET', `/api/${call}?id=${point.id}&di=2026-01-01&df=2026-01-31`)).status).toBe(401);
    }
  });

  it("refuses another account's point; a farm grant reads the points of its farms only", async () => {
    const { owner, farm, point } = await pointWithBatches(3);
    const stranger = await createAccount(portal());
    const grantee = await createAccount(portal());
    const other = await createNucleo(portal(), owner);
    const otherCollector = await insertDevice(portal(), owner, 'COLETOR', { nucleo_id: other.id });
    const elsewhere = await createPontoColeta(portal(), owner, { nucleo_id: other.id, serie_coletores: otherCollector.serie });
    const period = 'di=2026-03-01&df=2026-03-10';
    for (const path of ['gethistoricopontocoleta', 'gethistoricopontocoletagrafico']) {
      expect((await call(stranger, `/api/${path}?id=${point.id}&${period}`)).status).toBe(404);
      expect((await call(stranger, `/api/${path}?id=${point.id}&${period}&prop=${owner.user.id}`)).status).toBe(404);
    }
    await grantAccess(portal(), owner, grantee, 'leitura', [farm.id]);
    const seen = await call<HistoricoPontoColeta>(grantee, `/api/gethistoricopontocoleta?id=${point.id}&${period}&prop=${owner.user.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual((await call(owner, `/api/gethistoricopontocoleta?id=${point.id}&${period}`)).body);
    expect((await call(grantee, `/api/gethistoricopontocoleta?id=${elsewhere.id}&${period}&prop=${owner.user.id}`)).status).toBe(404);
  });
});
