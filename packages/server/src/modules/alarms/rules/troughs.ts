import { deviceLabel, TROUGH_MODELS } from '@portal/shared';
import type { DevicesService } from '../../devices/index.js';
import { CALHA_PERIOD_MS, type TroughsService } from '../../troughs/index.js';
import type { AlarmCondition, AlarmRule } from './types.js';

const MINUTE_MS = 60_000;
/** A monitor whose latest reading is older than this (3 storage periods, the trough chart's gap) no longer says the trough is stopped. */
export const CALHA_FRESH_MS = 3 * CALHA_PERIOD_MS;
/**
 * Read this far before the longest threshold: a stop that began earlier is dated from the first
 * reading inside (it still alarms; parada_desde is exact for stops under six hours).
 */
const LOOKBACK_MS = 6 * 60 * MINUTE_MS;

const isTroughMonitor = (modelo: string) => (TROUGH_MODELS as readonly string[]).includes(modelo);

/**
 * calha_parada (docs/alarms.md): a trough whose monitor reports the motor on and the wheel stopped
 * (below 1 rpm, as the trough chart's "travada") in every reading for calha_parada.minutos, the
 * latest within CALHA_FRESH_MS. Clears when a reading turns or has the motor off, or when the
 * monitor falls silent (sem_dados takes over).
 */
export function stoppedTroughRule(deps: { devices: Pick<DevicesService, 'ofOwner'>; troughs: Pick<TroughsService, 'stoppedRuns'> }): AlarmRule {
  return {
    tipos: ['calha_parada'],
    async check(context) {
      const monitors = (await deps.devices.ofOwner(context.ownerId)).filter((device) => isTroughMonitor(device.modelo) && context.rulesFor(device.nucleo_id).calha_parada.ativo);
      if (monitors.length === 0) return [];
      const longest = Math.max(...monitors.map((device) => context.rulesFor(device.nucleo_id).calha_parada.minutos));
      const runs = await deps.troughs.stoppedRuns(context.ownerId, monitors.map((device) => device.id), context.now - longest * MINUTE_MS - LOOKBACK_MS);
      const conditions: AlarmCondition[] = [];
      for (const run of runs) {
        const device = monitors.find((monitor) => monitor.id === run.device_id)!;
        const limiteMin = context.rulesFor(device.nucleo_id).calha_parada.minutos;
        if (context.now - run.ultimo_em > CALHA_FRESH_MS || context.now - run.desde < limiteMin * MINUTE_MS) continue;
        conditions.push({
          tipo: 'calha_parada',
          severidade: 'critico',
          nucleo_id: device.nucleo_id,
          alvo_tipo: 'calha',
          alvo_id: device.id,
          // Names and numbers only: the title says, in the reader's language, that it is a trough.
          alvo_nome: `${run.idcalha} · ${deviceLabel(device)}`,
          chave: `calha_parada:${device.id}:${run.idcalha}`,
          detalhe: { idcalha: run.idcalha, modelo: device.modelo, serie: device.serie, parada_desde: new Date(run.desde).toISOString(), limite_min: limiteMin },
        });
      }
      return conditions;
    },
  };
}
