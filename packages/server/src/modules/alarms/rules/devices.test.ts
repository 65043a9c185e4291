import { ALARME_REGRAS_PADRAO, type AlarmesResponse, localDate, localMidnight, type AlarmeRegras, type DeviceSaved, type LiveReading, type Nucleo } from '@portal/shared';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { createDevice } from '../../../test/factories/devices.js';
import { createNucleo } from '../../../test/factories/farms.js';
import { createLote } from '../../../test/factories/flocks.js';
import { createFumigador } from '../../../test/factories/fumigators.js';
import { expectWorded } from '../../../test/alarm-sentences.js';
import { describeEachDialect } from '../../../test/harness.js';
import { testServices } from '../../../test/services.js';
import type { Services } from '../../services.js';
import { silentDeviceRule } from './devices.js';
import { missedDosingRule } from './dosers.js';
import { stoppedTroughRule } from './troughs.js';
import type { AlarmRule, RuleContext } from './types.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const TIMEZONE = -3;
/** 09:00 local on 10 March 2026: the simulated clock the rules are checked at starts here. */
const START = localMidnight('2026-03-10', TIMEZONE) + 9 * HOUR;

/**
 * The device rules (sem_dados, calha_parada, dosagem_perdida) checked directly on simulated time:
 * each raised once just past its threshold, not just before it, and gone once data comes back.
 * The devices' data goes in through the services devices use (contacts, weighings, readings).
 */
