import { deviceLabel, MODEL_MESSAGES, type AlarmeRegras, type Device, type DeviceModel } from '@portal/shared';
import type { DevicesService } from '../../devices/index.js';
import type { DosingService } from '../../dosing/index.js';
import type { FlocksService } from '../../flocks/index.js';
import type { FumigatorsService } from '../../fumigators/index.js';
import type { TroughsService } from '../../troughs/index.js';
import type { WeighingsService } from '../../weighings/index.js';
import { missedDosingRule } from './dosers.js';
import { stoppedTroughRule } from './troughs.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './types.js';

/** What the device rules (sem_dados, calha_parada, dosagem_perdida) read of other modules. */
export interface DeviceRuleDeps {
  devices: Pick<DevicesService, 'ofOwner'>;
  flocks: Pick<FlocksService, 'codesOf'>;
  weighings: Pick<WeighingsService, 'deviceScaleActivity'>;
  troughs: Pick<TroughsService, 'stoppedRuns'>;
  fumigators: Pick<FumigatorsService, 'list'>;
  dosing: Pick<DosingService, 'startsBetween'>;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Devices whose scales are told apart by the weighing's `box` and weigh on their own all day (an
 * automatic bird scale's platforms, a ground collector's pens): one of them silent while the
 * device still talks is a scale out of order. Manual scales (the operator walks the pens) and
 * graders (box = a weight class, some stay empty) are left out: their boxes fall silent by design.
 */
export const SCALE_GATEWAY_MODELS: readonly DeviceModel[] = ['CS', 'COLETOR'];
/** A camera sends only on request: its silence says nothing. */
const ON_REQUEST_MODELS: readonly DeviceModel[] = ['CAM'];

/** The silence allowed to a device of this model: bird scales and graders, silo scales, the rest. */
export function silenceMinutes(modelo: string, regras: AlarmeRegras['sem_dados']): number {
  const sends = MODEL_MESSAGES[modelo as DeviceModel] ?? [];
  if (sends.includes('SILO')) return regras.minutos_silo;
  if (sends.includes('PES')) return regras.minutos_balanca;
  return regras.minutos_outros;
}

/**
 * Devices watched for silence: placed on a farm that has a flock not closed (between flocks the
 * houses are empty and devices are often switched off), and heard from at least once (a device
 * never connected is not installed yet). Devices on no farm (in storage) never alarm.
 */
async function watchedDevices(deps: DeviceRuleDeps, ownerId: number): Promise<Device[]> {
  const farmsWithFlock = new Set((await deps.flocks.codesOf(ownerId)).filter((lote) => lote.data_encerramento === null).map((lote) => lote.nucleo_id));
  return (await deps.devices.ofOwner(ownerId)).filter(
    (device) =>
      device.nucleo_id !== null &&
      farmsWithFlock.has(device.nucleo_id) &&
      device.ultimo_contato !== null &&
      !ON_REQUEST_MODELS.includes(device.modelo),
  );
}

/** The scales of live gateways that weighed in the last day but not for their threshold. */
async function silentScales(deps: DeviceRuleDeps, context: RuleContext, gateways: Device[]): Promise<AlarmCondition[]> {
  const activity = await deps.weighings.deviceScaleActivity(context.ownerId, gateways.map((device) => device.id), context.now - DAY_MS);
  const conditions: AlarmCondition[] = [];
  for (const device of gateways) {
    const limiteMin = context.rulesFor(device.nucleo_id).sem_dados.minutos_balanca;
    for (const scale of activity.filter((item) => item.device_id === device.id && item.box !== '')) {
      if (context.now - scale.ultimo_em < limiteMin * MINUTE_MS) continue;
      conditions.push({
        tipo: 'sem_dados',
        severidade: 'alerta',
        nucleo_id: device.nucleo_id,
        alvo_tipo: 'balanca',
        alvo_id: device.id,
        // Names and numbers only: the alarm's title and sentence say, in the reader's language, that it is a scale.
        alvo_nome: `${scale.box} · ${deviceLabel(device)}`,
        chave: `sem_dados:balanca:${device.id}:${scale.box}`,
        detalhe: { balanca: scale.box, modelo: device.modelo, serie: device.serie, ultima_pesagem: iso(scale.ultimo_em), limite_min: limiteMin },
      });
    }
  }
  return conditions;
}

/**
 * sem_dados (docs/alarms.md): a watched device silent for its model's minutes; and one scale
 * (box) of a live gateway (SCALE_GATEWAY_MODELS, itself not silent) that weighed in the last 24 h
 * but not for sem_dados.minutos_balanca. Separate from the device list's 1440-minute idle warning.
 */
export function silentDeviceRule(deps: DeviceRuleDeps): AlarmRule {
  return {
    tipos: ['sem_dados'],
    async check(context) {
      const conditions: AlarmCondition[] = [];
      const gateways: Device[] = [];
      for (const device of await watchedDevices(deps, context.ownerId)) {
        const regras = context.rulesFor(device.nucleo_id).sem_dados;
        if (!regras.ativo) continue;
        const limiteMin = silenceMinutes(device.modelo, regras);
        const lastContact = Date.parse(device.ultimo_contato!);
        if (context.now - lastContact < limiteMin * MINUTE_MS) {
          if (SCALE_GATEWAY_MODELS.includes(device.modelo)) gateways.push(device);
          continue;
        }
        conditions.push({
          tipo: 'sem_dados',
          severidade: 'alerta',
          nucleo_id: device.nucleo_id,
          alvo_tipo: 'dispositivo',
          alvo_id: device.id,
          alvo_nome: deviceLabel(device),
          chave: `sem_dados:dispositivo:${device.id}`,
          detalhe: { modelo: device.modelo, serie: device.serie, ultimo_contato: device.ultimo_contato, limite_min: limiteMin },
        });
      }
      return [...conditions, ...(await silentScales(deps, context, gateways))];
    },
  };
}

/** The device rules, for rules/index.ts: silent devices and scales, stopped troughs, missed dosings. */
export function deviceRules(deps: DeviceRuleDeps): AlarmRule[] {
  return [silentDeviceRule(deps), stoppedTroughRule(deps), missedDosingRule(deps)];
}
