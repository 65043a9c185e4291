import {
  INTEGRACAO_ENVIOS_LISTADOS,
  localMidnight,
  type ConfigTipo,
  type DadoIntegracao,
  type EnvioErro,
  type IntegracaoEnvio,
  type IntegracaoEnvios,
} from '@portal/shared';
import { AppError } from '../../../http/errors.js';
import { requireOwner, type OwnerScope } from '../../permissions/index.js';
import type { ConfigRow, IntegrationConfigsRepository } from '../configs.repository.js';
import type { IntegrationCursorsRepository } from '../cursors.repository.js';
import type { PasswordCipher } from '../password-cipher.js';
import type { RunRow, IntegrationRunsRepository } from '../runs.repository.js';
import { exportStateOf, newSigningSecret } from './state.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toEnvio(row: RunRow): IntegracaoEnvio {
  return {
    id: row.id,
    config_id: row.config_id,
    origem: row.origem as IntegracaoEnvio['origem'],
    estado: row.estado as IntegracaoEnvio['estado'],
    desde: row.desde,
    criado_em: iso(row.criado_em)!,
    inicio: iso(row.inicio),
    fim: iso(row.fim),
    paginas: row.paginas,
    linhas: row.linhas,
    tentativas: row.tentativas,
    http_status: row.http_status,
    resposta: row.resposta,
    erro: row.erro as EnvioErro | null,
    erro_detalhe: row.erro_detalhe,
  };
}

/** A paused configuration, for the alarm rule 'integracao_pausada' (modules/alarms/rules). */
export interface PausedConfig {
  id: number;
  tipo: ConfigTipo;
  nome: string;
  pausada_em: number;
  erro: EnvioErro | null;
}

export interface ExportServiceDeps {
  configs: IntegrationConfigsRepository;
  runs: IntegrationRunsRepository;
  cursors: IntegrationCursorsRepository;
  cipher: PasswordCipher;
  timezoneOf: (ownerId: number) => Promise<number>;
  /** Starts a pass of the job at once (the run is done in the background). */
  kick: () => void;
  clock: () => number;
}

/**
 * The export's calls (docs/integrations.md): enviarintegracao, getintegracaoenvios and
 * novosegredointegracao, the owner's alone like the settings themselves; and `paused` for the
 * alarm rule.
 */
export function exportService(deps: ExportServiceDeps) {
  const { configs, runs, cursors, cipher, timezoneOf, kick, clock } = deps;

  async function load(scope: OwnerScope, tipo: ConfigTipo, id: number): Promise<ConfigRow> {
    requireOwner(scope);
    const row = await configs.find(scope.ownerId, tipo, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** "Reenviar desde": every kind's cursor back to the start of `desde` in the owner's time zone. */
  async function rewind(row: ConfigRow, desde: string): Promise<void> {
    const start = localMidnight(desde, await timezoneOf(row.owner_id));
    const now = clock();
    for (const dado of row.dados.split('|')) await cursors.set(row.id, dado, { at: start, id: 0 }, now);
  }

  return {
    /** "Enviar agora", or "Reenviar desde" with `desde`; resumes a paused configuration; answers the run (or the one already waiting). */
    async send(scope: OwnerScope, body: { idindice: number; tipo: ConfigTipo; desde?: string | undefined }): Promise<IntegracaoEnvio> {
      const row = await load(scope, body.tipo, body.idindice);
      if (row.ativo !== 1) throw new AppError('INTEGRATION_INACTIVE');
      if (row.pausada_em !== null) await configs.resume(row.id);
      const waiting = await runs.unfinished(row.id);
      if (waiting) return toEnvio(waiting);
      if (body.desde !== undefined) await rewind(row, body.desde);
      const id = await runs.insertManual(row.owner_id, row.id, body.desde === undefined ? 'manual' : 'reenvio', body.desde ?? null, clock());
      kick();
      return toEnvio((await runs.find(id))!);
    },

    async deliveries(scope: OwnerScope, query: { id: number; tipo: ConfigTipo }): Promise<IntegracaoEnvios> {
      const row = await load(scope, query.tipo, query.id);
      const delivered = await cursors.all(row.id);
      const state = exportStateOf(row, clock(), await timezoneOf(row.owner_id));
      return {
        config_id: row.id,
        estado: state.estado,
        falhas_seguidas: row.falhas_seguidas,
        pausada_em: iso(row.pausada_em),
        ultimo_erro: row.ultimo_erro as EnvioErro | null,
        ultimo_erro_detalhe: row.ultimo_erro_detalhe,
        ultimo_sucesso: iso(row.ultimo_sucesso),
        proxima_execucao: state.proxima_execucao,
        cursores: (row.dados.split('|') as DadoIntegracao[]).map((dado) => ({ dado, ate: iso(delivered.get(dado)?.at ?? null) })),
        envios: (await runs.latest(row.id, INTEGRACAO_ENVIOS_LISTADOS)).map(toEnvio),
      };
    },

    /** A new signing secret, answered this once; the old one stops verifying at once. */
    async renewSecret(scope: OwnerScope, body: { idindice: number; tipo: ConfigTipo }): Promise<{ segredo: string }> {
      const row = await load(scope, body.tipo, body.idindice);
      const segredo = newSigningSecret();
      await configs.setSecret(row.id, cipher.seal(segredo));
      return { segredo };
    },

    /** The owner's paused configurations (both kinds), for the 'integracao_pausada' alarm rule. */
    async paused(ownerId: number): Promise<PausedConfig[]> {
      return (await configs.paused(ownerId)).map((row) => ({
        id: row.id,
        tipo: row.kind as ConfigTipo,
        nome: row.nome,
        pausada_em: row.pausada_em!,
        erro: row.ultimo_erro as EnvioErro | null,
      }));
    },
  };
}
export type ExportService = ReturnType<typeof exportService>;
