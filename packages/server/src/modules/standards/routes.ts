import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { StandardsService } from './service.js';

export function standardsRoutes(standards: StandardsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerpadrao', get: 'getpadrao', del: 'delpadrao' },
        idKey: 'idpadrao',
        service: standards,
        requireAccount,
        scopes,
      }),
    );

    route(instance, 'getpadrao_presets', { onRequest: requireAccount }, async () => standards.presets());
  };
}
