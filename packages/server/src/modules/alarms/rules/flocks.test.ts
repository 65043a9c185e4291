import { ALARME_REGRAS_PADRAO, localDate, type AlarmeRegras, type AlarmesResponse, type Lote, type Nucleo } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { createNucleo } from '../../../test/factories/farms.js';
import { createLote } from '../../../test/factories/flocks.js';
import { createPadrao } from '../../../test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../../../test/factories/weighings.js';
import { expectWorded } from '../../../test/alarm-sentences.js';
import { describeEachDialect, type TestPortal } from '../../../test/harness.js';
import { testServices } from '../../../test/services.js';
import { flockRules } from './flocks.js';
import type { AlarmCondition, AlarmRule } from './types.js';

/**
 * The flock rules' check() on data stored through the portal (registerdiario, the weighings
 * factory), at a fixed "now": 2026-10-10 12:00 in the owner's UTC−3, so today is 2026-10-10 and
 * yesterday 2026-10-09. Each rule: raised at its threshold, not below it, and gone once the
 * condition ends (docs/alarms.md).
 */
const NOW = Date.parse('2026-10-10T15:00:00Z');
const DAY_MS = 86_400_000;
const PLACEMENT = '2026-09-01';

type Overrides = { [K in 'lote_atrasado' | 'mortalidade' | 'balancas_divergentes']?: Partial<AlarmeRegras[K]> };

function contextFor(ownerId: number, now = NOW, overrides: Overrides = {}) {
  const { lote_atrasado, mortalidade, balancas_divergentes } = ALARME_REGRAS_PADRAO;
  const regras: AlarmeRegras = {
    ...ALARME_REGRAS_PADRAO,
    lote_atrasado: { ...lote_atrasado, ...overrides.lote_atrasado },
    mortalidade: { ...mortalidade, ...overrides.mortalidade },
    balancas_divergentes: { ...balancas_divergentes, ...overrides.balancas_divergentes },
  };
  return { ownerId, now, timezone: -3, rulesFor: () => regras };
}

/** `count` weighings of `peso` g each (one day, one house, one scale). */
const birds = (count: number, peso: number, fields: Omit<PesagemInput, 'peso'>): PesagemInput[] => Array.from({ length: count }, () => ({ peso, ...fields }));

