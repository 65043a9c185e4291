import type { ConfirmEntregaResponse, SiloLeiturasResponse, SiloMovimento } from '@portal/shared';
import { beforeEach, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { insertSiloReadings, siloSeries, type SiloDayPlan } from '../../test/factories/feed.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const TIMEZONE = -3;
const HOUR_MS = 3_600_000;
/** 22:00 local of a date: when the factory's trucks come. */
const deliveryHour = (data: string) => Date.parse(`${data}T22:00:00Z`) - TIMEZONE * HOUR_MS;

/** The 5th the scale was on, a delivery the 6th (4 t) and the 8th (3 t), the 9th as the last day's end. */
const PLAN: SiloDayPlan[] = [
  { data: '2026-03-05', consumoHg: 0, entregaHg: 0, semLeituras: false },
  { data: '2026-03-06', consumoHg: 10_004, entregaHg: 40_000, semLeituras: false },
  { data: '2026-03-07', consumoHg: 12_000, entregaHg: 0, semLeituras: false },
  { data: '2026-03-08', consumoHg: 11_001, entregaHg: 30_000, semLeituras: false },
  { data: '2026-03-09', consumoHg: 9_000, entregaHg: 0, semLeituras: false },
];
const START_HG = 50_000;

describeEachDialect('silo balance (getsiloleituras, confirmentrega)', (portal) => {
  let owner: TestAccount;
  let siloId: number;
  let plainSiloId: number;

  const leituras = (account: TestAccount, id: number, di: string, df: string) =>
    portal().request<SiloLeiturasResponse>('GET', `/api/getsiloleituras?id=${id}&di=${di}&df=${df}`, { token: account.token });
  const decide = (account: TestAccount, body: Record<string, unknown>) =>
    portal().request<ConfirmEntregaResponse>('POST', '/api/confirmentrega', { token: account.token, body });
  const stored = async (p: TestPortal) => ({
    entregas: (await p.database.db.selectFrom('silo_entregas').select('id').where('silo_id', '=', siloId).execute()).length,
    movimentos: (await p.database.db.selectFrom('silo_movimentos').select('id').where('silo_id', '=', siloId).execute()).length,
  });

  beforeEach(async () => {
    owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const device = await insertDevice(portal(), owner, 'BSILO', { nucleo_id: farm.id });
    siloId = (await createSilo(portal(), owner, farm, { nome: 'Silo balança', capacidade_kg: 20000, device_id: device.id })).id;
    await insertSiloReadings(portal(), owner, device.id, siloSeries(PLAN, TIMEZONE, START_HG));
    plainSiloId = (await createSilo(portal(), owner, farm, { nome: 'Silo manual', capacidade_kg: 20000 })).id;
  });

  it('days, deliveries and the balance from the scale, equal to the plan the readings were made from', async () => {
    const answer = await leituras(owner, siloId, '2026-03-06', '2026-03-08');
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ silo: { id: siloId, nome: 'Silo balança', capacidade_kg: 20000 }, fonte: 'balanca', di: '2026-03-06', df: '2026-03-08', timezone: -3 });
    expect(body.device?.nome).toBeTruthy();
    // The last reading: the 9th at 23:55 local.
    const finalHg = PLAN.reduce((level, day) => level - day.consumoHg + day.entregaHg, START_HG);
    expect(body.saldo_kg).toBe(finalHg / 10);
    expect(body.leitura_em).toBe(Date.parse('2026-03-10T02:55:01Z'));
    expect(body.dias).toEqual([
      { data: '2026-03-06', inicio_kg: 5000, fim_kg: 7999.6, entregas_kg: 4000, consumo_kg: 1000.4 },
      { data: '2026-03-07', inicio_kg: 7999.6, fim_kg: 6799.6, entregas_kg: 0, consumo_kg: 1200 },
      { data: '2026-03-08', inicio_kg: 6799.6, fim_kg: 8699.5, entregas_kg: 3000, consumo_kg: 1100.1 },
    ]);
    expect(body.entregas).toEqual([
      { em: deliveryHour('2026-03-06') - 5 * 60_000 + 1000, ate: deliveryHour('2026-03-06') + 1000, antes_kg: 3999.6, depois_kg: 7999.6, quantidade_kg: 4000, situacao: 'pendente', movimento_id: null, quantidade_confirmada_kg: null, corrigida: false },
      { em: deliveryHour('2026-03-08') - 5 * 60_000 + 1000, ate: deliveryHour('2026-03-08') + 1000, antes_kg: 5699.5, depois_kg: 8699.5, quantidade_kg: 3000, situacao: 'pendente', movimento_id: null, quantidade_confirmada_kg: null, corrigida: false },
    ]);
    // Every reading of the three days (864 < 2000), oldest first, inside the range.
    expect(body.leituras).toHaveLength(3 * 288);
    expect(body.leituras[0]!.em).toBe(Date.parse('2026-03-06T03:00:01Z'));

    // Outside the readings: days null, never 0.
    const before = await leituras(owner, siloId, '2026-02-01', '2026-02-02');
    expect(before.body.dias).toEqual([
      { data: '2026-02-01', inicio_kg: null, fim_kg: null, entregas_kg: 0, consumo_kg: null },
      { data: '2026-02-02', inicio_kg: null, fim_kg: null, entregas_kg: 0, consumo_kg: null },
    ]);
    expect(before.body.leituras).toEqual([]);
  });

  it('at most 2000 chart points over a long range, keeping each bucket’s lowest and highest reading', async () => {
    const answer = await leituras(owner, siloId, '2026-03-01', '2026-03-31');
    // 5 days of readings = 1440 points: all of them; the same over a longer stretch is cut below.
    expect(answer.body.leituras).toHaveLength(1440);
    const farm = await createNucleo(portal(), owner);
    const device = await insertDevice(portal(), owner, 'SILO', { nucleo_id: farm.id });
    const long = await createSilo(portal(), owner, farm, { capacidade_kg: 20000, device_id: device.id });
    const plan = Array.from({ length: 12 }, (_, day): SiloDayPlan => ({ data: `2026-04-${String(day + 1).padStart(2, '0')}`, consumoHg: 10_000, entregaHg: day === 5 ? 60_000 : 0, semLeituras: false }));
    await insertSiloReadings(portal(), owner, device.id, siloSeries(plan, TIMEZONE, 80_000));
    const cut = await leituras(owner, long.id, '2026-04-01', '2026-04-12');
    expect(cut.body.leituras.length).toBeLessThanOrEqual(2000);
    expect(cut.body.leituras.length).toBeGreaterThan(1000);
    const kgs = cut.body.leituras.map((point) => point.kg);
    expect(Math.max(...kgs)).toBe(Math.max(...siloSeries(plan, TIMEZONE, 80_000).map((row) => row.peso_hg / 10)));
    expect(cut.body.leituras.every((point, index, all) => index === 0 || point.em > all[index - 1]!.em)).toBe(true);
    expect(cut.body.entregas.map((entrega) => entrega.quantidade_kg)).toEqual([6000]);
  });

  it('confirming records an entrada movement and the decision; twice is refused; dismissing stores no movement', async () => {
    const { entregas } = (await leituras(owner, siloId, '2026-03-06', '2026-03-08')).body;
    const [first, second] = entregas;
    const confirmed = await decide(owner, { idsilo: siloId, em: first!.em, confirmar: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.entrega).toMatchObject({ em: first!.em, quantidade_kg: 4000, situacao: 'confirmada', quantidade_confirmada_kg: 4000, corrigida: false });
    const movimentoId = confirmed.body.entrega.movimento_id!;
    const movements = (await portal().request<SiloMovimento[]>('GET', `/api/getsilomov?id=${siloId}`, { token: owner.token })).body;
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ id: movimentoId, tipo: 'entrada', data: '2026-03-06', quantidade_kg: 4000, nota_fiscal: '' });
    expect(movements[0]!.obs).toBe('Entrega detectada pela balança do silo (06/03/2026 22:00).');

    const again = await decide(owner, { idsilo: siloId, em: first!.em, confirmar: false });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SILO_DELIVERY_DECIDED', message: expect.any(String) });

    const dismissed = await decide(owner, { idsilo: siloId, em: second!.em, confirmar: false });
    expect(dismissed.body.entrega).toMatchObject({ situacao: 'descartada', movimento_id: null, quantidade_confirmada_kg: null, corrigida: false });
    expect((await decide(owner, { idsilo: siloId, em: second!.em, confirmar: true })).status).toBe(409);
    expect(await stored(portal())).toEqual({ entregas: 2, movimentos: 1 });

    const after = (await leituras(owner, siloId, '2026-03-06', '2026-03-08')).body.entregas;
    expect(after.map((entrega) => [entrega.situacao, entrega.movimento_id])).toEqual([
      ['confirmada', movimentoId],
      ['descartada', null],
    ]);
  });

  it('a corrected confirmation records the operator’s amount; the movements’ balance follows it, the scale’s amount stays shown', async () => {
    const [first, second] = (await leituras(owner, siloId, '2026-03-06', '2026-03-08')).body.entregas;
    const corrected = await decide(owner, { idsilo: siloId, em: first!.em, confirmar: true, quantidade_kg: 3950.5 });
    expect(corrected.status).toBe(200);
    expect(corrected.body.entrega).toMatchObject({ em: first!.em, quantidade_kg: 4000, situacao: 'confirmada', quantidade_confirmada_kg: 3950.5, corrigida: true });
    // The same amount as detected is no correction.
    const same = await decide(owner, { idsilo: siloId, em: second!.em, confirmar: true, quantidade_kg: 3000 });
    expect(same.body.entrega).toMatchObject({ quantidade_confirmada_kg: 3000, corrigida: false });

    const movements = (await portal().request<SiloMovimento[]>('GET', `/api/getsilomov?id=${siloId}`, { token: owner.token })).body;
    expect(movements.map((movement) => [movement.id, movement.tipo, movement.data, movement.quantidade_kg, movement.saldo_kg])).toEqual([
      [corrected.body.entrega.movimento_id, 'entrada', '2026-03-06', 3950.5, 3950.5],
      [same.body.entrega.movimento_id, 'entrada', '2026-03-08', 3000, 6950.5],
    ]);
    expect(movements[0]!.obs).toBe('Entrega detectada pela balança do silo (06/03/2026 22:00). Quantidade corrigida; a balança mostrou 4000 kg.');
    expect(movements[1]!.obs).toBe('Entrega detectada pela balança do silo (08/03/2026 22:00).');
    const silo = (await portal().request<{ saldo_kg: number }>('GET', `/api/getsilo?id=${siloId}`, { token: owner.token })).body;
    expect(silo.saldo_kg).toBe(6950.5);

    // Read back: the recorded amount and the correction, the detected amount unchanged.
    const after = (await leituras(owner, siloId, '2026-03-06', '2026-03-08')).body.entregas;
    expect(after.map((entrega) => [entrega.quantidade_kg, entrega.situacao, entrega.quantidade_confirmada_kg, entrega.corrigida])).toEqual([
      [4000, 'confirmada', 3950.5, true],
      [3000, 'confirmada', 3000, false],
    ]);
    expect(await stored(portal())).toEqual({ entregas: 2, movimentos: 2 });
  });

  it('deleting the confirmed movement puts the delivery back to pending; confirming again records a new one', async () => {
    const [first] = (await leituras(owner, siloId, '2026-03-06', '2026-03-06')).body.entregas;
    // A key a reading off (within the jump) names the same delivery.
    const confirmed = await decide(owner, { idsilo: siloId, em: first!.ate, confirmar: true });
    expect(confirmed.body.entrega.em).toBe(first!.em);
    await portal().request('POST', '/api/delsilomov', { token: owner.token, body: { idmov: confirmed.body.entrega.movimento_id } });
    expect((await leituras(owner, siloId, '2026-03-06', '2026-03-06')).body.entregas[0]).toMatchObject({ situacao: 'pendente', movimento_id: null });
    const again = await decide(owner, { idsilo: siloId, em: first!.em, confirmar: true });
    expect(again.status).toBe(200);
    expect(again.body.entrega.movimento_id).not.toBe(confirmed.body.entrega.movimento_id);
    expect(await stored(portal())).toEqual({ entregas: 1, movimentos: 1 });
  });

  it('bad input: 4xx with a code and a message, nothing stored', async () => {
    const midday = Date.parse('2026-03-07T15:00:00Z');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ idsilo: siloId, em: midday, confirmar: true }, 404, 'SILO_DELIVERY_NOT_FOUND'],
      [{ idsilo: plainSiloId, em: deliveryHour('2026-03-06'), confirmar: true }, 404, 'SILO_DELIVERY_NOT_FOUND'],
      [{ idsilo: 999_999, em: deliveryHour('2026-03-06'), confirmar: true }, 404, 'NOT_FOUND'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06') }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: '2026-03-06T22:00', confirmar: true }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: -1, confirmar: true }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: 1.5, confirmar: true }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: 'sim' }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: 'x', em: deliveryHour('2026-03-06'), confirmar: true }, 400, 'VALIDATION_FAILED'],
      // A corrected amount: only when confirming, above 0, 1 decimal, a number.
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: false, quantidade_kg: 3950 }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: 0 }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: -100 }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: 3950.25 }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: 10_000_000.1 }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: '3950' }, 400, 'VALIDATION_FAILED'],
      [{ idsilo: siloId, em: deliveryHour('2026-03-06'), confirmar: true, quantidade_kg: null }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await portal().request<{ code: string; message: string }>('POST', '/api/confirmentrega', { token: owner.token, body });
      expect([JSON.stringify(body), answer.status, answer.body.code]).toEqual([JSON.stringify(body), status, code]);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await stored(portal())).toEqual({ entregas: 0, movimentos: 0 });

    const queries: Array<[string, number]> = [
      [`id=${siloId}&di=2026-03-08&df=2026-03-06`, 400],
      [`id=${siloId}&di=2026-03-06`, 400],
      [`di=2026-03-06&df=2026-03-08`, 400],
      [`id=${siloId}&di=2026-02-30&df=2026-03-08`, 400],
      [`id=${siloId}&di=2020-01-01&df=2026-03-08`, 400],
      [`id=999999&di=2026-03-06&df=2026-03-08`, 404],
    ];
    for (const [query, status] of queries) {
      const answer = await portal().request('GET', `/api/getsiloleituras?${query}`, { token: owner.token });
      expect([query, answer.status]).toEqual([query, status]);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('a read grant reads the balance but cannot confirm; another account does not see the silo', async () => {
    const reader = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura');
    const [first] = (await leituras(owner, siloId, '2026-03-06', '2026-03-06')).body.entregas;
    const read = await portal().request('GET', `/api/getsiloleituras?id=${siloId}&di=2026-03-06&df=2026-03-06&prop=${owner.user.id}`, { token: reader.token });
    expect(read.status).toBe(200);
    const refused = await portal().request('POST', '/api/confirmentrega', { token: reader.token, body: { prop: owner.user.id, idsilo: siloId, em: first!.em, confirmar: true } });
    expect(refused.status).toBe(403);
    const stranger = await createAccount(portal());
    expect((await leituras(stranger, siloId, '2026-03-06', '2026-03-06')).status).toBe(404);
    expect((await decide(stranger, { idsilo: siloId, em: first!.em, confirmar: true })).status).toBe(404);
    expect((await decide(stranger, { idsilo: siloId, em: first!.em, confirmar: true, quantidade_kg: 3950 })).status).toBe(404);
    expect(await stored(portal())).toEqual({ entregas: 0, movimentos: 0 });
  });

  it('a silo without a scale: days from its movements (consumption = consumo movements, null without one)', async () => {
    await addMovement(portal(), owner, { idsilo: plainSiloId, tipo: 'entrada', data: '2026-03-06', quantidade_kg: 5000 });
    await addMovement(portal(), owner, { idsilo: plainSiloId, tipo: 'consumo', data: '2026-03-06', quantidade_kg: 300.5 });
    await addMovement(portal(), owner, { idsilo: plainSiloId, tipo: 'consumo', data: '2026-03-08', quantidade_kg: 400 });
    await addMovement(portal(), owner, { idsilo: plainSiloId, tipo: 'transferencia', data: '2026-03-08', quantidade_kg: 1000, silo_destino_id: siloId });
    const answer = await leituras(owner, plainSiloId, '2026-03-05', '2026-03-08');
    expect(answer.body).toMatchObject({ fonte: 'movimentos', device: null, saldo_kg: 3299.5, leitura_em: null, leituras: [], entregas: [] });
    expect(answer.body.dias).toEqual([
      { data: '2026-03-05', inicio_kg: null, fim_kg: null, entregas_kg: 0, consumo_kg: null },
      { data: '2026-03-06', inicio_kg: null, fim_kg: 4699.5, entregas_kg: 5000, consumo_kg: 300.5 },
      { data: '2026-03-07', inicio_kg: 4699.5, fim_kg: 4699.5, entregas_kg: 0, consumo_kg: null },
      { data: '2026-03-08', inicio_kg: 4699.5, fim_kg: 3299.5, entregas_kg: 0, consumo_kg: 400 },
    ]);
  });
});
