import { chave, chaveCreated, chaveUsoList, delChaveBody, getChaveHistBody, registerChaveBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { KeysService } from './service.js';

export function keysRoutes(keys: KeysService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'keys',
        names: { register: 'registerchave', get: 'getchave', del: 'delchave' },
        idKey: 'idchave',
        body: registerChaveBody,
        delBody: delChaveBody,
        record: chave,
        saved: chaveCreated,
        service: keys,
        requireAccount,
        scopes,
      }),
    );

    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/getchavehist',
      {
        onRequest: requireAccount,
        schema: { tags: ['keys'], summary: 'Uses of my access keys (or of one), newest first', body: getChaveHistBody, response: { 200: chaveUsoList } },
      },
      async (request) => keys.history(await scopes.resolve(accountOf(request).userId, request.body.prop, 'read'), request.body),
    );
  };
}
