import { computeStats, GRADER_CATEGORIES, type Estatisticas } from '@portal/shared';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile } from '../../test/factories/imports.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, generatedWeighings, gramsToDecigrams, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';
import { testServices } from '../../test/services.js';
import type { OwnerScope } from '../permissions/index.js';
import { dailyQueries, type DailyQueries } from './daily.queries.js';
import { pesagensRepository } from './pesagens.repository.js';
import { qualityRepository } from './quality/quality.repository.js';
import { weighingsService } from './service.js';

/**
 * The calls that read the daily aggregates (headers, usrstats, the charts' flock series, v2/resumo,
 * gettotaisselauto) answer exactly what the same calls answer from the raw weighings, on both
 * databases: random birds over several days, scales, flocks and none, with scores, and birds
 * exactly on the uniformity band's edges and on 10 g band limits.
 */

const ownerScope = (account: TestAccount): OwnerScope => ({ ownerId: account.user.id, actorId: account.user.id, nivel: 'proprietario', nucleos: null });

/** The weighings service from the aggregates and from the raw rows, on the portal's database; `daily` may be watched. */
function bothServices(portal: TestPortal, daily: DailyQueries = dailyQueries(portal.database)) {
  const deps = { ...testServices(portal), pesagens: pesagensRepository(portal.database), daily, qualityConfigs: qualityRepository(portal.database.db), clock: () => Date.parse('2026-11-20T12:00:00Z') };
  return { aggregates: weighingsService(deps), raw: weighingsService({ ...deps, fromRaw: true }) };
}

/** The statistics of some rows, computed apart from the server. */
const expectedStats = (rows: readonly PesagemInput[]): Estatisticas =>
  computeStats(
    rows.map((row) => gramsToDecigrams(row.peso)),
    rows.map((row) => row.score ?? null),
  );

const DATAS = ['2026-11-02', '2026-11-05', '2026-11-09', '2026-11-12', '2026-11-16', '2026-11-19'];

