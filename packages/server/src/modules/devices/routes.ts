import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import { DEVICE_TYPES, PROTOCOLS } from './protocol.js';
import type { BrokerAddress, DevicesService } from './service.js';

/** Devices do not fit the generic record calls: updates have their own call and saves may carry a key. */
export function devicesRoutes(devices: DevicesService, broker: BrokerAddress, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'registerdevice', { onRequest: requireAccount }, async (request) => {
      const principal = accountOf(request);
      const body = request.body;
      if (body.chave !== undefined) return devices.registerWithKey(body.chave, body, { userId: principal.userId, ip: request.ip });
      return devices.register(await scopes.resolve(principal, body.prop, 'manage'), body);
    });

    route(instance, 'updatedevice', { onRequest: requireAccount }, async (request) =>
      devices.update(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );

    route(instance, 'deldevice', { onRequest: requireAccount }, async (request) => {
      const { iddevice, prop } = request.body;
      await devices.remove(await scopes.resolve(accountOf(request), prop, 'manage'), iddevice);
      return { ok: true as const, id: iddevice };
    });

    route(instance, 'getdevice', { onRequest: requireAccount }, async (request) => {
      const { id, prop } = request.query;
      const scope = await scopes.resolve(accountOf(request), prop, 'read');
      return id === undefined ? devices.list(scope) : devices.get(scope, id);
    });

    route(instance, 'getdevice_conn', { onRequest: requireAccount }, async (request) =>
      devices.connection(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query.id, broker),
    );

    route(instance, 'getdevice_type', { onRequest: requireAccount }, async () => DEVICE_TYPES);

    route(instance, 'getprotocolos', { onRequest: requireAccount }, async () => PROTOCOLS);
  };
}