describeEachDialect('flock alarm rules', (portal) => {
  let owner: TestAccount;
  let farm: Nucleo;
  let rules: AlarmRule[];

  const check = async (tipo: AlarmCondition['tipo'], now = NOW, overrides: Overrides = {}) => {
    const rule = rules.find((candidate) => candidate.tipos.includes(tipo))!;
    const conditions = await rule.check(contextFor(owner.user.id, now, overrides));
    expectWorded(conditions);
    return conditions;
  };
  const weigh = (lote: Lote | null, rows: PesagemInput[]) => createPesagens(portal(), owner, { nucleo: farm, lote, rows });
  async function diario(lote: Lote, aviario: number, data: string, mortos: number) {
    const body = { lote_id: lote.id, aviario_id: aviario, data, mortalidade: [{ causa: 'outras', aves: mortos }] };
    const answer = await portal().request('POST', '/api/registerdiario', { token: owner.token, body });
    if (answer.status !== 200) throw new Error(`registerdiario failed: ${JSON.stringify(answer.body)}`);
  }

  beforeAll(async () => {
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    const services = testServices(portal());
    rules = flockRules({ flocks: services.flocks, farms: services.farms, weighings: services.weighings, standards: services.standards });
  });

  async function newFlock(pontos: { idade: number; peso: number; mortalidade_pct?: number | null }[] | null, aviarios = [farm.aviarios[0]!.id]): Promise<Lote> {
    const padrao = pontos === null ? null : await createPadrao(portal(), owner, { pontos });
    return createLote(portal(), owner, farm, { aviarios, data_alojamento: PLACEMENT, aves_misto: 20_000, padrao_id: padrao?.id ?? null });
  }

  describe('lote_atrasado', () => {
    it('raises a flock below pct_padrao % on its two latest weighing days, not at it, and clears', async () => {
      // Ages 30, 32, 34, 36 (2026-10-01…07) at 2 000, 2 100, 2 200, 2 300 g.
      const lote = await newFlock([{ idade: 0, peso: 42 }, { idade: 30, peso: 2000 }, { idade: 32, peso: 2100 }, { idade: 34, peso: 2200 }, { idade: 36, peso: 2300 }]);
      const mine = async () => (await check('lote_atrasado')).filter((condition) => condition.alvo_id === lote.id);
      // 1 900 g is exactly 95 % (not below), 1 990 g is 94.76 %: one day below is not two.
      await weigh(lote, [{ peso: 1900, data: '2026-10-01' }, { peso: 1990, data: '2026-10-03' }]);
      expect(await mine()).toEqual([]);
      await weigh(lote, [{ peso: 2085, data: '2026-10-05' }]);
      const raised = await mine();
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({
        tipo: 'lote_atrasado',
        severidade: 'aviso',
        nucleo_id: farm.id,
        alvo_tipo: 'lote',
        alvo_nome: lote.codigo,
        chave: `lote_atrasado:lote:${lote.id}:todos`,
        detalhe: { motivo: 'peso', sexo: 'todos', data: '2026-10-05', idade: 34, peso_g: 2085, padrao_g: 2200, pct_padrao: 94.77, data_anterior: '2026-10-03', pct_padrao_anterior: 94.76, limite_pct: 95 },
      });
      // The same data checked again: the same one condition (the engine keeps one alarm per chave).
      expect((await mine()).map((condition) => condition.chave)).toEqual([raised[0]!.chave]);
      expect(await check('lote_atrasado', NOW, { lote_atrasado: { ativo: false } })).toEqual([]);
      // 2 185 g at 36 d is 95 % again: the condition ends.
      await weigh(lote, [{ peso: 2185, data: '2026-10-07' }]);
      expect(await mine()).toEqual([]);
    });

    it('raises per sex a daily gain at ganho_fracao × the previous period, not above it', async () => {
      const lote = await newFlock(null);
      const mine = async () => (await check('lote_atrasado')).filter((condition) => condition.alvo_id === lote.id);
      // Macho: 60 g/day, then 30 (= 0.5 × 60: raised). Fêmea: 50, then 25.5 (> 25: not raised).
      await weigh(lote, [
        { peso: 1800, data: '2026-10-01', sexo: 'M' },
        { peso: 1920, data: '2026-10-03', sexo: 'Macho' },
        { peso: 1980, data: '2026-10-05', sexo: 'M' },
        { peso: 1700, data: '2026-10-01', sexo: 'F' },
        { peso: 1800, data: '2026-10-03', sexo: 'F' },
        { peso: 1851, data: '2026-10-05', sexo: 'Fêmea' },
      ]);
      const raised = await mine();
      expect(raised.map((condition) => condition.chave)).toEqual([`lote_atrasado:lote:${lote.id}:macho`]);
      expect(raised[0]).toMatchObject({ alvo_nome: `${lote.codigo} ♂`, detalhe: { motivo: 'ganho', sexo: 'macho', ganho_g: 30, ganho_anterior_g: 60, ganho_fracao: 0.5, pct_padrao: null } });
      // The next period's 30 g/day is not ≤ half the previous 30: cleared.
      await weigh(lote, [{ peso: 2040, data: '2026-10-07', sexo: 'M' }]);
      expect(await mine()).toEqual([]);
    });
  });

  describe('lote_atrasado per sex', () => {
    // Ages 32 and 34 (2026-10-03, 05): the curve 2 100, 2 200 g. Males at 107 %, females at 93 % of it.
    const curve = [{ idade: 0, peso: 42 }, { idade: 32, peso: 2100 }, { idade: 34, peso: 2200 }];
    const sexedWeighings = [
      { peso: 2247, data: '2026-10-03', sexo: 'M' },
      { peso: 2354, data: '2026-10-05', sexo: 'M' },
      { peso: 1953, data: '2026-10-03', sexo: 'F' },
      { peso: 2046, data: '2026-10-05', sexo: 'F' },
    ];
    async function sexedFlock(sexo: 'misto' | 'femea'): Promise<Lote> {
      const padrao = await createPadrao(portal(), owner, { pontos: curve, sexo });
      const lote = await createLote(portal(), owner, farm, { aviarios: [farm.aviarios[0]!.id], data_alojamento: PLACEMENT, aves_misto: 20_000, padrao_id: padrao.id });
      await weigh(lote, sexedWeighings);
      return lote;
    }
    const of = async (lote: Lote) => (await check('lote_atrasado')).filter((condition) => condition.alvo_id === lote.id);

    it('holds a mixed standard against the whole flock, not against the lighter sex', async () => {
      // Females alone are at 93 %, the flock as a whole at 100 %: nothing is behind.
      expect(await of(await sexedFlock('misto'))).toEqual([]);
    });

    it("holds a sex's own standard against that sex", async () => {
      const lote = await sexedFlock('femea');
      const raised = await of(lote);
      expect(raised.map((condition) => condition.chave)).toEqual([`lote_atrasado:lote:${lote.id}:femea`]);
      expect(raised[0]).toMatchObject({ alvo_nome: `${lote.codigo} ♀`, detalhe: { motivo: 'peso', sexo: 'femea', pct_padrao: 93 } });
    });
  });

  describe('mortalidade', () => {
    let lote: Lote;
    let houses: number[];

    beforeAll(async () => {
      houses = farm.aviarios.map((house) => house.id);
      // 10 000 birds per house; the standard's cumulative mortality is 1.5 % at 39 d (2026-10-10).
      lote = await newFlock([{ idade: 0, peso: 42, mortalidade_pct: 0 }, { idade: 39, peso: 2500, mortalidade_pct: 1.5 }], houses);
      await diario(lote, houses[0]!, '2026-09-02', 100);
      // Far above the threshold, but 20 days ago: not a recent day.
      await diario(lote, houses[1]!, '2026-09-20', 200);
    });

    const mine = async (now = NOW, overrides: Overrides = {}) =>
      (await check('mortalidade', now, overrides)).filter((condition) => condition.detalhe.lote_id === lote.id).sort((a, b) => (a.chave < b.chave ? -1 : 1));

    it('raises a house day above pct_dia % of the birds alive that morning, not at it; critical above twice', async () => {
      // House 1: 50 of the 9 900 alive that morning (0.505 %); house 2: 49 of 9 800, exactly 0.5 %.
      await diario(lote, houses[0]!, '2026-10-09', 50);
      await diario(lote, houses[1]!, '2026-10-09', 49);
      const first = await mine();
      expect(first.map((condition) => condition.chave)).toEqual([`mortalidade:dia:${lote.id}:${houses[0]}:2026-10-09`]);
      expect(first[0]).toMatchObject({
        severidade: 'alerta',
        alvo_tipo: 'aviario',
        alvo_id: houses[0],
        alvo_nome: `Aviário 1 · ${lote.codigo}`,
        detalhe: { motivo: 'dia', data: '2026-10-09', mortos: 50, eliminados: 0, aves_inicio: 9900, pct_dia: 0.51, limite_pct: 0.5 },
      });
      // House 2 today: 9 751 alive this morning, 97 dead is 0.995 % (alerta), 98 would be 1.005 % (critico).
      await diario(lote, houses[1]!, '2026-10-10', 98);
      const second = await mine();
      expect(second.map((condition) => [condition.chave, condition.severidade])).toEqual([
        [`mortalidade:dia:${lote.id}:${houses[0]}:2026-10-09`, 'alerta'],
        [`mortalidade:dia:${lote.id}:${houses[1]}:2026-10-10`, 'critico'],
      ]);
      expect(second[1]!.detalhe).toMatchObject({ aves_inicio: 9751, pct_dia: 1.01 });
      // Two days later neither day is recent: both clear by themselves.
      expect((await mine(NOW + 2 * DAY_MS)).filter((condition) => condition.detalhe.motivo === 'dia')).toEqual([]);
    });

    it('raises the cumulative mortality above the standard by more than acima_padrao_pp, not at it', async () => {
      // 100 + 200 + 50 + 49 + 98 = 497 of 20 000 = 2.485 % against 1.5 % at 39 d: 0.985 points above.
      const curve = (overrides: Overrides) => mine(NOW, overrides).then((list) => list.filter((condition) => condition.detalhe.motivo === 'curva'));
      expect(await curve({})).toEqual([]);
      expect(await curve({ mortalidade: { acima_padrao_pp: 0.99 } })).toEqual([]);
      const raised = await curve({ mortalidade: { acima_padrao_pp: 0.98 } });
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({
        severidade: 'alerta',
        alvo_tipo: 'lote',
        chave: `mortalidade:curva:${lote.id}`,
        detalhe: { data: '2026-10-10', idade: 39, perdas: 497, mortalidade_pct: 2.49, padrao_pct: 1.5, acima_pp: 0.99, limite_pp: 0.98 },
      });
      expect(await mine(NOW, { mortalidade: { ativo: false, acima_padrao_pp: 0.98 } })).toEqual([]);
    });
  });

  it('through the engine: one mortality alarm on getalarmes however often evaluated; cleared once the day is old', async () => {
    // On the portal's own clock (the job app.ts starts evaluates at that time too).
    const services = testServices(portal());
    const now = Date.now();
    const yesterday = localDate(now - DAY_MS, await services.accounts.timezoneOf(owner.user.id));
    const lote = await createLote(portal(), owner, farm, { aviarios: [farm.aviarios[1]!.id], data_alojamento: PLACEMENT, aves_misto: 10_000 });
    await diario(lote, farm.aviarios[1]!.id, yesterday, 51);
    await services.alarmsJob.evaluate(now);
    await services.alarmsJob.evaluate(now);
    const list = async (estado: string) => {
      const answer = await portal().request<AlarmesResponse>('GET', `/api/getalarmes?estado=${estado}`, { token: owner.token });
      expect(answer.status).toBe(200);
      return answer.body.alarmes.filter((alarme) => alarme.tipo === 'mortalidade' && alarme.detalhe.lote_id === lote.id);
    };
    const open = await list('ativos');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severidade: 'alerta', estado: 'aberto', alvo_tipo: 'aviario', alvo_id: farm.aviarios[1]!.id, detalhe: { data: yesterday, mortos: 51, aves_inicio: 10_000, pct_dia: 0.51 } });
    await services.alarmsJob.evaluate(now + 2 * DAY_MS);
    expect(await list('ativos')).toEqual([]);
    expect((await list('encerrado')).map((alarme) => [alarme.id, alarme.encerrado_por])).toEqual([[open[0]!.id, null]]);
  });

  describe('balancas_divergentes', () => {
    it('raises two scales of a house more than pct % apart, naming the outlier; not at pct; clears', async () => {
      const otherFarm = await createNucleo(portal(), owner);
      const mine = async () => (await check('balancas_divergentes')).filter((condition) => condition.nucleo_id === otherFarm.id);
      const [house1, house2] = otherFarm.aviarios;
      const day = (aviario: string, serie: string, count: number, peso: number, data = '2026-10-09') => birds(count, peso, { aviario, serie_balanca: serie, data });
      const stored = (rows: PesagemInput[]) => createPesagens(portal(), owner, { nucleo: otherFarm, rows });
      // House 1: 2 160 g against a median of 2 000 is exactly 8 %. House 2: 2 161 g is above; D's 29 weighings are too few to count.
      await stored([
        ...day('Aviário 1', 'A', 30, 2000),
        ...day('Aviário 1', 'B', 30, 2000),
        ...day('Aviário 1', 'C', 30, 2160),
        ...day('aviário 2 ', 'A', 30, 2000),
        ...day('Aviário 2', 'B', 31, 2000),
        ...day('Aviário 2', 'C', 30, 2161),
        ...day('Aviário 2', 'D', 29, 1000),
      ]);
      const raised = await mine();
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({
        tipo: 'balancas_divergentes',
        severidade: 'aviso',
        alvo_tipo: 'aviario',
        alvo_id: house2!.id,
        alvo_nome: 'C · Aviário 2',
        chave: `balancas_divergentes:aviario:${house2!.id}:C`,
        detalhe: { data: '2026-10-09', balanca: 'C', media_g: 2161, pesagens: 30, mediana_g: 2000, diferenca_pct: 8.05, limite_pct: 8, balancas: 'A: 2000 g (30); B: 2000 g (31); C: 2161 g (30)' },
      });
      expect(house1).toBeDefined();
      // Today house 2's scales agree within 0.5 %: today is its latest day, the condition ends.
      await stored([...day('Aviário 2', 'A', 30, 2000, '2026-10-10'), ...day('Aviário 2', 'B', 30, 2010, '2026-10-10')]);
      expect(await mine()).toEqual([]);
    });

    it('with two scales, names the one farther from the standard', async () => {
      const otherFarm = await createNucleo(portal(), owner);
      const padrao = await createPadrao(portal(), owner, { pontos: [{ idade: 0, peso: 42 }, { idade: 39, peso: 2050 }] });
      const lote = await createLote(portal(), owner, otherFarm, { aviarios: [otherFarm.aviarios[0]!.id], data_alojamento: PLACEMENT, padrao_id: padrao.id });
      await createPesagens(portal(), owner, { nucleo: otherFarm, lote, rows: [...birds(30, 2000, { serie_balanca: 'S1', data: '2026-10-10' }), ...birds(40, 2200, { serie_balanca: 'S2', data: '2026-10-10' })] });
      const raised = (await check('balancas_divergentes')).filter((condition) => condition.nucleo_id === otherFarm.id);
      expect(raised.map((condition) => condition.detalhe.balanca)).toEqual(['S2']);
      expect(raised[0]!.detalhe).toMatchObject({ padrao_g: 2050, mediana_g: 2100, diferenca_pct: 9.52 });
    });
  });
});