describeEachDialect('reports from the daily aggregates', (portal) => {
  it('answer every call as the raw weighings do: headers, usrstats, flock series, v2/resumo, gettotaisselauto', { timeout: 90_000 }, async () => {
    const account = await createAccount(portal());
    const north = await createNucleo(portal(), account, { nome: 'Granja Norte' });
    const south = await createNucleo(portal(), account, { nome: 'Granja Sul' });
    const hatchery = await createNucleo(portal(), account, { nome: 'Incubatório', tipo: 'incubatorio' });
    const padrao = await createPadrao(portal(), account);
    const placed = await createLote(portal(), account, north, { data_alojamento: '2026-10-20', padrao_id: padrao.id });
    const unplaced = await createLote(portal(), account, north, { data_alojamento: null });
    const southFlock = await createLote(portal(), account, south);
    const hatch = await createLote(portal(), account, hatchery);
    const grader = await createDevice(portal(), account, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: north.id });
    const options = { datas: DATAS, series: ['BAL-1', 'BAL-2', 'BAL-3'], cv: 12, scoreRate: 0.4 };
    await createPesagens(portal(), account, { nucleo: north, lote: placed, rows: generatedWeighings(501, 1500, options) });
    await createPesagens(portal(), account, { nucleo: north, lote: unplaced, rows: generatedWeighings(502, 700, { ...options, idadeInicial: 30 }) });
    // Weighings without a flock, on both farms.
    await createPesagens(portal(), account, { nucleo: north, rows: generatedWeighings(503, 400, options) });
    await createPesagens(portal(), account, { nucleo: south, lote: southFlock, rows: generatedWeighings(504, 600, options) });
    await createPesagens(portal(), account, { nucleo: south, rows: generatedWeighings(505, 300, options) });
    await createPesagens(portal(), account, { nucleo: hatchery, lote: hatch, rows: generatedWeighings(506, 200, { ...options, pesoInicial: 50 }) });
    await createPesagens(portal(), account, {
      nucleo: north,
      lote: placed,
      rows: generatedWeighings(507, 900, { ...options, aviarios: [...GRADER_CATEGORIES], series: [grader.serie, 'BAL-1'] }),
    });
    // A box whose band edges fall exactly on 10 g band limits (mean 1000 g: 900.0 and 1100.0 g), birds on and next to them.
    const edges = [900, 900, 899.9, 1000, 1000, 1100, 1100, 1100.1, 1000].map((peso, index) => ({ peso, data: DATAS[index % 2]!, aviario: 'Aviário 1', lado: '1', box: 'E', score: index % 3 }));
    await createPesagens(portal(), account, { nucleo: north, lote: placed, rows: edges });

    const scope = ownerScope(account);
    const { aggregates, raw } = bothServices(portal());
    expect(await aggregates.header(scope, false)).toEqual(await raw.header(scope, false));
    expect(await aggregates.header(scope, true)).toEqual(await raw.header(scope, true));
    const dashboard = await aggregates.dashboard(scope);
    expect(dashboard).toEqual(await raw.dashboard(scope));
    expect(dashboard.contagens.pesagens).toBe(1500 + 700 + 400 + 600 + 300 + 200 + 900 + edges.length);
    // Every active flock weighed, the hatchery's too.
    expect(dashboard.lotes.filter((tile) => tile.ultima !== null)).toHaveLength(4);
    for (const lote of [placed, unplaced, southFlock, hatch]) {
      const series = await aggregates.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30');
      expect(series.size).toBe(DATAS.length);
      expect(series).toEqual(await raw.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30'));
    }
    for (const query of [
      { inicio: '2026-11-01', fim: '2026-11-30' },
      { inicio: '2026-11-05', fim: '2026-11-12' },
      { inicio: '2026-11-02', fim: '2026-11-05', nucleo_id: north.id, lote_id: placed.id },
      { inicio: '2026-11-01', fim: '2026-11-30', aviario: 'Aviário 2', sexo: 'Macho' },
      { inicio: '2026-11-01', fim: '2026-11-30', nucleo_id: south.id },
    ]) {
      const summary = await aggregates.summary(scope, query);
      expect(summary.linhas.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(summary, JSON.stringify(query)).toEqual(await raw.summary(scope, query));
    }
    // The edge box, against the statistics of its rows computed here: 2 birds outside, on each side one.
    for (const [source, service] of [['aggregates', aggregates], ['raw', raw]] as const) {
      const edgeLine = (await service.summary(scope, { inicio: '2026-11-01', fim: '2026-11-30', lote_id: placed.id })).linhas.find((linha) => linha.box === 'E')!;
      expect(edgeLine.stats, source).toEqual(expectedStats(edges));
      expect(edgeLine.stats, source).toMatchObject({ qtdAbaixo: 1, qtdAcima: 1, corteBaixo: 900, corteCima: 1100 });
    }
    for (const query of [{ id: grader.id, ini: '2026-11-01', fim: '2026-11-30' }, { id: grader.id, ini: '2026-11-05', fim: '2026-11-16', lote_id: placed.id }]) {
      const totals = await aggregates.graderTotals(scope, query);
      expect(totals.total.aves).toBeGreaterThan(100);
      expect(totals).toEqual(await raw.graderTotals(scope, query));
    }
  });

  it('answer as the raw weighings after a file import, the ingestion path that keeps the aggregates', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Import', codigo: 'GI' });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-IMP', data_alojamento: '2026-10-25' });
    await createLote(portal(), account, farm, { codigo: 'L-IMP2', data_alojamento: null });
    const rows = generatedWeighings(701, 1200, { datas: DATAS.slice(0, 4), series: ['BAL-1', 'BAL-2'], scoreRate: 0.5 });
    const header = ['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote', 'linha', 'score', 'serie_balanca', 'obs'];
    // Two flocks, one without a placement date.
    const file = csvOf(
      header,
      rows.map((row, index) => [row.data!, row.hora!, 'GI', index % 2 === 0 ? 'L-IMP' : 'L-IMP2', row.aviario!, row.lado!, row.box!, row.sexo!, String(row.peso), String(row.idade_lote), row.linha!, row.score ?? '', row.serie_balanca!, '']),
    );
    const answer = await importFile(portal(), account, file, { separador: ';', decimal: '.' });
    expect(answer.status, String(answer.body?.code)).toBe(200);
    expect(answer.body).toMatchObject({ importadas: rows.length });
    const scope = ownerScope(account);
    const { aggregates, raw } = bothServices(portal());
    const query = { inicio: '2026-11-01', fim: '2026-11-30' };
    const summary = await aggregates.summary(scope, query);
    expect(summary.linhas.reduce((total, linha) => total + linha.stats.totalAves, 0)).toBe(rows.length);
    expect(summary).toEqual(await raw.summary(scope, query));
    expect(await aggregates.header(scope, false)).toEqual(await raw.header(scope, false));
    expect(await aggregates.dashboard(scope)).toEqual(await raw.dashboard(scope));
    expect(await aggregates.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30')).toEqual(await raw.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30'));
  });

  it('give the exact statistics for random birds split over random days and scales (fast-check), edges on band limits included', { timeout: 90_000 }, async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const scope = ownerScope(account);
    const { aggregates, raw } = bothServices(portal());
    const bird = fc.record({ peso: fc.integer({ min: 1, max: 999_999 }), day: fc.nat(4), scale: fc.nat(2), score: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }) });
    /**
     * a birds at 9m and 11m dg, b at 10m, c at 9m − 1 and 11m + 1: mean 10m, so the band is exactly
     * [9m, 11m], birds on both edges and one decigram past them (in the edge's 10 g band unless m
     * is a multiple of 100, when the edges are 10 g band limits).
     */
    const onTheEdges = fc
      .record({
        m: fc.oneof(fc.integer({ min: 1, max: 9_999 }).map((m) => m * 100), fc.integer({ min: 1, max: 99_999 })),
        a: fc.integer({ min: 1, max: 4 }),
        b: fc.integer({ min: 0, max: 4 }),
        c: fc.integer({ min: 0, max: 3 }),
        split: fc.array(fc.nat(4), { minLength: 20, maxLength: 20 }),
      })
      .map(({ m, a, b, c, split }) =>
        [...new Array<number>(a).fill(9 * m), ...new Array<number>(b).fill(10 * m), ...new Array<number>(a).fill(11 * m), ...new Array<number>(c).fill(9 * m - 1), ...new Array<number>(c).fill(11 * m + 1)]
          .filter((peso) => peso > 0)
          .map((peso, index) => ({ peso, day: split[index]!, scale: index % 3, score: index % 4 === 0 ? 1 : null })),
      );
    const growing = fc
      .tuple(fc.integer({ min: 5_000, max: 30_000 }), fc.array(fc.tuple(fc.nat(4), fc.integer({ min: -1_500, max: 1_500 }), fc.nat(2)), { minLength: 1, maxLength: 150 }))
      .map(([base, birds]) => birds.map(([day, offset, scale]) => ({ peso: Math.max(1, base + day * 600 + (offset % 7 === 0 ? Math.round(offset / 100) * 100 : offset)), day, scale, score: offset % 4 === 0 ? 2 : null })));
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: fc.array(bird, { minLength: 1, maxLength: 40 }), weight: 1 }, { arbitrary: onTheEdges, weight: 2 }, { arbitrary: growing, weight: 2 }), async (birds) => {
        const lote = await createLote(portal(), account, farm);
        const rows = birds.map((one) => ({ peso: one.peso / 10, data: DATAS[one.day]!, serie_balanca: `BAL-${one.scale}`, score: one.score }));
        await createPesagens(portal(), account, { nucleo: farm, lote, rows });
        const query = { inicio: '2026-11-01', fim: '2026-11-30', lote_id: lote.id };
        // The oracle (computeStats of the rows, here) against each source on its own, then the two against each other.
        for (const [source, service] of [['aggregates', aggregates], ['raw', raw]] as const) {
          const summary = await service.summary(scope, query);
          expect(summary.linhas, source).toHaveLength(1);
          expect(summary.linhas[0]!.stats, source).toEqual(expectedStats(rows));
          const series = await service.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30');
          expect(series.size, source).toBe(new Set(rows.map((row) => row.data)).size);
          for (const [data, stats] of series) expect(stats, `${source} ${data}`).toEqual(computeStats(rows.filter((row) => row.data === data).map((row) => gramsToDecigrams(row.peso))));
        }
        expect(await aggregates.summary(scope, query)).toEqual(await raw.summary(scope, query));
      }),
      { numRuns: 40 },
    );
  });

  it('read in a fixed number of statements whatever the number of days and lines', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm, { data_alojamento: '2026-10-01' });
    const datas = Array.from({ length: 20 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: generatedWeighings(601, 3000, { datas, cv: 15 }) });
    const calls = new Map<string, number>();
    const queries = dailyQueries(portal().database);
    const watched = Object.fromEntries(
      Object.entries(queries).map(([name, read]) => [name, (...args: unknown[]) => (calls.set(name, (calls.get(name) ?? 0) + 1), (read as (...a: unknown[]) => unknown)(...args))]),
    ) as DailyQueries;
    const { aggregates, raw } = bothServices(portal(), watched);
    const scope = ownerScope(account);
    const query = { inicio: '2026-11-01', fim: '2026-11-30' };
    const summary = await aggregates.summary(scope, query);
    expect(summary.linhas.length).toBeGreaterThan(20);
    expect(summary).toEqual(await raw.summary(scope, query));
    // 24 lines of 20 days each: the day rows, their scores, then the straddling days' bands and edge rows.
    expect(Object.fromEntries(calls)).toEqual({ dayRows: 1, lineScores: 1, faixaCounts: 1, rawCounts: 1 });
    calls.clear();
    expect(await aggregates.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30')).toEqual(await raw.flockSeries(account.user.id, lote.id, '2026-11-01', '2026-11-30'));
    expect(Object.fromEntries(calls)).toEqual({ dayRows: 1, faixaCounts: 1, rawCounts: 1 });
  });
});
