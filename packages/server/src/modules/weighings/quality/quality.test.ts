import { computeStats, histogram, QUALIDADE_PADRAO, type AvesPesosResponse, type Descartadas, type Lote, type Qualidade } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { createNucleo, grantAccess } from '../../../test/factories/farms.js';
import { createLote } from '../../../test/factories/flocks.js';
import { createPadrao } from '../../../test/factories/standards.js';
import { createPesagens, generatedWeighings, gramsToDecigrams, type PesagemInput } from '../../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../../test/harness.js';
import { testServices } from '../../../test/services.js';

/**
 * Weighing quality on both databases (issue 20, docs/quality.md). The flock: placed 2026-11-01 on the
 * factory standard (age 7: 208 g, age 14: 519 g). Day 1 (age 7, the standard: 208 g → window
 * [145.6, 239.2], two birds [353.6, 478.4]): 99 birds 195–205 g (mean 200 g), one on each edge,
 * 5 injected doubles, 3 partial birds (box 2), 3 too heavy. Day 2 (age 10): the previous accepted
 * mean + the standard's gain (341.3 − 208 = 133.3 g): (201 848 + 101 × 1 333) / 101 = 3 331.49 dg
 * → 333.1 g, window [233.2, 383.0], two birds [566.3, 766.1]: 99 birds 328–338 g, 4 doubles, 2 partial.
 */
const DAY1 = '2026-11-08';
const DAY2 = '2026-11-11';
const normal = (center: number, data: string) => Array.from({ length: 99 }, (_, i): PesagemInput => ({ peso: center + (i % 11) - 5, data, serie_balanca: 'BAL-A' }));
const DAY1_EDGES: PesagemInput[] = [145.6, 239.2].map((peso) => ({ peso, data: DAY1, serie_balanca: 'BAL-A' }));
const DAY1_DOUBLES = [400, 410, 420, 380, 450];
const DAY1_PARTIAL = [60, 90, 100];
const DAY1_HEAVY = [250, 300, 500];
const flaggedDay1 = (pesos: number[], box = '1') => pesos.map((peso): PesagemInput => ({ peso, data: DAY1, serie_balanca: 'BAL-B', box }));
const DAY2_DOUBLES = [660, 670, 680, 700];
const DAY2_PARTIAL = [80, 120];

function flockRows(): { rows: PesagemInput[]; accepted: PesagemInput[] } {
  const day1Accepted = [...normal(200, DAY1), ...DAY1_EDGES];
  const day2Accepted = normal(333, DAY2);
  const rows = [
    ...day1Accepted, ...flaggedDay1(DAY1_DOUBLES), ...flaggedDay1(DAY1_PARTIAL, '2'), ...flaggedDay1(DAY1_HEAVY),
    ...day2Accepted, ...[...DAY2_DOUBLES, ...DAY2_PARTIAL].map((peso): PesagemInput => ({ peso, data: DAY2, serie_balanca: 'BAL-A' })),
  ];
  // Every bird its own second, in the order written: the audit lists them by time.
  rows.forEach((row, index) => (row.hora = `08:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`));
  return { rows, accepted: [...day1Accepted, ...day2Accepted] };
}

const dg = (rows: readonly PesagemInput[]) => rows.map((row) => gramsToDecigrams(row.peso));
const onDay = (rows: readonly PesagemInput[], data: string) => rows.filter((row) => row.data === data);

