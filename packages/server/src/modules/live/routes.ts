import { devupdtBody, devupdtRequest, devupdtResponse, fotosQuery, fotosResponse, leiturasQuery, leiturasResponse, remoteList, remoteListQuery, requiredIdQuery } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { LiveService } from './service.js';

const tags = ['live'];
/** Pictures never change once stored: the browser may keep them a day (private: they are an account's). */
const IMAGE_CACHE = 'private, max-age=86400';

export function liveRoutes(live: LiveService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request).userId, prop, 'read');

    app.post(
      '/api/devupdt',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "Devices' online status: minutes since each one's last message (null: never); unknown or unreachable ones are left out",
          description: "The body is the list of {modelo, serie} itself (the caller's own devices), or {prop, dispositivos} to ask about an owner's devices through a grant.",
          body: devupdtBody,
          response: { 200: devupdtResponse },
        },
      },
      async (request) => {
        const { prop, dispositivos } = devupdtRequest(request.body);
        return live.devupdt(await readScope(request, prop), dispositivos);
      },
    );

    app.get(
      '/api/getremotelist',
      { onRequest: requireAccount, schema: { tags, summary: 'Live devices that can be watched remotely, graders first, with their status', querystring: remoteListQuery, response: { 200: remoteList } } },
      async (request) => live.remoteList(await readScope(request, request.query.prop)),
    );

    app.get(
      '/api/getleituras',
      { onRequest: requireAccount, schema: { tags, summary: "A device's recent live readings (this instance's) and its last stored weighings", querystring: leiturasQuery, response: { 200: leiturasResponse } } },
      async (request) => live.leituras(await readScope(request, request.query.prop), request.query.id),
    );

    app.get(
      '/api/getfotos',
      { onRequest: requireAccount, schema: { tags, summary: "A device's days with pictures and the pictures of one day (default: the newest)", querystring: fotosQuery, response: { 200: fotosResponse } } },
      async (request) => live.fotos(await readScope(request, request.query.prop), request.query.id, request.query.data),
    );

    // Loaded by <img> tags: the session cookie (set by /api/setcookie) signs the request in.
    app.get(
      '/img_cs/:id',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'A picture a device sent (bearer token or session cookie); 404 unless the caller may read its device',
          params: requiredIdQuery.pick({ id: true }),
          response: { 200: z.any().describe('The picture (image/jpeg or image/png)') },
        },
      },
      async (request, reply) => {
        const foto = await live.image(accountOf(request).userId, request.params.id);
        return reply.header('Content-Type', foto.mime).header('Cache-Control', IMAGE_CACHE).send(foto.conteudo);
      },
    );
  };
}
