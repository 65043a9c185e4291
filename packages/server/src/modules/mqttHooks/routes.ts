import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevicesService } from '../devices/index.js';
import { deviceMay, isOwnClientId, sameText, urlLogin } from '../../mqtt/access.js';

const TAGS = ['mqtt'];
const text = (max: number) => z.string().max(max);

const authBody = z.object({ username: text(200), password: text(500), clientid: text(200).optional() });
const aclBody = z.object({ username: text(200), clientid: text(200).optional(), topic: text(500), action: z.enum(['publish', 'subscribe']) });
const allow = z.object({ result: z.literal('allow') });
/** The broker reads `result` (EMQX) or the status (mosquitto-go-auth); code and message as every error answer. */
const deny = z.object({ result: z.literal('deny'), code: z.string(), message: z.string() });
const responses = { 200: allow, 403: deny };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface MqttHooksDeps {
  devices: Pick<DevicesService, 'verifyDeviceCredential' | 'findByCredentialUser'>;
  /** MQTT_HOOK_KEY. */
  hookKey: string | undefined;
  /** MQTT_URL: its login is the portal's own gateway client, allowed everything. */
  brokerUrl: string | undefined;
}

/**
 * Login and topic checks for an external broker (EMQX HTTP auth, mosquitto-go-auth's HTTP backend):
 * the embedded broker's rules (mqtt/access.ts) as HTTP calls. Brokers hold no session; a call
 * is answered only with the X-Portal-Broker-Key header, or when made directly from this machine.
 */
export function mqttHooksRoutes(deps: MqttHooksDeps) {
  const gatewayLogin = urlLogin(deps.brokerUrl);

  function fromBroker(request: FastifyRequest): boolean {
    const key = request.headers['x-portal-broker-key'];
    if (deps.hookKey && typeof key === 'string') return sameText(key, deps.hookKey);
    // The socket's own peer, not request.ip: behind TRUST_PROXY a client names any address it likes.
    // A proxied call (a reverse proxy on this machine) is not a direct one.
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '');
  }

  const denied = (reply: FastifyReply, message: string) => reply.code(403).send({ result: 'deny' as const, code: 'FORBIDDEN', message });

  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/mqtt/auth',
      { schema: { tags: TAGS, summary: "External broker: checks a device's login", body: authBody, response: responses, security: [] } },
      async (request, reply) => {
        if (!fromBroker(request)) return denied(reply, 'Only the MQTT broker may call this.');
        const { username, password, clientid } = request.body;
        if (gatewayLogin && sameText(username, gatewayLogin.username) && sameText(password, gatewayLogin.password)) return { result: 'allow' as const };
        const device = await deps.devices.verifyDeviceCredential(username, password);
        // The embedded broker's rule (mqtt/access.ts): a device connects only with its own client
        // id. A broker that does not send the client id cannot be told which session is taken, so
        // a device's login without one is refused too.
        if (device && clientid !== undefined && isOwnClientId(device, clientid)) return { result: 'allow' as const };
        if (device) {
          request.log.warn({ username, clientid: clientid ?? null }, 'mqtt hook: client id refused');
          return denied(reply, clientid === undefined ? 'The client id is required.' : "The client id is not the device's own.");
        }
        request.log.warn({ username: username === '' ? null : username, clientid }, 'mqtt hook: login refused');
        return denied(reply, 'Login refused.');
      },
    );

    app.post(
      '/api/mqtt/acl',
      { schema: { tags: TAGS, summary: 'External broker: may this login publish or subscribe to this topic', body: aclBody, response: responses, security: [] } },
      async (request, reply) => {
        if (!fromBroker(request)) return denied(reply, 'Only the MQTT broker may call this.');
        const { username, clientid, topic, action } = request.body;
        if (gatewayLogin && sameText(username, gatewayLogin.username)) return { result: 'allow' as const };
        const row = await deps.devices.findByCredentialUser(username);
        // The client id, when the broker sends it, must be the device's own here too.
        const ownSession = clientid === undefined || (row !== undefined && isOwnClientId(row, clientid));
        if (row && ownSession && deviceMay(row, action, topic)) return { result: 'allow' as const };
        request.log.warn({ username, clientid, topic, action }, 'mqtt hook: topic refused');
        return denied(reply, 'Topic refused.');
      },
    );
  };
}
