import { devupdtRequest, requiredIdQuery } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { DeviceGateway } from '../../mqtt/types.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { LiveService } from './service.js';

const tags = ['live'];
/** Pictures never change once stored: the browser may keep them a day (private: they are an account's). */
const IMAGE_CACHE = 'private, max-age=86400';

export function liveRoutes(live: LiveService, gateway: Pick<DeviceGateway, 'recent'>, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request), prop, 'read');

    route(instance, 'devupdt', { onRequest: requireAccount }, async (request) => {
      const { prop, dispositivos } = devupdtRequest(request.body);
      return live.devupdt(await readScope(request, prop), dispositivos);
    });

    route(instance, 'getremotelist', { onRequest: requireAccount }, async (request) => live.remoteList(await readScope(request, request.query.prop)));

    route(instance, 'getleituras', { onRequest: requireAccount }, async (request) => live.leituras(await readScope(request, request.query.prop), request.query.id, gateway));

    route(instance, 'getfotos', { onRequest: requireAccount }, async (request) => live.fotos(await readScope(request, request.query.prop), request.query.id, request.query.data));

    // Loaded by <img> tags: the session cookie (set by /api/setcookie) signs the request in. A
    // machine client follows getfotos' urls with its bearer (an API token of either scope).
    app.get(
      '/img_cs/:id',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'A picture a device sent (bearer token, API token or session cookie); 404 unless the caller may read its device',
          security: [{ bearer: [] }, { apiToken: [] }],
          params: requiredIdQuery.pick({ id: true }),
          response: { 200: z.any().describe('The picture (image/jpeg or image/png)') },
        },
      },
      async (request, reply) => {
        const foto = await live.image(accountOf(request), request.params.id);
        return reply.header('Content-Type', foto.mime).header('Cache-Control', IMAGE_CACHE).send(foto.conteudo);
      },
    );
  };
}
