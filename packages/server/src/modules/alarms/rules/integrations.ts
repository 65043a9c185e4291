import type { ExportService } from '../../integrations/index.js';
import type { AlarmRule } from './types.js';

/** What the rule reads of the integrations module: its export's paused configurations. */
export type PausedIntegrations = Pick<ExportService, 'paused'>;

/**
 * integracao_pausada (docs/alarms.md): one alerta per paused configuration, account-wide (no farm);
 * clears when the configuration sends again (saving it or "Enviar agora" lifts the pause) or is
 * deleted. Always on: the pause is the integrations module's decision, so alarmeRegras has no switch.
 */
export function pausedIntegrationRule(deps: { integrations: PausedIntegrations }): AlarmRule {
  return {
    tipos: ['integracao_pausada'],
    async check(context) {
      const paused = await deps.integrations.paused(context.ownerId);
      return paused.map((config) => ({
        tipo: 'integracao_pausada',
        severidade: 'alerta',
        nucleo_id: null,
        alvo_tipo: 'integracao',
        alvo_id: config.id,
        alvo_nome: config.nome,
        // Integration and Mtech configurations share one table, so the id alone names the configuration.
        chave: `integracao_pausada:integracao:${config.id}`,
        detalhe: { tipo: config.tipo, nome: config.nome, erro: config.erro },
      }));
    },
  };
}
