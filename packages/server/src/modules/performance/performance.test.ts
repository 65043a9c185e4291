import { computeStats, type Comparativo, type Desempenho, type Lote, type Nucleo } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/**
 * getdesempenho and getcomparativo over HTTP on a worked flock whose every figure is computed by
 * hand below (docs/performance.md, "Worked flock"), and a ranking of flocks closed out.
 */
const PLACEMENT = '2026-03-01';
/** Age 37. */
const AS_OF = '2026-04-07';
/** (0, 42), (7, 190), (35, 2 200), (42, 2 900) with the cumulative mortality curve. */
const POINTS = [
  { idade: 0, peso: 42, mortalidade_pct: 0 },
  { idade: 7, peso: 190, mortalidade_pct: 1 },
  { idade: 35, peso: 2200, mortalidade_pct: 3.5 },
  { idade: 42, peso: 2900, mortalidade_pct: 4.2 },
];
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

async function diario(portal: TestPortal, account: TestAccount, body: Record<string, unknown>) {
  const answer = await portal.request('POST', '/api/registerdiario', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerdiario failed: ${JSON.stringify(answer.body)}`);
}

async function closeOut(portal: TestPortal, account: TestAccount, body: Record<string, unknown>): Promise<Lote> {
  const answer = await portal.request<Lote>('POST', '/api/registerfechamento', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerfechamento failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describeEachDialect('flock performance', (portal) => {
  let owner: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  const [house1Weights35, house1Weights37, house2Weights37] = [
    [2100, 2200],
    [2207, 2307],
    [2257, 2257],
  ];

  beforeAll(async () => {
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    const padrao = await createPadrao(portal(), owner, { pontos: POINTS });
    const houses = farm.aviarios.map((house) => house.id);
    lote = await createLote(portal(), owner, farm, { aviarios: houses, data_alojamento: PLACEMENT, aves_misto: 20_000, padrao_id: padrao.id });
    // Losses: house 1 290 dead + 100 culled on day 1 and 10 dead on day 37; house 2 300 + 100 on day 4.
    await diario(portal(), owner, { lote_id: lote.id, aviario_id: houses[0], data: '2026-03-02', mortalidade: [{ causa: 'morte_subita', aves: 290 }], eliminados: 100 });
    await diario(portal(), owner, { lote_id: lote.id, aviario_id: houses[1], data: '2026-03-05', mortalidade: [{ causa: 'ascite', aves: 300 }], eliminados: 100 });
    await diario(portal(), owner, { lote_id: lote.id, aviario_id: houses[0], data: '2026-04-06', agua_l: 36_000 });
    await diario(portal(), owner, { lote_id: lote.id, aviario_id: houses[0], data: AS_OF, mortalidade: [{ causa: 'morte_subita', aves: 10 }] });
    // Feed: one silo without a scale serving both houses, 70 000 kg eaten (its consumption movements).
    const silo = await createSilo(portal(), owner, farm, { aviarios: houses, capacidade_kg: 100_000 });
    await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'entrada', data: PLACEMENT, quantidade_kg: 70_000 });
    for (const [data, kg] of [['2026-03-10', 20_000], ['2026-03-25', 30_000], ['2026-04-06', 20_000]] as const) {
      await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'consumo', data, quantidade_kg: kg });
    }
    const rows = [
      ...house1Weights35.map((peso) => ({ peso, data: '2026-04-05', aviario: 'Aviário 1', sexo: 'M' })),
      ...house1Weights37.map((peso) => ({ peso, data: AS_OF, aviario: 'Aviário 1', sexo: 'M' })),
      ...house2Weights37.map((peso) => ({ peso, data: AS_OF, aviario: 'Aviário 2', sexo: 'F' })),
    ];
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows });
  });

  it('gives the worked flock its hand-computed indicators', async () => {
    const answer = await portal().request<Desempenho>('GET', `/api/getdesempenho?lote_id=${lote.id}&data=${AS_OF}`, { token: owner.token });
    expect(answer.status).toBe(200);
    const { geral, entradas } = answer.body;
    expect(answer.body.idade).toBe(37);
    // 20 000 − 600 dead − 200 culled
    expect(geral).toMatchObject({ aves_alojadas: 20_000, aves_vivas: 19_200, mortos: 600, eliminados: 200, viabilidade_pct: 96, mortalidade_pct: 4 });
    // the day's 10 of the 19 210 alive that morning
    expect(geral.mortalidade_dia_pct).toBe(round((10 / 19_210) * 100, 2));
    // the standard's 3.5 % at 35 d and 4.2 % at 42 d, straight between: 3.5 + 0.7 × 2/7
    expect(geral.mortalidade_padrao_pct).toBe(3.7);
    // means: (2 100 + 2 200)/2 = 2 150 on day 35; (2 207 + 2 307 + 2 257 × 2)/4 = 2 257 on day 37
    expect(geral.peso_medio_g).toBe(2257);
    expect(geral.data_pesagem).toBe(AS_OF);
    expect(geral.aves_pesadas).toBe(4);
    expect(geral.ganho_diario_g).toBe(53.5);
    // (2 257 − 42 at age 0) / 37 = 59.86
    expect(geral.ganho_medio_g).toBe(59.9);
    // the standard at 37 d: 2 200 + 700 × 2/7 = 2 400
    expect(geral.pct_padrao).toBe(round((2257 / 2400) * 100, 2));
    // 35 + 57 × 7 / 700 = 35.57
    expect(geral.idade_peso).toBe(35.6);
    const stats = computeStats([...house1Weights37, ...house2Weights37].map((peso) => peso * 10));
    expect(geral.uniformidade_pct).toBe(stats.uni);
    expect(geral.cv_pct).toBe(stats.cv);
    // 70 000 kg / 19 200 birds; FCR 70 000 / (19 200 × 2.257); corrected at 2 500 g, 0.02 per 100 g
    const ca = 70_000 / (19_200 * 2.257);
    expect(geral.racao_kg).toBe(70_000);
    expect(geral.racao_por_ave_kg).toBe(round(70_000 / 19_200, 3));
    expect(geral.ca).toBe(round(ca, 3));
    expect(geral.ca_corrigida).toBe(round(ca + ((2500 - 2257) / 100) * 0.02, 3));
    // water 36 000 L on the one day with feed too (20 000 kg)
    expect(geral.agua_l).toBe(36_000);
    expect(geral.agua_racao).toBe(1.8);
    expect(geral.iep).toBe(round(((96 * 2.257) / (37 * ca)) * 100, 1));
    expect(entradas).toMatchObject({ peso_fonte: 'pesagem', racao_fonte: 'silos', peso_alojamento_g: 42, peso_referencia_g: 2500, pontos_100g: 0.02, dias_vividos: 38 });

    // Houses: placed split evenly; house 1 lost 290 + 100 + 10.
    const [house1, house2] = answer.body.aviarios;
    expect(house1).toMatchObject({ aviario_id: farm.aviarios[0]!.id, aves_alojadas: 10_000, aves_vivas: 9_600, viabilidade_pct: 96, peso_medio_g: 2257, ganho_diario_g: 53.5 });
    expect(house2).toMatchObject({ aviario_id: farm.aviarios[1]!.id, aves_alojadas: 10_000, aves_vivas: 9_600, peso_medio_g: 2257, ganho_diario_g: null });
    // Sexes as the weighings name them: weight indicators only.
    const macho = answer.body.sexos.find((line) => line.sexo === 'macho')!;
    expect(macho).toMatchObject({ peso_medio_g: 2257, ganho_diario_g: 53.5, iep: null, viabilidade_pct: null });
    expect(answer.body.sexos.find((line) => line.sexo === 'femea')?.peso_medio_g).toBe(2257);
    // Each sex's growth curve: its mean on each of its weighing days.
    expect(macho.curva).toEqual([
      { data: '2026-04-05', idade: 35, peso_medio_g: 2150 },
      { data: AS_OF, idade: 37, peso_medio_g: 2257 },
    ]);
    expect(answer.body.sexos.find((line) => line.sexo === 'femea')?.curva).toEqual([{ data: AS_OF, idade: 37, peso_medio_g: 2257 }]);

    // Every day from placement; the cumulative mortality climbs with the records.
    expect(answer.body.dias).toHaveLength(38);
    expect(answer.body.dias[1]).toMatchObject({ data: '2026-03-02', idade: 1, mortos: 290, eliminados: 100, aves_vivas: 19_610, mortalidade_acum_pct: 1.95 });
    expect(answer.body.dias[37]).toMatchObject({ data: AS_OF, peso_medio_g: 2257, padrao_g: 2400, aves_vivas: 19_200, mortalidade_acum_pct: 4 });
  });

  it('refuses a flock without a placement date, another account’s flock and a day before placement', async () => {
    const other = await createAccount(portal());
    expect((await portal().request('GET', `/api/getdesempenho?lote_id=${lote.id}`, { token: other.token })).status).toBe(404);
    const unplaced = await createLote(portal(), owner, farm, { data_alojamento: null });
    const missing = await portal().request('GET', `/api/getdesempenho?lote_id=${unplaced.id}`, { token: owner.token });
    expect([missing.status, missing.body.errors?.[0]?.code]).toEqual([400, 'FLOCK_DATE_MISSING']);
    const early = await portal().request('GET', `/api/getdesempenho?lote_id=${lote.id}&data=2026-02-01`, { token: owner.token });
    expect(early.status).toBe(400);
  });

  describe('rankings', () => {
    /** Four flocks closed out: birds delivered, kg delivered and feed (close-out) differ. */
    const plans = [
      { codigo: 'R-1', perdas: 500, aves: 19_500, kg: 19_500 * 2.8, racao: 19_500 * 2.8 * 1.7 },
      { codigo: 'R-2', perdas: 1_000, aves: 19_000, kg: 19_000 * 2.9, racao: 19_000 * 2.9 * 1.6 },
      { codigo: 'R-3', perdas: 400, aves: 19_600, kg: 19_600 * 2.7, racao: 19_600 * 2.7 * 1.65 },
      { codigo: 'R-4', perdas: 1_500, aves: 18_500, kg: 18_500 * 2.6, racao: 18_500 * 2.6 * 1.8 },
    ];
    let rankFarm: Nucleo;

    beforeAll(async () => {
      rankFarm = await createNucleo(portal(), owner);
      for (const plan of plans) {
        const flock = await createLote(portal(), owner, rankFarm, { codigo: plan.codigo, data_alojamento: '2026-05-01', aves_misto: 20_000 });
        await diario(portal(), owner, { lote_id: flock.id, aviario_id: rankFarm.aviarios[0]!.id, data: '2026-05-10', mortalidade: [{ causa: 'outras', aves: plan.perdas }] });
        await closeOut(portal(), owner, { lote_id: flock.id, data: '2026-06-12', aves_entregues: plan.aves, kg_entregues: round(plan.kg, 1), racao_kg: round(plan.racao, 1) });
      }
    });

    /** IEP by hand: livability × (kg ÷ birds delivered) ÷ (42 d × feed ÷ kg) × 100. */
    const iepOf = (plan: (typeof plans)[number]) => {
      const kg = round(plan.kg, 1);
      const ca = round(plan.racao, 1) / kg;
      return round((((20_000 - plan.perdas) / 20_000) * 100 * (kg / plan.aves)) / (42 * ca) * 100, 1);
    };

    it('ranks closed flocks by IEP with quartiles', async () => {
      const answer = await portal().request<Comparativo>('GET', `/api/getcomparativo?di=2026-06-01&df=2026-06-30&nucleo_id=${rankFarm.id}`, { token: owner.token });
      expect(answer.status).toBe(200);
      const expected = [...plans].sort((a, b) => iepOf(b) - iepOf(a));
      expect(answer.body.linhas.map((line) => line.nome)).toEqual(expected.map((plan) => plan.codigo));
      expect(answer.body.linhas.map((line) => line.iep)).toEqual(expected.map(iepOf));
      expect(answer.body.linhas.map((line) => [line.posicao, line.quartil])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4]]);
      expect(answer.body.linhas[0]!.idade).toBe(42);
      // No weighings: gain since placement from the delivered mean (no standard: the default 42 g at placement).
      const best = expected[0]!;
      expect(answer.body.linhas[0]!.ganho_medio_g).toBe(round(((round(best.kg, 1) * 1000) / best.aves - 42) / 42, 1));
      expect(answer.body.media.lotes).toBe(4);
      expect(answer.body.media.aves_alojadas).toBe(80_000);
      // equal placements: the bird-weighted mean is the plain mean of the four
      const livability = plans.map((plan) => ((20_000 - plan.perdas) / 20_000) * 100);
      expect(answer.body.media.viabilidade_pct).toBe(round(livability.reduce((a, b) => a + b) / 4, 2));

      // A hatchery's lot, closed on its hatch day in the period, is no grow-out: left out.
      const hatchery = await createNucleo(portal(), owner, { tipo: 'incubatorio' });
      const hatch = await createLote(portal(), owner, hatchery, { codigo: 'ECL-1', data_alojamento: '2026-05-20', aves_misto: 30_000 });
      await closeOut(portal(), owner, { lote_id: hatch.id, data: '2026-06-10', aves_entregues: 27_000, kg_entregues: 1_100 });
      const byFarm = await portal().request<Comparativo>('GET', `/api/getcomparativo?di=2026-06-01&df=2026-06-30&por=nucleo`, { token: owner.token });
      expect(byFarm.body.linhas.map((line) => [line.chave, line.lotes])).toEqual([[`nucleo:${rankFarm.id}`, 4]]);
    });

    it('refuses an end before the start, and filters by age', async () => {
      const answer = await portal().request('GET', '/api/getcomparativo?di=2026-06-30&df=2026-06-01', { token: owner.token });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('DATE_RANGE_INVALID');
      const young = await portal().request<Comparativo>('GET', '/api/getcomparativo?di=2026-06-01&df=2026-06-30&idade_max=40', { token: owner.token });
      expect(young.body.linhas).toEqual([]);
    });

    it('puts every owner a technician reaches side by side with todos=1, and only those', async () => {
      const second = await createAccount(portal());
      const secondFarm = await createNucleo(portal(), second);
      const flock = await createLote(portal(), second, secondFarm, { codigo: 'S-1', data_alojamento: '2026-05-01', aves_misto: 10_000 });
      await closeOut(portal(), second, { lote_id: flock.id, data: '2026-06-12', aves_entregues: 9_800, kg_entregues: 27_000, racao_kg: 45_000 });
      const technician = await createAccount(portal());
      await grantAccess(portal(), owner, technician, 'leitura', [rankFarm.id]);
      await grantAccess(portal(), second, technician, 'leitura');
      const both = await portal().request<Comparativo>('GET', '/api/getcomparativo?di=2026-06-01&df=2026-06-30&todos=1&por=proprietario', { token: technician.token });
      expect(both.status).toBe(200);
      expect(both.body.linhas.map((line) => line.proprietario.id).sort()).toEqual([owner.user.id, second.user.id].sort());
      // The grant over one farm of the first owner: its four flocks, not the worked flock's farm.
      expect(both.body.linhas.find((line) => line.proprietario.id === owner.user.id)?.lotes).toBe(4);
      // Without todos: the caller's own (none).
      const own = await portal().request<Comparativo>('GET', '/api/getcomparativo?di=2026-06-01&df=2026-06-30', { token: technician.token });
      expect(own.body.linhas).toEqual([]);
      const stranger = await createAccount(portal());
      const refused = await portal().request('GET', `/api/getcomparativo?di=2026-06-01&df=2026-06-30&prop=${owner.user.id}`, { token: stranger.token });
      expect(refused.status).toBe(404);
    });
  });
});
