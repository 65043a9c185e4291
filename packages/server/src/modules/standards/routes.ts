import { delPadraoBody, padrao, padraoPresetList, registerPadraoBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { StandardsService } from './service.js';

export function standardsRoutes(standards: StandardsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'standards',
        names: { register: 'registerpadrao', get: 'getpadrao', del: 'delpadrao' },
        idKey: 'idpadrao',
        body: registerPadraoBody,
        delBody: delPadraoBody,
        record: padrao,
        service: standards,
        requireAccount,
        scopes,
      }),
    );

    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/getpadrao_presets',
      {
        onRequest: requireAccount,
        schema: { tags: ['standards'], summary: 'Published breed standards to start a standard from', response: { 200: padraoPresetList } },
      },
      async () => standards.presets(),
    );
  };
}
