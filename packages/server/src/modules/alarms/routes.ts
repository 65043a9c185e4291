import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { AlarmsService } from './service.js';

/**
 * getalarmes (any grant, the farms it reaches), ackalarme and clearalarme (any grant reaching the
 * alarm's farm: acknowledging is an operational act, not a change of settings), getalarmeregras
 * (any grant) and setalarmeregras (a manage grant; docs/alarms.md "Who may do what").
 */
export function alarmsRoutes(alarms: AlarmsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const options = { onRequest: requireAccount };
    route(instance, 'getalarmes', options, async (request) => alarms.list(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query));
    route(instance, 'ackalarme', options, async (request) => alarms.acknowledge(await scopes.resolve(accountOf(request), request.body.prop, 'read'), request.body));
    route(instance, 'clearalarme', options, async (request) => alarms.clear(await scopes.resolve(accountOf(request), request.body.prop, 'read'), request.body));
    route(instance, 'getalarmeregras', options, async (request) => alarms.getRules(await scopes.resolve(accountOf(request), request.query.prop, 'read')));
    route(instance, 'setalarmeregras', options, async (request) => alarms.setRules(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body));
  };
}
