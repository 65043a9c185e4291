import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { PermissionsService } from './service.js';

/** Permissions are always the caller's own: an owner manages who sees its data, nobody else does. */
export function permissionsRoutes(permissions: PermissionsService, requireAccount: onRequestHookHandler) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'permissoes', { onRequest: requireAccount }, async (request) => permissions.given(accountOf(request).userId));

    route(instance, 'proprietarios', { onRequest: requireAccount }, async (request) => permissions.owners(accountOf(request).userId));

    route(instance, 'setpermissoes', { onRequest: requireAccount }, async (request) => ({
      ok: true as const,
      permissoes: await permissions.set(accountOf(request).userId, request.body),
    }));
  };
}
