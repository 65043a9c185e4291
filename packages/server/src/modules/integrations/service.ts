import type { IntegracaoConfig, MtechConfig, registerIntegracaoBody, registerMtechBody } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { requireOwner, type OwnerScope } from '../permissions/index.js';
import type { ConfigKind, ConfigRow, ConfigValues, IntegrationConfigsRepository } from './configs.repository.js';
import { exportStateOf, newSigningSecret } from './export/state.js';
import { SealedValueError, type PasswordCipher } from './password-cipher.js';

interface Kinds {
  integracao: { body: z.output<typeof registerIntegracaoBody>; record: IntegracaoConfig };
  mtech: { body: z.output<typeof registerMtechBody>; record: MtechConfig };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The record of a configuration at `now`, in its owner's time zone (for the next run). */
function toRecord<K extends ConfigKind>(kind: K, row: ConfigRow, now: number, timezone: number): Kinds[K]['record'] {
  const base = {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    endpoint: row.endpoint,
    usuario: row.usuario,
    // The password itself never leaves the server.
    senha_definida: row.senha_enc !== null,
    agenda: row.agenda as IntegracaoConfig['agenda'],
    hora: row.hora,
    dados: (row.dados === '' ? [] : row.dados.split('|')) as IntegracaoConfig['dados'],
    ativo: row.ativo === 1,
    ...exportStateOf(row, now, timezone),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  return (kind === 'integracao' ? { ...base, sistema: row.sistema } : { ...base, empresa: row.empresa }) as Kinds[K]['record'];
}

interface Deps {
  configs: IntegrationConfigsRepository;
  cipher: PasswordCipher;
  /** The owner's time zone (accounts), by which a daily schedule's time is read. */
  timezoneOf: (ownerId: number) => Promise<number>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/**
 * Integration (integracao) or Mtech settings: the owner's alone, whatever a grant says. The
 * password is stored sealed with the server's key; an update without `senha` keeps it.
 */
export function integrationConfigsService<K extends ConfigKind>(kind: K, deps: Deps) {
  const { configs, cipher, timezoneOf, clock, log } = deps;
  const recordOf = async (row: ConfigRow) => toRecord(kind, row, clock(), await timezoneOf(row.owner_id));

  async function load(scope: OwnerScope, id: number): Promise<ConfigRow> {
    requireOwner(scope);
    const row = await configs.find(scope.ownerId, kind, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const service = {
    async list(scope: OwnerScope): Promise<Array<Kinds[K]['record']>> {
      requireOwner(scope);
      const timezone = await timezoneOf(scope.ownerId);
      return (await configs.list(scope.ownerId, kind)).map((row) => toRecord(kind, row, clock(), timezone));
    },

    async get(scope: OwnerScope, id: number): Promise<Kinds[K]['record']> {
      return recordOf(await load(scope, id));
    },

    /** Creating one makes its signing secret, answered this once (`segredo`); saving clears a pause. */
    async save(scope: OwnerScope, body: Kinds[K]['body']): Promise<Kinds[K]['record'] & { segredo?: string }> {
      requireOwner(scope);
      const current = body.id === undefined ? undefined : await load(scope, body.id);
      const wanted = body.nome.toLocaleLowerCase('pt-BR');
      const names = await configs.names(scope.ownerId, kind);
      if (names.some((row) => row.id !== current?.id && row.nome.toLocaleLowerCase('pt-BR') === wanted)) {
        throw AppError.field('nome', 'DUPLICATE_NAME');
      }
      const values: ConfigValues = {
        nome: body.nome,
        sistema: 'sistema' in body ? body.sistema : '',
        empresa: 'empresa' in body ? body.empresa : '',
        endpoint: body.endpoint,
        usuario: body.usuario,
        senha_enc: body.senha === undefined ? undefined : cipher.seal(body.senha),
        agenda: body.agenda,
        hora: body.hora,
        dados: body.dados.join('|'),
        ativo: body.ativo ? 1 : 0,
      };
      const now = clock();
      if (current) {
        // A new schedule (or switching on) runs from its next slot, not from one already past.
        const rescheduled = current.agenda !== values.agenda || current.hora !== values.hora || current.ativo !== values.ativo;
        await configs.update(scope.ownerId, kind, current.id, { ...values, pausada_em: null, falhas_seguidas: 0, ...(rescheduled ? { agenda_desde: now } : {}) }, now);
        return recordOf(await load(scope, current.id));
      }
      const segredo = newSigningSecret();
      const id = await configs.insert(scope.ownerId, kind, { ...values, senha_enc: values.senha_enc ?? null, segredo_enc: cipher.seal(segredo), agenda_desde: now }, now);
      return { ...(await recordOf(await load(scope, id))), segredo };
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      await configs.remove(scope.ownerId, kind, current.id);
    },

    /**
     * The clear password, for the code that talks to the other system (never for an answer).
     * A key that cannot open it is logged and thrown, never turned into a wrong password.
     */
    async storedPassword(ownerId: number, id: number): Promise<string | null> {
      const row = await configs.find(ownerId, kind, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.senha_enc === null) return null;
      try {
        return cipher.open(row.senha_enc);
      } catch (error) {
        if (error instanceof SealedValueError) log.error({ kind, id, err: error }, `cannot read the stored ${kind} password: ${error.message}`);
        throw error;
      }
    },
  } satisfies RecordService<Kinds[K]['body'], Kinds[K]['record']> & Record<string, unknown>;
  return service;
}
export type IntegrationConfigsService<K extends ConfigKind> = ReturnType<typeof integrationConfigsService<K>>;
