import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { partitionUpkeep, type Database } from './db/dialect.js';
import { mqttOverWebSocket } from './mqtt/broker.js';
import { deviceGateway } from './mqtt/gateway.js';
import { clusterTransport, instanceCluster } from './realtime/cluster.js';
import { authenticate } from './http/auth.js';
import { clientErrorHandler, frameworkError, registerErrorHandling, requireHostHeader } from './http/errors.js';
import { securityHeadersHook } from './http/security-headers.js';
import { OPENAPI_SECURITY_SCHEMES } from './http/route.js';
import { createLogger, redactUrl } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { createEventBus, type EventBus } from './events/index.js';
import { resolveSecretKey } from './secret-key.js';
import { accountsModule } from './modules/accounts/index.js';
import type { ModuleContext } from './modules/context.js';
import { devicesModule } from './modules/devices/index.js';
import { farmsModule } from './modules/farms/index.js';
import { standardsModule } from './modules/standards/index.js';
import { flocksModule } from './modules/flocks/index.js';
import { chartsModule } from './modules/charts/index.js';
import { weighingsModule } from './modules/weighings/index.js';
import { importsModule } from './modules/imports/index.js';
import { mqttHooksModule } from './modules/mqttHooks/index.js';
import { silosModule } from './modules/silos/index.js';
import { fumigatorsModule } from './modules/fumigators/index.js';
import { dosingModule } from './modules/dosing/index.js';
import { collectionPointsModule } from './modules/collectionPoints/index.js';
import { collectionHistoryModule } from './modules/collectionHistory/index.js';
import { healthModule } from './modules/health/index.js';
import { integrationsModule } from './modules/integrations/index.js';
import { keysModule } from './modules/keys/index.js';
import { apiTokensModule } from './modules/apiTokens/index.js';
import { liveModule } from './modules/live/index.js';
import { troughsModule } from './modules/troughs/index.js';
import { readingsModule } from './modules/readings/index.js';
import { alarmsModule } from './modules/alarms/index.js';
import { feedModule } from './modules/feed/index.js';
import { performanceModule } from './modules/performance/index.js';
import { forecastModule } from './modules/forecast/index.js';
import { sexSplitModule } from './modules/sexsplit/index.js';
import { permissionsModule } from './modules/permissions/index.js';
import { createServices, type Services } from './modules/services.js';
import { reportRunner } from './reports/runner.js';

export interface AppDeps {
  config: Config;
  /** Migrated database. */
  database: Database;
  clock?: () => number;
  mailer?: Mailer;
  /** The process's logger (main.ts shares it with the database); tests get one from the config. */
  logger?: FastifyBaseLogger;
  /** Handed the portal's own services and event bus once built (tests drive jobs on the portal's clock and bus). */
  expose?: (built: { services: Services; events: EventBus }) => void;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the portal without listening, so tests and main.ts start it the same way. */
export async function buildApp({ config, database, clock = Date.now, mailer, logger, expose }: AppDeps): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config);
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    loggerInstance: log,
    // One line per request, written when it ends (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Node's own answers to a missing Host or a malformed request carry no {code, message}: ours do.
    http: { requireHostHeader: false },
    clientErrorHandler: clientErrorHandler(log),
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  app.addHook('onRequest', requireHostHeader);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime), ip: request.ip },
      'request',
    );
  });

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Poultry and feed weighing portal API', version: '1.0.0' },
      components: { securitySchemes: OPENAPI_SECURITY_SCHEMES },
      // Every call takes a session; the calls an API token may make say so (http/route.ts).
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // Helmet's headers, computed once (http/security-headers.ts).
  app.addHook('onRequest', securityHeadersHook(config));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // Every module's service, built once; the gateway and the route plugins below take them from here.
  const events = createEventBus(app.log);
  // Resolved at start, so a missing or broken key file shows before the first save.
  const secretKey = resolveSecretKey(config, app.log);
  const services = createServices({ config, database, clock, log: app.log, events, mailer, secretKey: () => secretKey });
  const { accounts } = services;
  expose?.({ services, events });
  // Browsers' live channel (/ws) and devices' MQTT over WebSocket (/mqtt); frames of pictures are the largest.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  // Built after the services, which never see it: what they tell it goes through events ('grants.changed', 'device.changed').
  const gateway = deviceGateway({ config, services, events, clock, log: app.log });
  // With several instances each device message is handled by one: live events and cache notices cross over (realtime/cluster.ts).
  const cluster = instanceCluster({ transport: clusterTransport(config, app.log), gateway, events, log: app.log });
  app.addHook('onReady', async () => {
    await cluster.start();
    await gateway.start();
  });
  app.addHook('onClose', async () => {
    await gateway.stop();
    await cluster.close();
  });
  if (!config.MQTT_URL) await app.register(mqttOverWebSocket((stream, request, address) => gateway.handleConnection(stream, request, address)));

  // Heavy report calls run on a worker pool, so light calls and devices never wait behind them.
  const reports = reportRunner({ config, database, services, clock, log: app.log });
  app.addHook('onClose', () => reports.close());
  // Device readings summed per minute and hour, and purged past each account's retention (one instance at a time).
  app.addHook('onReady', async () => services.readingsJobs.start());
  app.addHook('onClose', () => services.readingsJobs.stop());
  // The alarm rules evaluated every minute, then their delivery (one instance at a time).
  app.addHook('onReady', async () => services.alarmsJob.start());
  app.addHook('onClose', () => services.alarmsJob.stop());
  // Integration exports on their schedules and on "Enviar agora" (one instance at a time).
  app.addHook('onReady', async () => services.integrationsJob.start());
  app.addHook('onClose', () => services.integrationsJob.stop());
  // PostgreSQL's monthly partitions of weighings and readings: the coming months made at start and daily.
  const partitions = partitionUpkeep(database, clock, app.log);
  app.addHook('onReady', async () => partitions.start());
  app.addHook('onClose', () => partitions.stop());

  const context: ModuleContext = {
    config,
    database,
    clock,
    log: app.log,
    requireAccount: authenticate(accounts, services.apiTokens),
    authenticateToken: async (token) => {
      const session = await accounts.authenticate(token);
      return session && { userId: session.user_id, sessionId: session.id };
    },
    scopes: services.scopes,
    gateway,
    reports,
    services,
    events,
  };
  await app.register(healthModule(context));
  await app.register(accountsModule(context));
  // Farm records (spec sections 2, 3, 6, 7): one line per feature module.
  await app.register(permissionsModule(context));
  await app.register(farmsModule(context));
  await app.register(integrationsModule(context));
  await app.register(devicesModule(context));
  await app.register(keysModule(context));
  await app.register(apiTokensModule(context));
  await app.register(silosModule(context));
  await app.register(fumigatorsModule(context));
  await app.register(collectionPointsModule(context));
  await app.register(standardsModule(context));
  await app.register(flocksModule(context));
  await app.register(chartsModule(context));
  await app.register(weighingsModule(context));
  await app.register(importsModule(context));
  await app.register(mqttHooksModule(context));
  await app.register(liveModule(context));
  await app.register(collectionHistoryModule(context));
  await app.register(feedModule(context));
  await app.register(performanceModule(context));
  await app.register(forecastModule(context));
  await app.register(sexSplitModule(context));
  await app.register(troughsModule(context));
  await app.register(dosingModule(context));
  await app.register(readingsModule(context));
  await app.register(alarmsModule(context));
  // (modules: next feature modules here)

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
  } else {
    app.log.warn({ webDist }, 'web client not built: run `npm run build` to serve the portal pages');
  }
  return app;
}