describeEachDialect('alarm rules: devices', (portal) => {
  let now = START;
  let services: Services;
  let owner: TestAccount;
  let farm: Nucleo;

  const context = (regras: AlarmeRegras = ALARME_REGRAS_PADRAO): RuleContext => ({ ownerId: owner.user.id, now, timezone: TIMEZONE, rulesFor: () => regras });
  /** The rule's conditions now, each checked to read as its tipo's specific sentence. */
  const checked = async (rule: AlarmRule, regras?: AlarmeRegras) => {
    const conditions = await rule.check(context(regras));
    expectWorded(conditions);
    return conditions;
  };
  const keysOf = async (rule: AlarmRule, regras?: AlarmeRegras) => (await checked(rule, regras)).map((condition) => condition.chave).sort();
  const sender = (device: DeviceSaved) => ({ id: device.id, owner_id: owner.user.id, nucleo_id: device.nucleo_id, modelo: device.modelo, serie: device.serie });

  /** A gateway's weighings on `box`, stored as the MQTT gateway stores them (the record, then the contact) at the simulated now. */
  function weigher(gateway: DeviceSaved) {
    let seq = 0;
    return async (box: string) => {
      seq += 1;
      const hora = new Date(now + TIMEZONE * HOUR).toISOString().slice(11, 19);
      const record = { seq, data: localDate(now, TIMEZONE), hora, nucleo: '', lote: '', aviario: 'A1', lado: '1', box, sexo: 'M', peso: 1500, idade_lote: null, linha: '', score: null, obs: '' };
      const outcome = await services.ingestion.storeFromDevice(sender(gateway), record, now);
      expect(outcome.stored).toBe(true);
      await services.devices.touchContacts([gateway.id], now);
    };
  }

  /** Boxes 1 and 2 weigh; then box 1 goes on every 10 minutes for an hour and box 2 falls silent. */
  async function boxTwoFallsSilent(weigh: (box: string) => Promise<void>, tenMinutesLater: () => void): Promise<void> {
    await weigh('1');
    await weigh('2');
    for (let minute = 10; minute <= 60; minute += 10) {
      tenMinutesLater();
      await weigh('1');
    }
  }

  beforeAll(() => {
    services = testServices(portal(), { clock: () => now });
  });
  // Each rule on an account of its own: one test's devices do not fall silent in another's.
  beforeEach(async () => {
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    await createLote(portal(), owner, farm, { data_alojamento: '2026-03-01' });
  });

  it('sem_dados: a silo scale silent 30 min + 1 raises one alarm, not at 29; its next contact clears it', async () => {
    const silo = await createDevice(portal(), owner, { modelo: 'BSILO', nucleo_id: farm.id, chip_id: 'S1' });
    const stored = await createDevice(portal(), owner, { modelo: 'MCALHA', chip_id: 'M0' });
    const rule = silentDeviceRule(services);
    now = START;
    await services.devices.touchContacts([silo.id, stored.id], now);
    now = START + 29 * MINUTE;
    expect(await keysOf(rule)).toEqual([]);
    now = START + 31 * MINUTE;
    const [condition, ...more] = await checked(rule);
    expect(more).toEqual([]);
    // A silo scale's threshold is minutos_silo (30); the device on no farm never alarms.
    expect(condition).toMatchObject({ tipo: 'sem_dados', severidade: 'alerta', nucleo_id: farm.id, alvo_tipo: 'dispositivo', alvo_id: silo.id, chave: `sem_dados:dispositivo:${silo.id}` });
    expect(condition!.detalhe).toEqual({ modelo: 'BSILO', serie: silo.serie, ultimo_contato: new Date(START).toISOString(), limite_min: 30 });
    expect(await keysOf(rule, { ...ALARME_REGRAS_PADRAO, sem_dados: { ...ALARME_REGRAS_PADRAO.sem_dados, ativo: false } })).toEqual([]);
    await services.devices.touchContacts([silo.id], now);
    expect(await keysOf(rule)).toEqual([]);
  });

  it('sem_dados: one scale of a live gateway silent 60 min + 1 raises one alarm, not at 59; a weighing clears it', async () => {
    const gateway = await createDevice(portal(), owner, { modelo: 'CS', nucleo_id: farm.id, chip_id: 'G1' });
    const rule = silentDeviceRule(services);
    const weigh = weigher(gateway);
    now = START;
    await boxTwoFallsSilent(weigh, () => {
      now += 10 * MINUTE;
    });
    now = START + 59 * MINUTE;
    expect(await keysOf(rule)).toEqual([]);
    now = START + 61 * MINUTE;
    const conditions = await checked(rule);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({ alvo_tipo: 'balanca', alvo_id: gateway.id, chave: `sem_dados:balanca:${gateway.id}:2`, alvo_nome: `2 · ${gateway.nome}` });
    expect(conditions[0]!.detalhe).toMatchObject({ balanca: '2', ultima_pesagem: new Date(START).toISOString(), limite_min: 60 });
    await weigh('2');
    expect(await keysOf(rule)).toEqual([]);
  });

  it('calha_parada: motor on and no rotation for 30 min + 1 raises one critical alarm, not at 29; turning clears it', async () => {
    const monitor = await createDevice(portal(), owner, { modelo: 'MCALHA', nucleo_id: farm.id, chip_id: 'C1' });
    const device = { id: monitor.id, owner_id: owner.user.id, modelo: monitor.modelo, serie: monitor.serie };
    const rule = stoppedTroughRule(services);
    const read = (idcalha: number, rpm: number, ligada: boolean) =>
      services.readings.store(device, { tipo: 'CALHA', idcalha, rpm, voltas: 100, ligada } as LiveReading, now);
    const base = START + 2 * HOUR;
    // Trough 1 turns, then stops with the motor on; trough 2 is stopped with the motor off all along.
    now = base - 5 * MINUTE;
    await read(1, 14.5, true);
    for (let minute = 0; minute <= 31; minute++) {
      now = base + minute * MINUTE;
      await read(1, 0, true);
      await read(2, 0, false);
      if (minute === 29) expect(await keysOf(rule)).toEqual([]);
    }
    now = base + 31 * MINUTE;
    const conditions = await checked(rule);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({ tipo: 'calha_parada', severidade: 'critico', alvo_tipo: 'calha', alvo_id: monitor.id, chave: `calha_parada:${monitor.id}:1` });
    expect(conditions[0]!.detalhe).toMatchObject({ idcalha: 1, parada_desde: new Date(base).toISOString(), limite_min: 30 });
    now += MINUTE;
    await read(1, 12, true);
    expect(await keysOf(rule)).toEqual([]);
  });

  it('dosagem_perdida: a scheduled time passed by 30 min + 1 without a dosing raises one alarm, not at 29; the dosing clears it', async () => {
    const doser = await createDevice(portal(), owner, { modelo: 'DOSADOR', nucleo_id: farm.id, chip_id: 'D1' });
    const fumigador = await createFumigador(portal(), owner, farm, { device_id: doser.id, horarios: ['08:00', '14:00'] });
    const device = { id: doser.id, owner_id: owner.user.id, modelo: doser.modelo, serie: doser.serie };
    const rule = missedDosingRule(services);
    const eight = localMidnight('2026-03-10', TIMEZONE) + 8 * HOUR;
    now = eight + 29 * MINUTE;
    expect(await keysOf(rule)).toEqual([]);
    now = eight + 31 * MINUTE;
    const conditions = await checked(rule);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({ tipo: 'dosagem_perdida', alvo_tipo: 'fumigador', alvo_id: fumigador.id, chave: `dosagem_perdida:${fumigador.id}:2026-03-10:08:00` });
    expect(conditions[0]!.detalhe).toEqual({ data: '2026-03-10', horario: '08:00', produto: fumigador.produto, limite_min: 30 });
    // The doser runs late: its pump's readings open a dosing event, which answers 08:00.
    const dose = (volume_ml: number, ligada: boolean) => services.readings.store(device, { tipo: 'DOSE', volume_ml, vazao_ml_min: ligada ? 120 : 0, ligada } as LiveReading, now);
    await dose(0, false);
    now += MINUTE;
    await dose(5, true);
    expect(await keysOf(rule)).toEqual([]);
    // 14:00 passes with no dosing; the next local day, yesterday's times are not checked any more.
    now = eight + 6 * HOUR + 31 * MINUTE;
    expect(await keysOf(rule)).toEqual([`dosagem_perdida:${fumigador.id}:2026-03-10:14:00`]);
    now = localMidnight('2026-03-11', TIMEZONE) + 7 * HOUR;
    expect(await keysOf(rule)).toEqual([]);
  });

  it('through the engine: a scale silent for T + 1 min raises exactly one alarm on getalarmes; a new weighing clears it', async () => {
    // On the portal's clock, frozen: the job app.ts runs evaluates at the same time as the test.
    portal().freezeClock();
    const gateway = await createDevice(portal(), owner, { modelo: 'CS', nucleo_id: farm.id, chip_id: 'G2' });
    now = Date.parse(gateway.created_at);
    const later = (ms: number) => {
      portal().advanceClock(ms);
      now += ms;
    };
    const weigh = weigher(gateway);
    const scaleAlarms = async (estado: string) => {
      const answer = await portal().request<AlarmesResponse>('GET', `/api/getalarmes?estado=${estado}`, { token: owner.token });
      expect(answer.status).toBe(200);
      return answer.body.alarmes.filter((alarme) => alarme.tipo === 'sem_dados' && alarme.alvo_id === gateway.id);
    };
    const gatewayStart = now;
    await boxTwoFallsSilent(weigh, () => later(10 * MINUTE));
    later(gatewayStart + 59 * MINUTE - now);
    await services.alarmsJob.evaluate(now);
    expect(await scaleAlarms('todos')).toEqual([]);
    later(2 * MINUTE);
    await services.alarmsJob.evaluate(now);
    await services.alarmsJob.evaluate(now);
    const open = await scaleAlarms('ativos');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ estado: 'aberto', severidade: 'alerta', alvo_tipo: 'balanca', nucleo_id: farm.id, detalhe: { balanca: '2', limite_min: 60 } });
    await weigh('2');
    await services.alarmsJob.evaluate(now);
    expect(await scaleAlarms('ativos')).toEqual([]);
    expect((await scaleAlarms('todos')).map((alarme) => [alarme.id, alarme.estado, alarme.encerrado_por])).toEqual([[open[0]!.id, 'encerrado', null]]);
  });
});
