import { delNucleoBody, nucleo, registerNucleoBody, updateNucleoManualBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { FarmsService } from './service.js';

export function farmsRoutes(farms: FarmsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'farms',
        names: { register: 'registernucleo', get: 'getnucleo', del: 'delnucleo' },
        idKey: 'idnucleo',
        body: registerNucleoBody,
        delBody: delNucleoBody,
        record: nucleo,
        service: farms,
        requireAccount,
        scopes,
      }),
    );

    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/updatenucleomanual',
      { onRequest: requireAccount, schema: { tags: ['farms'], summary: "Replace a farm's houses, sides and pens", body: updateNucleoManualBody, response: { 200: nucleo } } },
      async (request) => farms.saveHouses(await scopes.resolve(accountOf(request).userId, request.body.prop, 'manage'), request.body),
    );
  };
}
