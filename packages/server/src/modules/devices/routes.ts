import {
  delDeviceBody,
  deletedResponse,
  device,
  deviceConn,
  deviceList,
  deviceSaved,
  deviceTypeList,
  protocoloList,
  recordQuery,
  registerDeviceBody,
  requiredIdQuery,
  updateDeviceBody,
} from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import { DEVICE_TYPES, PROTOCOLS } from './protocol.js';
import type { DevicesService } from './service.js';

const tags = ['devices'];

/** Devices do not fit the generic record calls: updates have their own call and saves may carry a key. */
export function devicesRoutes(devices: DevicesService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/registerdevice',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "Register a device (with `chave`: into the key owner's account); the answer carries its broker secret, once",
          body: registerDeviceBody,
          response: { 200: deviceSaved },
        },
      },
      async (request) => {
        const { userId } = accountOf(request);
        const body = request.body;
        if (body.chave !== undefined) return devices.registerWithKey(body.chave, body, { userId, ip: request.ip });
        return devices.register(await scopes.resolve(userId, body.prop, 'manage'), body);
      },
    );

    app.post(
      '/api/updatedevice',
      {
        onRequest: requireAccount,
        schema: { tags, summary: 'Update a device (model and serial never change; renovar_credencial issues a new secret)', body: updateDeviceBody, response: { 200: deviceSaved } },
      },
      async (request) => devices.update(await scopes.resolve(accountOf(request).userId, request.body.prop, 'manage'), request.body),
    );

    app.post(
      '/api/deldevice',
      { onRequest: requireAccount, schema: { tags, summary: 'Delete a device', body: delDeviceBody, response: { 200: deletedResponse } } },
      async (request) => {
        const { iddevice, prop } = request.body;
        await devices.remove(await scopes.resolve(accountOf(request).userId, prop, 'manage'), iddevice);
        return { ok: true as const, id: iddevice };
      },
    );

    app.get(
      '/api/getdevice',
      { onRequest: requireAccount, schema: { tags, summary: 'One device (?id) or the list, by model and serial', querystring: recordQuery, response: { 200: z.union([device, deviceList]) } } },
      async (request) => {
        const { id, prop } = request.query;
        const scope = await scopes.resolve(accountOf(request).userId, prop, 'read');
        return id === undefined ? devices.list(scope) : devices.get(scope, id);
      },
    );

    app.get(
      '/api/getdevice_conn',
      { onRequest: requireAccount, schema: { tags, summary: 'How a device connects: broker, login name, topics', querystring: requiredIdQuery, response: { 200: deviceConn } } },
      async (request) => devices.connection(await scopes.resolve(accountOf(request).userId, request.query.prop, 'read'), request.query.id),
    );

    app.get(
      '/api/getdevice_type',
      { onRequest: requireAccount, schema: { tags, summary: 'Every device model, its icon and whether it is live', response: { 200: deviceTypeList } } },
      async () => DEVICE_TYPES,
    );

    app.get(
      '/api/getprotocolos',
      { onRequest: requireAccount, schema: { tags, summary: 'The protocols the portal speaks with devices', response: { 200: protocoloList } } },
      async () => PROTOCOLS,
    );
  };
}
