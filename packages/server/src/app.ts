import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/dialect.js';
import { registerErrorHandling } from './http/errors.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { passwordResetsRepository } from './modules/accounts/password-resets.repository.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { accountsService } from './modules/accounts/service.js';
import { sessionsRepository } from './modules/accounts/sessions.repository.js';
import { throttleRepository } from './modules/accounts/throttle.repository.js';
import { usersRepository } from './modules/accounts/users.repository.js';

export interface AppDeps {
  config: Config;
  /** Migrated database. */
  database: Database;
  clock?: () => number;
  mailer?: Mailer;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Query values that must never reach the log (the setcookie call carries a bearer token). */
const redactUrl = (url: string) => url.replace(/([?&]api-token=)[^&]*/g, '$1[redacted]');

/** Builds the portal without listening, so tests and main.ts start it the same way. */
export async function buildApp({ config, database, clock = Date.now, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Poultry and feed weighing portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const accounts = accountsService({
    config,
    users: usersRepository(database.db),
    sessions: sessionsRepository(database.db),
    resets: passwordResetsRepository(database.db),
    throttle: throttleRepository(database.db),
    mailer: mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.OUTBOX_DIR, log: app.log }),
    clock,
    log: app.log,
  });
  await app.register(accountsRoutes(accounts, config));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
  } else {
    app.log.warn({ webDist }, 'web client not built: run `npm run build` to serve the portal pages');
  }
  return app;
}
