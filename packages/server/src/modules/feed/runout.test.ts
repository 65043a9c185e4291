import type { Nucleo, Silo, SiloFimResponse, SiloLeiturasResponse } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { seededRandom } from '../../demo/weighings.js';
import { feedSiloScale, setPortalClock } from '../../test/factories/silo-scale.js';
import { createSilo } from '../../test/factories/silos.js';
import { createPadrao } from '../../test/factories/standards.js';
import { describeEachDialect } from '../../test/harness.js';

/**
 * getsilofim on simulated time (the portal's clock at NOW, 12:00 of 2026-05-20 in the owner's
 * UTC−3) over silo-scale readings stored as the readings ingestion stores live ones (one a minute
 * offered, the first of each 5 minutes kept), with ±5 kg of noise.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const NOW = Date.parse('2026-05-20T15:00:00Z');
const PLACEMENT = '2026-04-30';
const PLACED_AT = Date.parse(`${PLACEMENT}T03:00:00Z`);
const NOISE_KG = 5;
/** The standard: a bird eats 60 + 3 × age g on each day of age (120 g at 20 days). */
const dailyGrams = (idade: number) => 60 + 3 * idade;
const PONTOS = Array.from({ length: 61 }, (_, idade) => ({ idade, peso: 42 + 50 * idade, consumo_acumulado: 60 * idade + (3 * idade * (idade - 1)) / 2 }));

/** kg/h `birds` eat at `at` as the standard says (the truth the scale's series is drawn from in case A). */
const curveRate = (birds: number, at: number) => (birds * dailyGrams(Math.floor((at - PLACED_AT) / DAY_MS))) / 24_000;
/** kg eaten by `birds` on the curve between two instants, minute by minute. */
function curveEaten(birds: number, from: number, to: number): number {
  let kg = 0;
  for (let at = from; at < to; at += MINUTE_MS) kg += (curveRate(birds, at) * Math.min(MINUTE_MS, to - at)) / HOUR_MS;
  return kg;
}
/** The instant `birds` on the curve have eaten `kg` from `from` on (minute steps, interpolated). */
function curveEmptyAt(birds: number, from: number, kg: number): number {
  let left = kg;
  for (let at = from; ; at += MINUTE_MS) {
    const minute = curveRate(birds, at) / 60;
    if (minute >= left) return at + (left / minute) * MINUTE_MS;
    left -= minute;
  }
}

