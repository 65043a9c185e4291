import { computeStats, daysBetween, GRADER_CATEGORIES, type Estatisticas, type TotaisSelauto, type UniEstrutura, type UsrStats, localDate } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, generatedWeighings, gramsToDecigrams, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/** The section 3 statistics of some rows, computed apart from the server (no database, no grouping code). */
const expectedStats = (rows: readonly PesagemInput[]): Estatisticas =>
  computeStats(
    rows.map((row) => gramsToDecigrams(row.peso)),
    rows.map((row) => row.score ?? null),
  );

/** The totals without their statistics: what gettotaisselauto answered before it had them. */
const withoutStats = (body: TotaisSelauto) => ({
  ...body,
  categorias: body.categorias.map(({ stats: _stats, ...categoria }) => categoria),
  total: { aves: body.total.aves, peso_total: body.total.peso_total, pm: body.total.pm },
});

/** gettotaisselauto, or on refusal the error body. */
const totais = (portal: TestPortal, token: string, query: string) =>
  portal.request<TotaisSelauto & { errors?: { field: string; code: string }[] }>('GET', `/api/gettotaisselauto?${query}`, { token });

describeEachDialect('grader totals (gettotaisselauto) and structure (getuniestrutura)', (portal) => {
  it("sums a grader's birds and weight per category in box order (hand-computed)", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const grader = await createDevice(portal(), account, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: farm.id, nome: 'Seletora 1' });
    await createPesagens(portal(), account, {
      nucleo: farm,
      rows: [
        { peso: 1500, aviario: 'Light', serie_balanca: grader.serie },
        { peso: 1520.5, aviario: 'Light', serie_balanca: grader.serie },
        { peso: 2400, aviario: 'Heavy', serie_balanca: grader.serie },
        { peso: 1300, aviario: 'SL', serie_balanca: grader.serie, data: '2026-11-12' },
        // Another scale, and a day outside the period: not this grader's totals.
        { peso: 9999, aviario: 'Light', serie_balanca: 'OTHER' },
        { peso: 9999, aviario: 'Light', serie_balanca: grader.serie, data: '2026-12-01' },
      ],
    });
    const answer = await totais(portal(), account.token, `id=${grader.id}&ini=2026-11-01&fim=2026-11-30`);
    expect(answer.status).toBe(200);
    const zero = (box: number) => ({ box, desc: GRADER_CATEGORIES[box - 1], aves: 0, peso_total: 0, pm: null, percent: 0 });
    expect(withoutStats(answer.body)).toEqual({
      device_id: grader.id,
      serie: grader.serie,
      ini: '2026-11-01',
      fim: '2026-11-30',
      categorias: [
        zero(1),
        { box: 2, desc: 'SL', aves: 1, peso_total: 1300, pm: 1300, percent: 25 },
        // 3020.5 / 2 = 1510.25 → 1510.3 (half away from zero).
        { box: 3, desc: 'Light', aves: 2, peso_total: 3020.5, pm: 1510.3, percent: 50 },
        zero(4),
        zero(5),
        { box: 6, desc: 'Heavy', aves: 1, peso_total: 2400, pm: 2400, percent: 25 },
        zero(7),
      ],
      // 6720.5 / 4 = 1680.125 → 1680.1.
      total: { aves: 4, peso_total: 6720.5, pm: 1680.1 },
    });
    // Before grading, the 4 birds together: band 1512.11–1848.14 g (mean 1680.125 ± 10 %), only 1520.5 inside.
    expect(answer.body.total.stats).toMatchObject({ totalAves: 4, pesoTotal: 6720.5, pesoMedio: 1680.1, qtdUniforme: 1, qtdAcima: 1, qtdAbaixo: 2, uni: 25, maiorPeso: 2400, menorPeso: 1300 });
    // After: Light alone, 1500 and 1520.5 g, both inside its band; a deviation of 20.5/√2 = 14.5 g.
    expect(answer.body.categorias[2]!.stats).toMatchObject({ totalAves: 2, pesoMedio: 1510.3, desvioP: 14.5, uni: 100, qtdUniforme: 2 });
    expect(answer.body.categorias[0]!.stats).toEqual(computeStats([]));
    const empty = await totais(portal(), account.token, `id=${grader.id}&ini=2025-01-01&fim=2025-01-31`);
    expect(empty.body.total).toEqual({ aves: 0, peso_total: 0, pm: null, stats: computeStats([]) });
    expect(empty.body.categorias.every((categoria) => categoria.aves === 0 && categoria.percent === 0)).toBe(true);
  });

  it('gives each category and the whole population (lote_id: one flock) statistics equal to an independent computation', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const grader = await createDevice(portal(), account, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: farm.id });
    const [loteA, loteB] = [await createLote(portal(), account, farm), await createLote(portal(), account, farm)];
    // The grader's categories, a house name no grader writes and another scale: only the first count.
    const generated = (seed: number, n: number) =>
      generatedWeighings(seed, n, { aviarios: [...GRADER_CATEGORIES, 'Aviário 1'], series: [grader.serie, grader.serie, 'BAL-OTHER'], cv: 14 });
    const rowsA = generated(71, 3000);
    const rowsB = generated(72, 1500);
    await createPesagens(portal(), account, { nucleo: farm, lote: loteA, rows: rowsA });
    await createPesagens(portal(), account, { nucleo: farm, lote: loteB, rows: rowsB });
    const graded = (rows: readonly PesagemInput[]) => rows.filter((row) => row.serie_balanca === grader.serie && (GRADER_CATEGORIES as readonly string[]).includes(row.aviario!));

    for (const [query, rows] of [
      [`&lote_id=${loteA.id}`, graded(rowsA)],
      ['', graded([...rowsA, ...rowsB])],
    ] as const) {
      const answer = await totais(portal(), account.token, `id=${grader.id}&ini=2026-11-01&fim=2026-11-30${query}`);
      expect(answer.status).toBe(200);
      const { categorias, total } = answer.body;
      expect(total.stats).toEqual(expectedStats(rows));
      expect(total.stats.totalAves).toBeGreaterThan(1000);
      expect(total).toMatchObject({ aves: total.stats.totalAves, peso_total: total.stats.pesoTotal, pm: total.stats.pesoMedio });
      for (const categoria of categorias) {
        const own = rows.filter((row) => row.aviario === categoria.desc);
        expect(own.length).toBeGreaterThan(0);
        expect(categoria.stats).toEqual(expectedStats(own));
        expect(categoria).toMatchObject({ aves: own.length, peso_total: categoria.stats.pesoTotal, pm: categoria.stats.pesoMedio });
        expect(categoria.percent).toBe(Math.round((own.length * 10_000) / rows.length) / 100);
      }
    }
    // A flock the grader has not weighed in the period: every figure empty.
    const other = await createLote(portal(), account, farm);
    expect((await totais(portal(), account.token, `id=${grader.id}&ini=2026-11-01&fim=2026-11-30&lote_id=${other.id}`)).body.total.stats).toEqual(computeStats([]));
  });

  it('refuses a flock that is not the owner’s or out of a grant’s reach (404) and a malformed lote_id (400)', async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const reader = await createAccount(portal());
    const farmA = await createNucleo(portal(), owner);
    const farmB = await createNucleo(portal(), owner);
    const grader = await createDevice(portal(), owner, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: farmA.id });
    const loteA = await createLote(portal(), owner, farmA);
    const loteB = await createLote(portal(), owner, farmB);
    const strangerFarm = await createNucleo(portal(), stranger);
    const strangerLote = await createLote(portal(), stranger, strangerFarm);
    await createPesagens(portal(), owner, { nucleo: farmA, lote: loteA, rows: [{ peso: 1000, aviario: 'Light', serie_balanca: grader.serie }] });
    // The same grader's serial on the other farm (a grader moved): out of the reader's reach.
    await createPesagens(portal(), owner, { nucleo: farmB, lote: loteB, rows: [{ peso: 3000, aviario: 'Heavy', serie_balanca: grader.serie }] });
    const period = `id=${grader.id}&ini=2026-11-01&fim=2026-11-30`;

    expect((await totais(portal(), owner.token, `${period}&lote_id=${strangerLote.id}`)).status).toBe(404);
    expect((await totais(portal(), stranger.token, `${period}&lote_id=${strangerLote.id}`)).status).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '']) {
      const answer = await totais(portal(), owner.token, `${period}&lote_id=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errors: [expect.objectContaining({ field: 'lote_id' })] });
    }
    expect((await totais(portal(), owner.token, `${period}&lote_id=${loteB.id}`)).body.total.aves).toBe(1);
    expect((await totais(portal(), owner.token, period)).body.total.aves).toBe(2);

    await grantAccess(portal(), owner, reader, 'leitura', [farmA.id]);
    const asReader = (query: string) => totais(portal(), reader.token, `${period}&prop=${owner.user.id}${query}`);
    expect((await asReader(`&lote_id=${loteB.id}`)).status).toBe(404);
    const inReach = await asReader(`&lote_id=${loteA.id}`);
    expect(inReach.status).toBe(200);
    expect(inReach.body.total.stats).toMatchObject({ totalAves: 1, pesoMedio: 1000 });
    expect((await asReader('')).body.total.stats).toMatchObject({ totalAves: 1, pesoTotal: 1000 });
  });

  it('answers 404 for a device that is not a grader or not the owner’s, and 400 for a bad period', async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const grader = await createDevice(portal(), owner, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: farm.id });
    const scale = await createDevice(portal(), owner, { modelo: 'CS', nucleo_id: farm.id });
    const get = (token: string, query: string) => totais(portal(), token, query);
    const period = 'ini=2026-11-01&fim=2026-11-30';
    expect((await get(owner.token, `id=${scale.id}&${period}`)).status).toBe(404);
    expect((await get(stranger.token, `id=${grader.id}&${period}`)).status).toBe(404);
    expect((await get(stranger.token, `id=${grader.id}&${period}&prop=${owner.user.id}`)).status).toBe(404);
    const reversed = await get(owner.token, `id=${grader.id}&ini=2026-11-30&fim=2026-11-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toContainEqual(expect.objectContaining({ field: 'fim', code: 'DATE_RANGE_INVALID' }));
    expect((await get(owner.token, `id=${grader.id}&ini=2016-01-01&fim=2026-12-31`)).body.errors).toContainEqual(expect.objectContaining({ code: 'FIELD_OUT_OF_RANGE' }));
    expect((await get(owner.token, `id=${grader.id}&ini=30/11/2026&fim=2026-11-30`)).status).toBe(400);
    expect((await get(owner.token, `id=abc&${period}`)).status).toBe(400);
  });

  it('getuniestrutura lists farm → flock → house with the graders of each farm, and only farms in reach', async () => {
    const owner = await createAccount(portal());
    const reader = await createAccount(portal());
    const farm = await createNucleo(portal(), owner, { nome: 'Granja 2' });
    const other = await createNucleo(portal(), owner, { nome: 'Granja 10' });
    const grader = await createDevice(portal(), owner, { modelo: 'SELAUTO', chip_id: 'AB12', nucleo_id: farm.id, nome: 'Seletora' });
    await createDevice(portal(), owner, { modelo: 'CS', nucleo_id: farm.id });
    const lote = await createLote(portal(), owner, farm, { codigo: 'L-1', aviarios: [farm.aviarios[1]!.id, farm.aviarios[0]!.id] });
    const answer = await portal().request<UniEstrutura>('GET', '/api/getuniestrutura', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: farm.id,
        nome: 'Granja 2',
        seletoras: [{ id: grader.id, serie: grader.serie, nome: 'Seletora' }],
        lotes: [{ id: lote.id, codigo: 'L-1', situacao: 'ativo', aviarios: farm.aviarios.map(({ id, nome }) => ({ id, nome })) }],
      },
      { id: other.id, nome: 'Granja 10', seletoras: [], lotes: [] },
    ]);
    await grantAccess(portal(), owner, reader, 'leitura', [other.id]);
    const limited = await portal().request<UniEstrutura>('GET', `/api/getuniestrutura?prop=${owner.user.id}`, { token: reader.token });
    expect(limited.body.map((nucleo) => nucleo.nome)).toEqual(['Granja 10']);
  });
});

