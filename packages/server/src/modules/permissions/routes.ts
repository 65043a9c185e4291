import { emptyBody, permissaoList, proprietarioList, setPermissoesBody, setPermissoesResponse } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import type { PermissionsService } from './service.js';

const TAGS = ['permissions'];

/** Permissions are always the caller's own: an owner manages who sees its data, nobody else does. */
export function permissionsRoutes(permissions: PermissionsService, requireAccount: onRequestHookHandler) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/permissoes',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'The access I gave to other users', body: emptyBody, response: { 200: permissaoList } } },
      async (request) => permissions.given(accountOf(request).userId),
    );

    app.post(
      '/api/proprietarios',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'Owners whose data I may see, myself first', body: emptyBody, response: { 200: proprietarioList } } },
      async (request) => permissions.owners(accountOf(request).userId),
    );

    app.post(
      '/api/setpermissoes',
      {
        onRequest: requireAccount,
        schema: { tags: TAGS, summary: "Grant, change or remove (nivel 'nenhum') a user's access to my data", body: setPermissoesBody, response: { 200: setPermissoesResponse } },
      },
      async (request) => ({ ok: true as const, permissoes: await permissions.set(accountOf(request).userId, request.body) }),
    );
  };
}
