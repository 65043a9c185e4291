import { daysBetween, type Lote, type Nucleo, type Padrao, type Previsao, type PrevisaoGrupo } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../demo/weighings.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/**
 * getprevisao over HTTP: how the call maps a flock's weighings to the arithmetic's ages and back to
 * dates, its groups, defaults and horizon (docs/forecast.md, "The call"); the arithmetic itself is
 * tested in packages/shared/src/forecast.
 */
const PLACEMENT = '2026-03-01';
/** The owner's today (UTC−3 by default: 15:00 UTC is noon there): the flock is 40 days old. */
const NOW = Date.parse('2026-04-10T15:00:00Z');
const TODAY = '2026-04-10';
const dateAt = (idade: number) => new Date(Date.parse(`${PLACEMENT}T00:00:00Z`) + idade * 86_400_000).toISOString().slice(0, 10);
/** Known truths: W(t) = A·exp(−B·e^(−k·t)) per sex (≈ 41 g at placement, 2.4–2.9 kg at 42 days). */
const gompertz = (A: number) => (idade: number) => A * Math.exp(-4.9 * Math.exp(-0.045 * idade));
const TRUTH = { macho: gompertz(6000), femea: gompertz(5000), lote: gompertz(5500) };
const standardPoints = (curve: (idade: number) => number, last: number) =>
  Array.from({ length: last / 7 + 1 }, (_, index) => ({ idade: index * 7, peso: Math.round(curve(index * 7) * 10) / 10 }));
/** Weighing days: every third day from 7 to 37 (ages). */
const WEIGHING_AGES = Array.from({ length: 11 }, (_, index) => 7 + index * 3);
const BREED = 'Pescoço Pelado';

/** `aves` birds around `mean` g with a 9 % CV, 1 decimal (seeded: the same rows every run). */
function birds(random: () => number, mean: number, aves: number, row: Omit<PesagemInput, 'peso'>): PesagemInput[] {
  return Array.from({ length: aves }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return { ...row, peso: Math.max(1, Math.round(mean * (1 + 0.09 * normal) * 10) / 10) };
  });
}

/** Σ weight ÷ Σ birds of some rows, 1 dp, as the call answers a day's mean. */
const meanOf = (rows: readonly PesagemInput[]) => Math.round((rows.reduce((sum, row) => sum + Math.round(row.peso * 10), 0) / rows.length / 10) * 10) / 10;