describeEachDialect('weighing quality', (portal) => {
  const get = <T>(account: TestAccount, path: string) => portal().request<T>('GET', `/api/${path}`, { token: account.token });
  const post = <T>(account: TestAccount, call: string, body: Record<string, unknown>) => portal().request<T>('POST', `/api/${call}`, { token: account.token, body });
  const report = (account: TestAccount, body: Record<string, unknown> = {}) => post<AvesPesosResponse>(account, 'avespesos', { inicio: '2026-11-01', fim: '2026-11-30', ...body });
  const settings = (lote: Lote, extra: Record<string, unknown> = {}) => ({ lote_id: lote.id, ...QUALIDADE_PADRAO, ...extra });

  async function setup(p: TestPortal) {
    const owner = await createAccount(p);
    const farm = await createNucleo(p, owner);
    const padrao = await createPadrao(p, owner);
    const lote = await createLote(p, owner, farm, { data_alojamento: '2026-11-01', padrao_id: padrao.id });
    const { rows, accepted } = flockRows();
    await createPesagens(p, owner, { nucleo: farm, lote, rows });
    return { owner, farm, lote, rows, accepted };
  }

  it('getqualidade: the defaults, each day window and counts by reason, each scale score; the audit lists the injected birds exactly', async () => {
    const { owner, lote } = await setup(portal());
    const answer = await get<Qualidade>(owner, `getqualidade?lote_id=${lote.id}&df=2026-11-30`);
    expect(answer.status).toBe(200);
    expect(answer.body.config).toEqual(settings(lote));
    expect(answer.body).toMatchObject({ lote_id: lote.id, codigo: lote.codigo, di: '2026-11-01', df: '2026-11-30' });
    expect(answer.body.dias).toEqual([
      { data: DAY1, idade: 7, sexo: 'Misto', referencia: 'padrao', esperado_g: 208, baixo_g: 145.6, alto_g: 239.2, dupla_baixo_g: 353.6, dupla_alto_g: 478.4, aves: 112, aceitas: 101, parcial: 3, dupla: 5, acima: 3 },
      { data: DAY2, idade: 10, sexo: 'Misto', referencia: 'media_anterior', esperado_g: 333.1, baixo_g: 233.2, alto_g: 383, dupla_baixo_g: 566.3, dupla_alto_g: 766.1, aves: 105, aceitas: 99, parcial: 2, dupla: 4, acima: 0 },
    ]);
    expect(answer.body.balancas).toEqual([
      {
        serie_balanca: 'BAL-A',
        dias: [
          { data: DAY1, aves: 101, aceitas: 101, aceitas_pct: 100, nota: 100 },
          // 99 / 105 = 94.2857…
          { data: DAY2, aves: 105, aceitas: 99, aceitas_pct: 94.29, nota: 94.3 },
        ],
      },
      { serie_balanca: 'BAL-B', dias: [{ data: DAY1, aves: 11, aceitas: 0, aceitas_pct: 0, nota: 0 }] },
    ]);

    const doubles = await get<Descartadas>(owner, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY1}&motivo=dupla`);
    expect(doubles.status).toBe(200);
    expect(doubles.body.total).toBe(5);
    expect(doubles.body.pesagens.map((row) => row.peso)).toEqual(DAY1_DOUBLES);
    expect(doubles.body.pesagens[0]).toMatchObject({ motivo: 'dupla', esperado_g: 208, serie_balanca: 'BAL-B', sexo: 'Misto', box: '1' });
    const all = await get<Descartadas>(owner, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY1}`);
    expect(all.body.total).toBe(11);
    expect(all.body.pesagens.map((row) => [row.peso, row.motivo])).toEqual([
      ...DAY1_DOUBLES.map((peso) => [peso, 'dupla']), ...DAY1_PARTIAL.map((peso) => [peso, 'parcial']), ...DAY1_HEAVY.map((peso) => [peso, 'acima']),
    ]);
    const hours = all.body.pesagens.map((row) => row.hora);
    expect(hours).toEqual([...hours].sort());
    expect((await get<Descartadas>(owner, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY1}&serie_balanca=BAL-A`)).body.total).toBe(0);
    expect((await get<Descartadas>(owner, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY2}&motivo=parcial`)).body.pesagens.map((row) => row.peso)).toEqual(DAY2_PARTIAL);
  });

  it('avespesos: filter off equals the exact oracle; on, flagged birds leave every statistic and are counted per level; another window accepts what the hand computation says', async () => {
    const { owner, lote, rows, accepted } = await setup(portal());
    const off = await report(owner);
    expect(off.status).toBe(200);
    expect(off.body.total).toEqual(computeStats(dg(rows), rows.map(() => null)));
    expect(off.body.qualidade).toBeNull();
    for (const grupo of off.body.grupos) {
      expect(grupo.stats).toEqual(computeStats(dg(onDay(rows, grupo.data))));
      const levels = [grupo.qualidade, grupo.janela, ...grupo.categorias.flatMap((c) => [c.qualidade, ...c.lados.flatMap((l) => [l.qualidade, ...l.boxes.map((b) => b.qualidade)])])];
      expect(levels.length).toBeGreaterThanOrEqual(5);
      expect(levels.every((level) => level === null)).toBe(true);
    }

    expect((await post(owner, 'setqualidadeconfig', settings(lote, { ativo: true }))).status).toBe(200);
    const on = await report(owner);
    expect(on.body.total).toEqual(computeStats(dg(accepted)));
    expect(on.body.qualidade).toEqual({ aceitas: 200, parcial: 5, dupla: 9, acima: 3 });
    const [first, second] = on.body.grupos;
    expect(first!.stats).toEqual(computeStats(dg(onDay(accepted, DAY1))));
    expect(first!.qualidade).toEqual({ aceitas: 101, parcial: 3, dupla: 5, acima: 3 });
    expect(first!.janela).toEqual({ referencia: 'padrao', esperado_g: 208, baixo_g: 145.6, alto_g: 239.2, dupla_baixo_g: 353.6, dupla_alto_g: 478.4 });
    const [lado] = first!.categorias[0]!.lados;
    expect(first!.categorias[0]!.qualidade).toEqual(first!.qualidade);
    expect(lado!.qualidade).toEqual(first!.qualidade);
    const [box1, box2] = lado!.boxes;
    expect(box1!.qualidade).toEqual({ aceitas: 101, parcial: 0, dupla: 5, acima: 3 });
    expect(box1!.histograma).toEqual(histogram(dg(onDay(accepted, DAY1)), box1!.stats.pesoMedio));
    expect(box2!.qualidade).toEqual({ aceitas: 0, parcial: 3, dupla: 0, acima: 0 });
    expect(box2!.stats.totalAves).toBe(0);
    expect(second!.stats).toEqual(computeStats(dg(onDay(accepted, DAY2))));
    expect(second!.janela?.esperado_g).toBe(333.1);

    // −2 % / +2 %: day 1 [203.9, 212.1] keeps the 18 birds of 204 and 205 g (mean 204.5 g); day 2
    // expects 204.5 + 133.3 = 337.8 g → [331.1, 344.5]: the birds of 332 to 338 g, 63 of them.
    const narrow = await report(owner, { janela: { abaixo_pct: 2, acima_pct: 2 } });
    const expectDay1 = onDay(accepted, DAY1).filter((row) => row.peso >= 203.9 && row.peso <= 212.1);
    const expectDay2 = onDay(accepted, DAY2).filter((row) => row.peso >= 331.1 && row.peso <= 344.5);
    expect(expectDay1).toHaveLength(18);
    expect(expectDay2).toHaveLength(63);
    expect(narrow.body.grupos[0]!.stats).toEqual(computeStats(dg(expectDay1)));
    expect(narrow.body.grupos[1]!.stats).toEqual(computeStats(dg(expectDay2)));
    expect(narrow.body.grupos[1]!.janela).toMatchObject({ esperado_g: 337.8, baixo_g: 331.1, alto_g: 344.5 });
    // Below: the 81 birds of 195–203 g, the 3 partial ones and 145.6 g; above: 239.2 g and the 3 heavy ones;
    // the doubles keep the flock's own tolerance: [353.6, 478.4] still.
    expect(narrow.body.grupos[0]!.qualidade).toEqual({ aceitas: 18, parcial: 3 + 81 + 1, dupla: 5, acima: 3 + 1 });
  });

  it('flockWeights (getdesempenho, getprevisao) and the sex split\'s mixed weights: accepted birds only while the filter is on, as before while it is off', async () => {
    const { owner, lote, rows, accepted } = await setup(portal());
    const { weighings } = testServices(portal());
    const scope = { ownerId: owner.user.id, actorId: owner.user.id, nivel: 'proprietario' as const, nucleos: null };
    const mixed = async () => [...(await weighings.mixedWeights(scope, { lote_id: lote.id, data: DAY1 }))].sort((a, b) => a - b);
    const sorted = (list: readonly PesagemInput[]) => dg(list).sort((a, b) => a - b);
    expect(await mixed()).toEqual(sorted(onDay(rows, DAY1)));
    const sum = (list: readonly PesagemInput[]) => dg(list).reduce((a, b) => a + b, 0);
    const whole = async () => (await weighings.flockWeights(owner.user.id, lote.id, '2026-11-30')).find((group) => group.grupo === 'lote')!;
    const before = await whole();
    expect(before.dias).toEqual([DAY1, DAY2].map((data) => ({ data, aves: onDay(rows, data).length, peso_dg: sum(onDay(rows, data)) })));
    expect(before.ultima).toEqual(computeStats(dg(onDay(rows, DAY2)), new Map()));

    await post(owner, 'setqualidadeconfig', settings(lote, { ativo: true }));
    const after = await whole();
    expect(after.dias).toEqual([DAY1, DAY2].map((data) => ({ data, aves: onDay(accepted, data).length, peso_dg: sum(onDay(accepted, data)) })));
    expect(after.ultima).toEqual(computeStats(dg(onDay(accepted, DAY2)), new Map()));
    const house = (await weighings.flockWeights(owner.user.id, lote.id, '2026-11-30')).find((group) => group.grupo === 'aviario')!;
    expect(house.dias).toEqual(after.dias);
    expect(await mixed()).toEqual(sorted(onDay(accepted, DAY1)));
  });

  it('a flock without a standard: the first day has no reference (all accepted), the next is judged by its mean', async () => {
    const owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm, { data_alojamento: '2026-11-01' });
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows: [...normal(200, DAY1), { peso: 30, data: DAY1 }, ...normal(200, DAY2), { peso: 400, data: DAY2 }] });
    const answer = await get<Qualidade>(owner, `getqualidade?lote_id=${lote.id}&df=2026-11-30`);
    const [first, second] = answer.body.dias;
    expect(first).toMatchObject({ referencia: 'sem_referencia', esperado_g: null, aves: 100, aceitas: 100, parcial: 0 });
    // (99 × 2000 + 300) / 100 = 1983 dg; no gain known: 198.3 g, two birds from ⌈3966 × 0.85⌉.
    expect(second).toMatchObject({ referencia: 'media_anterior', esperado_g: 198.3, baixo_g: 138.9, alto_g: 228, aves: 100, aceitas: 99, dupla: 1 });
  });

  it('with the filter off and no window, a generated season reports as the exact oracle', async () => {
    const owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const padrao = await createPadrao(portal(), owner);
    const lote = await createLote(portal(), owner, farm, { data_alojamento: '2026-10-20', padrao_id: padrao.id });
    const rows = generatedWeighings(20, 3000, { erroRate: 0.1 });
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows });
    const answer = await report(owner);
    expect(answer.body.total).toEqual(computeStats(dg(rows), rows.map((row) => row.score ?? null)));
    expect(answer.body.qualidade).toBeNull();
    expect(answer.body.grupos.every((grupo) => grupo.qualidade === null && grupo.janela === null)).toBe(true);
    // The same flock judged: fewer birds, every one of them counted once.
    const judged = await report(owner, { janela: { abaixo_pct: 30, acima_pct: 15 } });
    const counts = judged.body.qualidade!;
    expect(counts.aceitas + counts.parcial + counts.dupla + counts.acima).toBe(rows.length);
    expect(judged.body.total.totalAves).toBe(counts.aceitas);
  });

  it('setqualidadeconfig: round trip, bad input refused with nothing stored, read-only grantee 403, another account 404', async () => {
    const { owner, lote } = await setup(portal());
    const custom = settings(lote, { ativo: true, abaixo_pct: 25, acima_pct: 20, dupla_tolerancia_pct: 10, referencia: 'padrao', pesagens_dia_meta: 250 });
    const saved = await post(owner, 'setqualidadeconfig', custom);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(custom);
    expect((await get<Qualidade>(owner, `getqualidade?lote_id=${lote.id}`)).body.config).toEqual(custom);

    for (const bad of [{ abaixo_pct: 0 }, { acima_pct: 91 }, { dupla_tolerancia_pct: 46 }, { referencia: 'ontem' }, { pesagens_dia_meta: 0 }, { abaixo_pct: 10.5 }, { ativo: 'sim' }]) {
      const refused = await post<{ code: string }>(owner, 'setqualidadeconfig', { ...custom, ativo: false, ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await get<Qualidade>(owner, `getqualidade?lote_id=${lote.id}`)).body.config).toEqual(custom);
    expect((await get(owner, `getqualidade?lote_id=${lote.id}&di=2026-11-20&df=2026-11-10`)).status).toBe(400);

    const reader = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura');
    expect((await get(reader, `getqualidade?lote_id=${lote.id}&prop=${owner.user.id}`)).status).toBe(200);
    expect((await get(reader, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY1}&prop=${owner.user.id}`)).status).toBe(200);
    expect((await post(reader, 'setqualidadeconfig', { ...custom, ativo: false, prop: owner.user.id })).status).toBe(403);

    const other = await createAccount(portal());
    expect((await get(other, `getqualidade?lote_id=${lote.id}`)).status).toBe(404);
    expect((await get(other, `getpesagensdescartadas?lote_id=${lote.id}&data=${DAY1}`)).status).toBe(404);
    expect((await post(other, 'setqualidadeconfig', { ...custom, ativo: false })).status).toBe(404);
    expect((await get<Qualidade>(owner, `getqualidade?lote_id=${lote.id}`)).body.config).toEqual(custom);
  });
});
