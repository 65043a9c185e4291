import type { CalhaGraphResponse, ChartDataResponse, SiloLeiturasResponse } from '@portal/shared';
import { expect, it } from 'vitest';
import { readingMaintenance } from '../../db/rollups.js';
import { createAccount } from '../../test/factories.js';
import { createGrafico } from '../../test/factories/charts.js';
import { insertBatches, generateBatches } from '../../test/factories/collection-history.js';
import { createPontoColeta } from '../../test/factories/collection-points.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { doseSeries, insertDoseRows, midnightOf, type PumpRun } from '../../test/factories/dosing.js';
import { createNucleo } from '../../test/factories/farms.js';
import { insertSiloReadings, siloSeries, type SiloDayPlan } from '../../test/factories/feed.js';
import { createFumigador } from '../../test/factories/fumigators.js';
import { createSilo } from '../../test/factories/silos.js';
import { generateTroughSeries, insertTroughRows } from '../../test/factories/troughs.js';
import { describeEachDialect } from '../../test/harness.js';
import { testServices } from '../../test/services.js';

const TZ = -3;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const localDay = (ms: number) => new Date(ms + TZ * HOUR).toISOString().slice(0, 10);

describeEachDialect('reports over readings past their retention', (portal) => {
  it('answer from minute summaries as from the raw rows, and from hour summaries with the same daily figures', async () => {
    const owner = await createAccount(portal());
    const api = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> => {
      const answer = await portal().request<T>(method, `/api/${path}`, { token: owner.token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
      return answer.body;
    };
    const now = Date.now();
    // A week well past the 90-day retention and within the minutes' 730 days; readings a day either side.
    const di = localDay(now - 420 * DAY);
    const df = addDays(di, 6);
    const first = addDays(di, -1);
    const start = midnightOf(first, TZ);
    const end = midnightOf(addDays(df, 2), TZ);

    const farm = await createNucleo(portal(), owner);
    const scale = await insertDevice(portal(), owner, 'BSILO', { nucleo_id: farm.id });
    const silo = await createSilo(portal(), owner, farm, { device_id: scale.id, capacidade_kg: 20_000 });
    const plan: SiloDayPlan[] = Array.from({ length: 9 }, (_unused, index) => ({ data: addDays(first, index), consumoHg: 4_000 + index * 130, entregaHg: index === 3 ? 60_000 : 0, semLeituras: index === 5 }));
    await insertSiloReadings(portal(), owner, scale.id, siloSeries(plan, TZ, 90_000));

    const trough = await insertDevice(portal(), owner, 'MCALHA', { nucleo_id: farm.id });
    await insertTroughRows(portal(), owner, trough.id, 1, generateTroughSeries({ seed: 5, start, minutes: (end - start) / MINUTE }));
    await insertTroughRows(portal(), owner, trough.id, 2, generateTroughSeries({ seed: 6, start, minutes: (end - start) / MINUTE, sensor: false }));

    const doser = await insertDevice(portal(), owner, 'DOSADOR', { nucleo_id: farm.id });
    const fumigador = await createFumigador(portal(), owner, farm, { device_id: doser.id, horarios: ['08:00', '16:00'] });
    const runs: PumpRun[] = Array.from({ length: 9 }, (_unused, day) => [
      { start: start + day * DAY + 8 * HOUR + 5_000, end: start + day * DAY + 8 * HOUR + 14 * MINUTE, flow: 900 + day * 10 },
      { start: start + day * DAY + 16 * HOUR + 40_000, end: start + day * DAY + 16 * HOUR + 9 * MINUTE, flow: 700 },
    ]).flat();
    await insertDoseRows(portal(), owner.user.id, doser.id, doseSeries({ from: start, to: end, runs, timezone: TZ, silences: [[start + 4 * DAY, start + 5 * DAY]] }).rows);
    await testServices(portal()).dosing.syncDevice(doser.id, start);

    const collector = await insertDevice(portal(), owner, 'COLETOR', { nucleo_id: farm.id });
    const point = await createPontoColeta(portal(), owner, { nucleo_id: farm.id, serie_coletores: collector.serie });
    await insertBatches(portal(), owner, collector, generateBatches({ seed: 3, firstDay: first, days: 9, timezone: TZ, maxPerDay: 40 }));

    const chart = await createGrafico(portal(), owner, {
      linhas: [
        { tit: 'Silo', fonte: 'leitura_silo', device_id: scale.id },
        { tit: 'Saldo', fonte: 'saldo_silo', silo_id: silo.id },
        { tit: 'Consumo', fonte: 'consumo_racao', silo_id: silo.id },
        { tit: 'Rotação', fonte: 'rotacao_calha', device_id: trough.id },
        { tit: 'Dose', fonte: 'dose_volume', device_id: doser.id },
      ],
    });
    const period = `di=${di}&df=${df}`;
    const answers = async () => ({
      chart: await api<ChartDataResponse>('POST', 'getgraphdata', { id: chart.id, di, df }),
      silo: await api<SiloLeiturasResponse>('GET', `getsiloleituras?id=${silo.id}&${period}`),
      calha1: await api<CalhaGraphResponse>('GET', `getgraph_calha?id=${trough.id}&idcalha=1&${period}`),
      calha2: await api<CalhaGraphResponse>('GET', `getgraph_calha?id=${trough.id}&idcalha=2&${period}`),
      calhas: await api<unknown>('GET', 'getcalhas'),
      dosagem: await api<unknown>('POST', 'reldosagem', { id: fumigador.id, di, df }),
      doseChart: await api<ChartDataResponse>('GET', `getfumigacaodetalhe?id=${fumigador.id}&${period}`),
      coletas: await api<unknown>('GET', `gethistoricopontocoleta?id=${point.id}&${period}`),
    });
    const raw = await answers();
    // The data is there: deliveries, gaps, stoppages, days with readings.
    expect(raw.silo.entregas).toHaveLength(1);
    expect(raw.calha1.paradas.length).toBeGreaterThan(0);
    expect(raw.chart.chartData.linhas.every((linha) => linha.dataset.some((point) => point.data_value !== null))).toBe(true);

    const count = async (table: 'silo_leituras' | 'calha_leituras' | 'dose_leituras' | 'coletas' | 'silo_leituras_min' | 'calha_leituras_min' | 'dose_leituras_min' | 'coletas_min') =>
      Number((await portal().database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', owner.user.id).executeTakeFirstOrThrow()).n);
    // Written long behind the periodic job's progress (which sums forward only): summed as the
    // demo's backfill does, two statements a table over the whole hours written.
    for (const table of ['silo_leituras', 'calha_leituras', 'dose_leituras', 'coletas'] as const) {
      await readingMaintenance(portal().database, table).summarise('min', start, end);
      await readingMaintenance(portal().database, table).summarise('hora', start, end);
    }
    const jobs = testServices(portal()).readingsJobs;
    await jobs.rollUp(now);
    await jobs.purge(now);
    for (const table of ['silo_leituras', 'calha_leituras', 'dose_leituras', 'coletas'] as const) {
      expect(await count(table), table).toBe(0);
      expect(await count(`${table}_min`), `${table}_min`).toBeGreaterThan(0);
    }
    // Minutes: every answer as it was (a scale's, a trough's minute holds one reading: the raw row).
    expect(await answers()).toEqual(raw);

    // 400 days on, the minutes are past their 730 days too: hours answer.
    await jobs.purge(now + 400 * DAY);
    for (const table of ['silo_leituras_min', 'calha_leituras_min', 'dose_leituras_min', 'coletas_min'] as const) expect(await count(table), table).toBe(0);
    const hours = await answers();
    // Daily means, highest values, levels at midnight and consumption: the same.
    expect(hours.chart).toEqual(raw.chart);
    expect(hours.silo.dias).toEqual(raw.silo.dias);
    expect(hours.silo.entregas).toEqual(raw.silo.entregas);
    expect(hours.silo.leituras.length).toBeGreaterThan(0);
    for (const [summed, rows] of [
      [hours.calha1, raw.calha1],
      [hours.calha2, raw.calha2],
    ] as const) {
      // Minutes on, turns, feed present: the same; gaps and stoppages inside an hour are not known.
      expect(summed.dias.map(({ data, minutos_ligada, voltas, presenca_pct }) => ({ data, minutos_ligada, voltas, presenca_pct }))).toEqual(
        rows.dias.map(({ data, minutos_ligada, voltas, presenca_pct }) => ({ data, minutos_ligada, voltas, presenca_pct })),
      );
      expect(summed.dias.every((day) => day.paradas === null && day.minutos_lacuna === null)).toBe(true);
      expect(summed.passo_min % 60).toBe(0);
    }
    expect(hours.calhas).toEqual(raw.calhas);
    expect(hours.dosagem).toEqual(raw.dosagem);
    expect(hours.coletas).toEqual(raw.coletas);
    // The doser's chart in hours: each day's counter reaches the same highest value.
    const dailyMax = (answer: ChartDataResponse) => {
      const byDay = new Map<string, number>();
      for (const point of answer.chartData.linhas[1]!.dataset) {
        if (point.data_value === null) continue;
        const day = localDay(Date.parse(point.data));
        byDay.set(day, Math.max(byDay.get(day) ?? 0, point.data_value));
      }
      return Object.fromEntries(byDay);
    };
    expect(dailyMax(hours.doseChart)).toEqual(dailyMax(raw.doseChart));
  }, 180_000);
});
