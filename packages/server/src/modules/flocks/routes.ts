import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { FlocksService } from './service.js';

/**
 * registerlote, getlote, dellote; the daily house records (registerdiario, getdiario, deldiario),
 * the close-out (registerfechamento) and the account's performance settings: reads with any grant,
 * writes with a manage grant.
 */
export function flocksRoutes(flocks: FlocksService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerlote', get: 'getlote', del: 'dellote' },
        idKey: 'idlote',
        service: flocks,
        requireAccount,
        scopes,
      }),
    );
    const { daily } = flocks;
    const options = { onRequest: requireAccount };

    route(instance, 'registerdiario', options, async (request) =>
      daily.register(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
    route(instance, 'getdiario', options, async (request) =>
      daily.list(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
    route(instance, 'deldiario', options, async (request) => {
      await daily.remove(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body.id);
      return { ok: true as const, id: request.body.id };
    });
    route(instance, 'registerfechamento', options, async (request) =>
      flocks.closeOut(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
    route(instance, 'getconfigdesempenho', options, async (request) =>
      daily.getConfig(await scopes.resolve(accountOf(request), request.query.prop, 'read')),
    );
    route(instance, 'setconfigdesempenho', options, async (request) =>
      daily.setConfig(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
  };
}
