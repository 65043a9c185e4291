import type { IntegracaoConfig, MtechConfig, registerIntegracaoBody, registerMtechBody } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { requireOwner, type OwnerScope } from '../permissions/index.js';
import type { ConfigKind, ConfigRow, ConfigValues, IntegrationConfigsRepository } from './configs.repository.js';
import { SealedValueError, type PasswordCipher } from './password-cipher.js';

interface Kinds {
  integracao: { body: z.output<typeof registerIntegracaoBody>; record: IntegracaoConfig };
  mtech: { body: z.output<typeof registerMtechBody>; record: MtechConfig };
}

const iso = (ms: number) => new Date(ms).toISOString();

function toRecord<K extends ConfigKind>(kind: K, row: ConfigRow): Kinds[K]['record'] {
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
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  return (kind === 'integracao' ? { ...base, sistema: row.sistema } : { ...base, empresa: row.empresa }) as Kinds[K]['record'];
}

interface Deps {
  configs: IntegrationConfigsRepository;
  cipher: PasswordCipher;
  clock: () => number;
  log: FastifyBaseLogger;
}

/**
 * Integration (integracao) or Mtech settings: the owner's alone, whatever a grant says. The
 * password is stored sealed with the server's key; an update without `senha` keeps it.
 */
export function integrationConfigsService<K extends ConfigKind>(kind: K, deps: Deps) {
  const { configs, cipher, clock, log } = deps;

  async function load(scope: OwnerScope, id: number): Promise<ConfigRow> {
    requireOwner(scope);
    const row = await configs.find(scope.ownerId, kind, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const service = {
    async list(scope: OwnerScope): Promise<Array<Kinds[K]['record']>> {
      requireOwner(scope);
      return (await configs.list(scope.ownerId, kind)).map((row) => toRecord(kind, row));
    },

    async get(scope: OwnerScope, id: number): Promise<Kinds[K]['record']> {
      return toRecord(kind, await load(scope, id));
    },

    async save(scope: OwnerScope, body: Kinds[K]['body']): Promise<Kinds[K]['record']> {
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
        await configs.update(scope.ownerId, kind, current.id, values, now);
        return toRecord(kind, await load(scope, current.id));
      }
      const id = await configs.insert(scope.ownerId, kind, { ...values, senha_enc: values.senha_enc ?? null }, now);
      return toRecord(kind, await load(scope, id));
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