describeEachDialect('silo run-out (getsilofim)', (portal) => {
  let owner: TestAccount;
  let farmA: Nucleo;
  let farmB: Nucleo;
  const silos: Record<'curve' | 'steady' | 'filled' | 'twin', Silo> = {} as never;
  const fillStart = Date.parse('2026-05-18T13:00:00Z');
  const fillEnd = fillStart + 40 * MINUTE_MS;

  const silofim = (account: TestAccount, query = '') => portal().request<SiloFimResponse>('GET', `/api/getsilofim?prop=${owner.user.id}${query}`, { token: account.token });
  const scaleSilo = async (farm: Nucleo, house: number | null) => {
    const device = await insertDevice(portal(), owner, 'BSILO', { nucleo_id: farm.id });
    const silo = await createSilo(portal(), owner, farm, { capacidade_kg: 20_000, device_id: device.id, aviarios: house === null ? [] : [house] });
    return { silo, device: { id: device.id, owner_id: owner.user.id } };
  };

  beforeAll(async () => {
    owner = await createAccount(portal());
    await setPortalClock(portal(), owner, NOW);
    farmA = await createNucleo(portal(), owner);
    farmB = await createNucleo(portal(), owner);
    const padrao = await createPadrao(portal(), owner, { pontos: PONTOS });
    const [houseA1, houseA2] = farmA.aviarios.map((house) => house.id);
    // Case A: 12,000 birds eating on the curve (60 kg/h today, more each day).
    await createLote(portal(), owner, farmA, { aviarios: [houseA1!], data_alojamento: PLACEMENT, aves_misto: 12_000, padrao_id: padrao.id });
    // Case B: 6,000 birds the standard expects to eat 30 kg/h, eating 60 kg/h steadily.
    await createLote(portal(), owner, farmA, { aviarios: [houseA2!], data_alojamento: PLACEMENT, aves_misto: 6_000, padrao_id: padrao.id });

    const span = { from: NOW - 30 * HOUR_MS, to: NOW };
    const curve = await scaleSilo(farmA, houseA1!);
    await feedSiloScale(portal(), curve.device, span, (at) => 8000 + curveEaten(12_000, at, NOW), { kg: NOISE_KG, random: seededRandom(1) });
    const steady = await scaleSilo(farmA, houseA2!);
    await feedSiloScale(portal(), steady.device, span, (at) => 8000 + (60 * (NOW - at)) / HOUR_MS, { kg: NOISE_KG, random: seededRandom(2) });

    // Farm B: no flock; 60 kg/h from 6,000 kg at midnight of the 17th, one silo filled by 8,000 kg over 40 min on the 18th.
    const days = { from: Date.parse('2026-05-17T03:00:00Z'), to: NOW };
    const drained = (at: number) => 9000 - (60 * (at - days.from)) / HOUR_MS;
    const filled = await scaleSilo(farmB, null);
    const fill = (at: number) => 8000 * Math.min(1, Math.max(0, (at - fillStart) / (fillEnd - fillStart)));
    await feedSiloScale(portal(), filled.device, days, (at) => drained(at) + fill(at), { kg: NOISE_KG, random: seededRandom(3) });
    const twin = await scaleSilo(farmB, null);
    await feedSiloScale(portal(), twin.device, days, drained, { kg: NOISE_KG, random: seededRandom(3) });
    Object.assign(silos, { curve: curve.silo, steady: steady.silo, filled: filled.silo, twin: twin.silo });
  });

  it('8,000 kg eaten at 60 kg/h by birds on a growing intake curve: empty by within 1 h of the truth, on the expected intake', async () => {
    const answer = await silofim(owner);
    expect(answer.status).toBe(200);
    const curve = answer.body.silos.find((silo) => silo.silo_id === silos.curve.id)!;
    const lastRead = Date.parse(curve.lido_em!);
    expect(NOW - lastRead).toBeLessThan(5 * MINUTE_MS);
    expect(Math.abs(curve.saldo_kg! - 8000)).toBeLessThanOrEqual(NOISE_KG);
    // The last day's eating: 58.5 kg/h before midnight, 60 after.
    expect(curve.consumo_kg_h).toBeGreaterThan(58);
    expect(curve.consumo_kg_h).toBeLessThanOrEqual(60.5);
    expect(curve.esperado_kg_h).toBe(60);
    expect(curve.base).toBe('esperado');
    const truth = curveEmptyAt(12_000, lastRead, 8000);
    expect(Math.abs(Date.parse(curve.vazio_em!) - truth)).toBeLessThanOrEqual(HOUR_MS);
    // The recent rate alone would say 8000 / 60 = 133 h: later than the growing flock empties it.
    expect(truth - lastRead).toBeLessThan(130 * HOUR_MS);
    expect(curve.horas).toBeCloseTo((Date.parse(curve.vazio_em!) - NOW) / HOUR_MS, 1);
  });

  it('birds eating more than their standard: empty by from the recent consumption, within 1 h of the truth', async () => {
    const steady = (await silofim(owner)).body.silos.find((silo) => silo.silo_id === silos.steady.id)!;
    expect(steady.consumo_kg_h).toBeGreaterThan(59.5);
    expect(steady.consumo_kg_h).toBeLessThan(60.5);
    expect(steady.esperado_kg_h).toBe(30);
    expect(steady.base).toBe('consumo');
    const truth = Date.parse(steady.lido_em!) + (8000 / 60) * HOUR_MS;
    expect(Math.abs(Date.parse(steady.vazio_em!) - truth)).toBeLessThanOrEqual(HOUR_MS);
  });

  it('a +8,000 kg fill over 40 minutes is one delivery within 1 %, that day’s consumption unchanged, and the rate leaves it out', async () => {
    const days = (silo: Silo) => portal().request<SiloLeiturasResponse>('GET', `/api/getsiloleituras?id=${silo.id}&di=2026-05-17&df=2026-05-19`, { token: owner.token });
    const [filled, twin] = [(await days(silos.filled)).body, (await days(silos.twin)).body];
    expect(filled.entregas).toHaveLength(1);
    expect(Math.abs(filled.entregas[0]!.quantidade_kg - 8000)).toBeLessThanOrEqual(80);
    expect(twin.entregas).toEqual([]);
    filled.dias.forEach((day, index) => {
      // The same birds, the same noise: with or without the truck, each day eats the same (1440 kg).
      expect(Math.abs(day.consumo_kg! - twin.dias[index]!.consumo_kg!)).toBeLessThanOrEqual(14.4);
      expect(Math.abs(day.consumo_kg! - 1440)).toBeLessThanOrEqual(14.4 + 2 * NOISE_KG);
    });
    expect(filled.dias[1]!.entregas_kg).toBe(filled.entregas[0]!.quantidade_kg);

    // The deliveries log: confirming records the detected amount.
    const confirmed = await portal().request('POST', '/api/confirmentrega', { token: owner.token, body: { idsilo: silos.filled.id, em: filled.entregas[0]!.em, confirmar: true } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.entrega).toMatchObject({ situacao: 'confirmada', quantidade_kg: filled.entregas[0]!.quantidade_kg });

    const fim = (await silofim(owner, `&nucleo_id=${farmB.id}`)).body.silos;
    expect(fim.map((silo) => silo.silo_id).sort()).toEqual([silos.filled.id, silos.twin.id].sort());
    const rate = fim.find((silo) => silo.silo_id === silos.filled.id)!;
    expect(Math.abs(rate.consumo_kg_h! - 60)).toBeLessThan(1);
    expect(rate).toMatchObject({ esperado_kg_h: null, base: 'consumo' });
  });

  it('refuses another account’s farm and silos; a farm-limited grant sees its farms only; bad input 400', async () => {
    const stranger = await createAccount(portal());
    const strangerFarm = await createNucleo(portal(), stranger);
    expect((await silofim(stranger)).status).toBe(404);
    expect((await silofim(owner, `&nucleo_id=${strangerFarm.id}`)).status).toBe(404);
    const own = await portal().request<SiloFimResponse>('GET', '/api/getsilofim', { token: stranger.token });
    expect(own.body.silos).toEqual([]);

    const farmBReader = await createAccount(portal());
    await grantAccess(portal(), owner, farmBReader, 'leitura', [farmB.id]);
    const limited = await silofim(farmBReader);
    expect(limited.status).toBe(200);
    expect(limited.body.silos.every((silo) => silo.nucleo_id === farmB.id)).toBe(true);
    expect(limited.body.silos).toHaveLength(2);
    expect((await silofim(farmBReader, `&nucleo_id=${farmA.id}`)).status).toBe(404);

    for (const query of ['&nucleo_id=x', '&nucleo_id=0', '&nucleo_id=-3']) {
      const answer = await silofim(owner, query);
      expect([query, answer.status]).toEqual([query, 400]);
    }
  });
});