describeEachDialect('growth forecast (getprevisao)', (portal) => {
  let owner: TestAccount;
  let farm: Nucleo;
  let flockStandard: Padrao;
  let maleStandard: Padrao;
  let femaleStandard: Padrao;
  let lote: Lote;
  const rows: PesagemInput[] = [];
  const get = (query: string, account = owner) => portal().request<Previsao>('GET', `/api/getprevisao?${query}`, { token: account.token });
  /** An answer expected to be refused: {code, errors}. */
  const refused = (query: string, account = owner) => portal().request('GET', `/api/getprevisao?${query}`, { token: account.token });
  const group = (answer: Previsao, grupo: PrevisaoGrupo['grupo']) => answer.grupos.find((entry) => entry.grupo === grupo)!;

  beforeAll(async () => {
    portal().freezeClock();
    portal().advanceClock(NOW - Date.now());
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    flockStandard = await createPadrao(portal(), owner, { nome: 'Misto', linhagem: BREED, sexo: 'misto', pontos: standardPoints(TRUTH.lote, 49) });
    // Same breed written another way (case, accents): chosen for its sex; another breed's male never.
    maleStandard = await createPadrao(portal(), owner, { nome: 'Machos', linhagem: 'PESCOCO PELADO', sexo: 'macho', pontos: standardPoints(TRUTH.macho, 56) });
    femaleStandard = await createPadrao(portal(), owner, { nome: 'Fêmeas', linhagem: ' pescoço pelado', sexo: 'femea', pontos: standardPoints(TRUTH.femea, 49) });
    await createPadrao(portal(), owner, { nome: 'A outra raça', linhagem: 'Cobb 500', sexo: 'macho', pontos: standardPoints(TRUTH.macho, 63) });
    lote = await createLote(portal(), owner, farm, { data_alojamento: PLACEMENT, aves_macho: 10_000, aves_femea: 10_000, linhagem: BREED, padrao_id: flockStandard.id });
    const random = seededRandom(20);
    for (const idade of WEIGHING_AGES) {
      const data = dateAt(idade);
      rows.push(...birds(random, TRUTH.macho(idade), 40, { data, sexo: 'M' }));
      // One sex written two ways: summed per day.
      rows.push(...birds(random, TRUTH.femea(idade), 25, { data, sexo: 'Fêmea' }), ...birds(random, TRUTH.femea(idade), 15, { data, sexo: 'F' }));
    }
    // Mixed birds on two days only; a text read as no sex counts for the whole flock alone.
    rows.push(...birds(random, TRUTH.lote(34), 20, { data: dateAt(34), sexo: 'X' }), ...birds(random, TRUTH.lote(37), 20, { data: dateAt(37), sexo: 'misto' }));
    rows.push(...birds(random, TRUTH.lote(37), 10, { data: dateAt(37), sexo: 'Outro' }));
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows });
  });

  it('maps the weighings to a curve per group with the defaults, dates and standards', async () => {
    const answer = await get(`lote_id=${lote.id}`);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ lote_id: lote.id, codigo: lote.codigo, data_alojamento: PLACEMENT, hoje: TODAY, idade: 40 });
    // Defaults: the account's reference weight (2 500 g) and the owner's today + 7.
    expect([body.alvo_g, body.data]).toEqual([2500, '2026-04-17']);
    expect(body.grupos.map((entry) => entry.grupo)).toEqual(['lote', 'macho', 'femea', 'misto']);
    expect(body.grupos.map((entry) => entry.padrao?.id)).toEqual([flockStandard.id, maleStandard.id, femaleStandard.id, flockStandard.id]);

    for (const entry of body.grupos) {
      // Every age from placement to the horizon, each with its date.
      expect(entry.curva).toHaveLength(daysBetween(PLACEMENT, body.horizonte) + 1);
      entry.curva.forEach((ponto, idade) => expect([ponto.idade, ponto.data]).toEqual([idade, dateAt(idade)]));
      if (entry.peso_na_data) expect([entry.peso_na_data.idade, entry.peso_na_data.data]).toEqual([47, body.data]);
      for (const dia of [entry.alvo?.p10, entry.alvo?.p50, entry.alvo?.p90]) if (dia) expect(dia.data).toBe(dateAt(dia.idade));
    }

    // Observed: Σ weight ÷ Σ birds of the group's texts on each weighing day, nothing on other days.
    const ofSex = (texts: string[]) => (idade: number) => rows.filter((row) => row.data === dateAt(idade) && texts.includes(row.sexo!));
    const femea = group(body, 'femea');
    for (const idade of WEIGHING_AGES) {
      const day = ofSex(['Fêmea', 'F'])(idade);
      expect([femea.curva[idade]!.observado, femea.curva[idade]!.aves]).toEqual([meanOf(day), 40]);
      const all = rows.filter((row) => row.data === dateAt(idade));
      expect([group(body, 'lote').curva[idade]!.observado, group(body, 'lote').curva[idade]!.aves]).toEqual([meanOf(all), all.length]);
    }
    expect(femea.curva[8]).toMatchObject({ observado: null, aves: null });
    expect(femea).toMatchObject({ dias_pesagem: 11, aves_pesadas: 440, ultima_data: dateAt(37) });
    expect(group(body, 'macho').aves_pesadas).toBe(440);
    expect(group(body, 'lote').aves_pesadas).toBe(440 * 2 + 50);
    expect(group(body, 'misto')).toMatchObject({ dias_pesagem: 2, aves_pesadas: 40, ultima_data: dateAt(37) });

    // The group's standard by age: its points, straight between them, nothing past its last.
    const macho = group(body, 'macho');
    const [p14, p21] = [maleStandard.pontos.find((p) => p.idade === 14)!.peso, maleStandard.pontos.find((p) => p.idade === 21)!.peso];
    expect(macho.curva[14]!.padrao).toBe(p14);
    expect(macho.curva[17]!.padrao).toBe(Math.round((p14 + ((p21 - p14) * 3) / 7) * 10) / 10);
    expect(femaleStandard.pontos.at(-1)!.idade).toBe(49);
    expect(femea.curva[50]!.padrao).toBeNull();

    // Horizon: the latest of the standards' last ages (56), the asked day (47), the last weighing
    // day (37) and the days the groups' targets are reached.
    const targetAges = body.grupos.flatMap((entry) => [entry.alvo?.p10?.idade, entry.alvo?.p50?.idade, entry.alvo?.p90?.idade]).filter((idade) => idade !== undefined);
    expect(daysBetween(PLACEMENT, body.horizonte)).toBe(Math.min(200, Math.max(56, ...targetAges)));

    // Eleven weighing days on a known curve: a trusted forecast near the truth, quantiles in order.
    expect(macho.situacao).toBe('ok');
    const weight = macho.peso_na_data!;
    expect(weight.p10).toBeLessThanOrEqual(weight.p50);
    expect(weight.p50).toBeLessThanOrEqual(weight.p90);
    expect(Math.abs(weight.p50 / TRUTH.macho(47) - 1)).toBeLessThan(0.05);
    expect(macho.curva[47]!.p50).toBe(weight.p50);
    // Two mixed days: too few for a curve, and no number is given.
    const misto = group(body, 'misto');
    expect(misto.situacao).toBe('poucos_dias');
    expect([misto.peso_na_data, misto.alvo]).toEqual([null, null]);
    expect(misto.curva.every((ponto) => ponto.p10 === null && ponto.p50 === null && ponto.p90 === null)).toBe(true);
    expect(misto.curva[34]!.observado).not.toBeNull();

    // The same question, the same answer (the bootstrap is seeded by the flock and group).
    expect((await get(`lote_id=${lote.id}`)).body).toEqual(body);
  });

  it('answers the asked day and target, and stretches the horizon to a far target', async () => {
    const answer = await get(`lote_id=${lote.id}&data=2026-04-05&alvo_g=4000`);
    expect(answer.status).toBe(200);
    expect([answer.body.alvo_g, answer.body.data]).toEqual([4000, '2026-04-05']);
    const macho = group(answer.body, 'macho');
    expect([macho.peso_na_data?.idade, macho.peso_na_data?.data]).toEqual([35, '2026-04-05']);
    // The males reach 4 kg (truth: day 57) after every standard ends: the curve runs to their latest quantile.
    expect(macho.alvo?.p90).not.toBeNull();
    const horizon = daysBetween(PLACEMENT, answer.body.horizonte);
    expect(horizon).toBeGreaterThanOrEqual(macho.alvo!.p90!.idade);
    expect(horizon).toBeGreaterThan(56);
    expect(macho.curva).toHaveLength(horizon + 1);
  });

  it('ends a closed flock’s curve on its closing day', async () => {
    const closed = await createLote(portal(), owner, farm, { codigo: 'F-1', data_alojamento: PLACEMENT, aves_misto: 20_000, padrao_id: flockStandard.id });
    const random = seededRandom(21);
    await createPesagens(portal(), owner, { nucleo: farm, lote: closed, rows: WEIGHING_AGES.flatMap((idade) => birds(random, TRUTH.lote(idade), 30, { data: dateAt(idade), sexo: '' })) });
    const closing = await portal().request('POST', '/api/registerfechamento', { token: owner.token, body: { lote_id: closed.id, data: dateAt(38), aves_entregues: 19_000, kg_entregues: 45_000 } });
    expect(closing.status).toBe(200);
    const answer = await get(`lote_id=${closed.id}`);
    expect(answer.status).toBe(200);
    // Age at closing (not today's 40), the closing day asked by default and the curve's last day.
    expect(answer.body).toMatchObject({ idade: 38, data: dateAt(38), horizonte: dateAt(38) });
    expect(answer.body.grupos.map((entry) => entry.grupo)).toEqual(['lote']);
    expect(answer.body.grupos[0]!.curva).toHaveLength(39);
    expect(answer.body.grupos[0]!.peso_na_data?.idade).toBe(38);
    // No day after the flock left the farm.
    const after = await refused(`lote_id=${closed.id}&data=${dateAt(39)}`);
    expect([after.status, after.body.errors?.[0]]).toMatchObject([400, { field: 'data', code: 'FIELD_INVALID' }]);
  });

  it('says a flock with too few weighing days or none has no forecast', async () => {
    const young = await createLote(portal(), owner, farm, { codigo: 'Y-1', data_alojamento: PLACEMENT, aves_misto: 20_000, padrao_id: flockStandard.id });
    const random = seededRandom(22);
    await createPesagens(portal(), owner, { nucleo: farm, lote: young, rows: [7, 14].flatMap((idade) => birds(random, TRUTH.lote(idade), 30, { data: dateAt(idade), sexo: '' })) });
    const answer = await get(`lote_id=${young.id}`);
    expect(answer.status).toBe(200);
    const [lote_] = answer.body.grupos;
    expect(answer.body.grupos).toHaveLength(1);
    expect(lote_).toMatchObject({ grupo: 'lote', situacao: 'poucos_dias', dias_pesagem: 2, peso_na_data: null, alvo: null });
    expect(lote_!.curva.every((ponto) => ponto.p50 === null)).toBe(true);
    expect(lote_!.curva[7]!.observado).not.toBeNull();

    const empty = await createLote(portal(), owner, farm, { codigo: 'E-1', data_alojamento: PLACEMENT, aves_misto: 20_000 });
    const none = await get(`lote_id=${empty.id}`);
    expect(none.status).toBe(200);
    expect(none.body.grupos).toMatchObject([{ grupo: 'lote', situacao: 'sem_pesagens', dias_pesagem: 0, padrao: null, ultima_data: null }]);
    // No standard, no target reached: the curve runs to the asked day.
    expect(none.body.horizonte).toBe('2026-04-17');
  });

  describe('refusals', () => {
    const codeOf = (answer: { status: number; body: { errors?: { field: string; code: string }[] } }) => [answer.status, answer.body.errors?.[0]?.field, answer.body.errors?.[0]?.code];

    it('refuses bad input with stable codes', async () => {
      expect(codeOf(await refused(`lote_id=${lote.id}&alvo_g=0`))).toEqual([400, 'alvo_g', 'FIELD_OUT_OF_RANGE']);
      expect(codeOf(await refused(`lote_id=${lote.id}&alvo_g=20000.1`))).toEqual([400, 'alvo_g', 'FIELD_OUT_OF_RANGE']);
      expect(codeOf(await refused(`lote_id=${lote.id}&alvo_g=abc`))).toEqual([400, 'alvo_g', 'FIELD_INVALID']);
      expect(codeOf(await refused(`lote_id=${lote.id}&data=2026-02-30`))).toEqual([400, 'data', 'FIELD_INVALID']);
      expect((await get('alvo_g=2500')).status).toBe(400);
      // Before placement, or past the last age a curve reaches (200 days).
      expect(codeOf(await refused(`lote_id=${lote.id}&data=2026-02-28`))).toEqual([400, 'data', 'FIELD_INVALID']);
      expect((await get(`lote_id=${lote.id}&data=${dateAt(200)}`)).status).toBe(200);
      expect(codeOf(await refused(`lote_id=${lote.id}&data=${dateAt(201)}`))).toEqual([400, 'data', 'FIELD_INVALID']);
      const unplaced = await createLote(portal(), owner, farm, { codigo: 'U-1', data_alojamento: null });
      expect(codeOf(await refused(`lote_id=${unplaced.id}`))).toEqual([400, 'lote_id', 'FLOCK_DATE_MISSING']);
    });

    it('refuses another account’s flock as not found', async () => {
      const stranger = await createAccount(portal());
      const answer = await refused(`lote_id=${lote.id}`, stranger);
      expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await get(`lote_id=${lote.id}&prop=${owner.user.id}`, stranger)).status).toBe(404);
    });
  });
});