describeEachDialect('dashboard (usrstats)', (portal) => {
  it('shows each active flock’s latest weighing day, daily gain, % of standard and growth curve (hand-computed)', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Sol' });
    const padrao = await createPadrao(portal(), account, { pontos: [{ idade: 20, peso: 900 }, { idade: 30, peso: 1500 }] });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-5', data_alojamento: '2026-10-12', padrao_id: padrao.id });
    const closed = await createLote(portal(), account, farm, { codigo: 'L-0', data_alojamento: '2026-08-01', data_encerramento: '2026-09-15' });
    await createDevice(portal(), account, { modelo: 'CS', nucleo_id: farm.id });
    const lastDay = [1350, 1400, 1420.5];
    await createPesagens(portal(), account, {
      nucleo: farm,
      lote,
      rows: [
        // Age 21: mean 960, standard 900 + 600·1/10 = 960.
        { data: '2026-11-02', peso: 950 },
        { data: '2026-11-02', peso: 970 },
        // Age 28: mean 4170.5 / 3 = 1390.17, standard 1380; gain (1390.167 − 960) / 7 = 61.45.
        ...lastDay.map((peso, index) => ({ data: '2026-11-09', peso, score: index === 0 ? 2 : null })),
      ],
    });
    await createPesagens(portal(), account, { nucleo: farm, lote: closed, rows: [{ data: '2026-09-01', peso: 2000 }] });

    const answer = await portal().request<UsrStats>('GET', '/api/usrstats', { token: account.token });
    expect(answer.status).toBe(200);
    expect(answer.body.contagens).toEqual({ nucleos: 1, lotesAtivos: 1, dispositivos: 1, pesagens: 6 });
    const stats = computeStats(lastDay.map((peso) => Math.round(peso * 10)));
    expect(answer.body.lotes).toEqual([
      {
        lote_id: lote.id,
        codigo: 'L-5',
        nome_nucleo: 'Granja Sol',
        idade: daysBetween('2026-10-12', localDate(Date.now(), -3)),
        ultima: {
          data: '2026-11-09',
          idade: 28,
          pesoMedio: 1390.2,
          uni: stats.uni,
          cv: stats.cv,
          totalAves: 3,
          ganhoDiario: 61.5,
          // 1390.1667 / 1380 = 100.737 %.
          percentPadrao: 100.74,
        },
        curva: [
          { data: '2026-11-02', idade: 21, pesoMedio: 960, padrao: 960 },
          { data: '2026-11-09', idade: 28, pesoMedio: 1390.2, padrao: 1380 },
        ],
      },
    ]);
  });

  it('uses the rows’ ages without a placement date, has no gain with one day, and limits a farm grant', async () => {
    const owner = await createAccount(portal());
    const reader = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farmA = await createNucleo(portal(), owner, { nome: 'A' });
    const farmB = await createNucleo(portal(), owner, { nome: 'B' });
    const loteA = await createLote(portal(), owner, farmA, { codigo: 'A1', data_alojamento: null });
    await createLote(portal(), owner, farmB, { codigo: 'B1' });
    await createPesagens(portal(), owner, { nucleo: farmA, lote: loteA, rows: [{ peso: 1000, idade_lote: 24 }] });

    const own = await portal().request<UsrStats>('GET', '/api/usrstats', { token: owner.token });
    expect(own.body.lotes.map((tile) => tile.codigo)).toEqual(['A1', 'B1']);
    expect(own.body.lotes[0]).toMatchObject({ idade: null, ultima: { idade: 24, ganhoDiario: null, percentPadrao: null, pesoMedio: 1000 }, curva: [{ idade: 24, pesoMedio: 1000, padrao: null }] });
    expect(own.body.lotes[1]).toMatchObject({ ultima: null, curva: [] });

    await grantAccess(portal(), owner, reader, 'leitura', [farmB.id]);
    const limited = await portal().request<UsrStats>('GET', `/api/usrstats?prop=${owner.user.id}`, { token: reader.token });
    expect(limited.body.contagens).toEqual({ nucleos: 1, lotesAtivos: 1, dispositivos: 0, pesagens: 0 });
    expect(limited.body.lotes.map((tile) => tile.codigo)).toEqual(['B1']);
    expect((await portal().request('GET', `/api/usrstats?prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    const empty = await portal().request<UsrStats>('GET', '/api/usrstats', { token: stranger.token });
    expect(empty.body).toEqual({ contagens: { nucleos: 0, lotesAtivos: 0, dispositivos: 0, pesagens: 0 }, lotes: [] });
  });
});

describeEachDialect('records with weighings cannot be deleted', (portal) => {
  it('refuses to delete a farm or a flock that has weighings (RECORD_IN_USE), and allows it once they are gone', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const farmOnly = await createNucleo(portal(), account);
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: [{ peso: 1000 }] });
    await createPesagens(portal(), account, { nucleo: farmOnly, rows: [{ peso: 1000 }] });

    const delLote = await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } });
    expect(delLote.status).toBe(409);
    expect(delLote.body.code).toBe('RECORD_IN_USE');
    const delFarm = await portal().request('POST', '/api/delnucleo', { token: account.token, body: { idnucleo: farmOnly.id } });
    expect(delFarm.status).toBe(409);
    expect(delFarm.body.code).toBe('RECORD_IN_USE');
    const count = async () => Number((await portal().database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', account.user.id).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(2);

    await portal().database.db.deleteFrom('pesagens').where('owner_id', '=', account.user.id).execute();
    expect((await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } })).status).toBe(200);
    expect((await portal().request('POST', '/api/delnucleo', { token: account.token, body: { idnucleo: farmOnly.id } })).status).toBe(200);
  });
});
