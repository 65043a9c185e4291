import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { HealthRepository } from './health.repository.js';

const TAGS = ['health'];

const healthResponse = z.object({ status: z.literal('ok'), uptime_seconds: z.number() });
const readyResponse = z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) });

/**
 * For load balancers and orchestrators: `health` says the process lives (restart it if not),
 * `ready` that it can serve calls now (database reachable and migrated; send traffic elsewhere if not).
 */
export function healthRoutes(health: HealthRepository) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/health',
      { schema: { tags: TAGS, summary: 'The process is alive', response: { 200: healthResponse } } },
      async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
    );

    app.get(
      '/api/ready',
      { schema: { tags: TAGS, summary: 'The database is reachable and migrated (else 503)', response: { 200: readyResponse } } },
      async (request) => {
        // A database that cannot answer throws here and the error handler answers 503 DATABASE_UNAVAILABLE.
        await health.ping();
        const pending = await health.pendingMigrations();
        if (pending.length > 0) {
          request.log.warn({ pending }, 'not ready: database migrations pending');
          throw new AppError('DATABASE_UNAVAILABLE');
        }
        return { status: 'ready' as const, database: health.dialect };
      },
    );
  };
}
