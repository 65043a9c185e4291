import type { AlarmePreferencias, PushSubscribeBody } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { alarmePreferenciasResponse, pushSubscribeBody, setAlarmePreferenciasBody } from '@portal/shared';
import { AppError } from '../../../http/errors.js';
import type { FarmsService } from '../../farms/index.js';
import type { OwnerScope } from '../../permissions/index.js';
import { defaultPreferences, type PreferencesRepository } from './preferences.repository.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import type { VapidKeys } from './vapid-keys.js';
import type { PushEndpointCheck } from './push-endpoints.js';

type PreferencesAnswer = z.infer<typeof alarmePreferenciasResponse>;
type SetBody = z.output<typeof setAlarmePreferenciasBody>;

/**
 * getalarmepreferencias / setalarmepreferencias (the caller's own, for one owner it reads: any
 * grant), getpushchave, push_subscribe / push_unsubscribe (the caller's own subscriptions).
 */
export function deliveryPreferencesService(deps: {
  preferences: PreferencesRepository;
  subscriptions: SubscriptionsRepository;
  farms: Pick<FarmsService, 'list'>;
  /** The portal's VAPID keys (resolved once, on first use); throws when they cannot be read. */
  vapid: () => VapidKeys;
  /** Whether an endpoint is at an allowed push service (PUSH_SERVICE_HOSTS, push-endpoints.ts). */
  endpointAllowed: PushEndpointCheck;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const { preferences, subscriptions, clock } = deps;

  async function get(scope: OwnerScope): Promise<PreferencesAnswer> {
    const row = await preferences.find(scope.actorId, scope.ownerId);
    const { user_id: _user, owner_id: _owner, ...chosen } = row ?? defaultPreferences(scope.actorId, scope.ownerId);
    return { ...chosen, padrao: row === undefined };
  }

  return {
    get,

    /** Farms named must be the owner's farms the caller reads (else FIELD_INVALID on nucleos, nothing stored). */
    async set(scope: OwnerScope, body: SetBody): Promise<PreferencesAnswer> {
      const { prop: _prop, ...chosen } = body;
      if (chosen.nucleos !== null) {
        const readable = new Set((await deps.farms.list(scope)).map((farm) => farm.id));
        if (!chosen.nucleos.every((id) => readable.has(id))) throw AppError.field('nucleos', 'FIELD_INVALID');
        chosen.nucleos = [...new Set(chosen.nucleos)];
      }
      await preferences.save(scope.actorId, scope.ownerId, chosen satisfies AlarmePreferencias, clock());
      return get(scope);
    },

    pushKey(): { chave_publica: string } {
      try {
        return { chave_publica: deps.vapid().publicKey };
      } catch (error) {
        deps.log.error({ err: error }, 'Web Push keys unavailable');
        throw new AppError('PUSH_UNAVAILABLE');
      }
    },

    async subscribe(userId: number, body: z.output<typeof pushSubscribeBody> | PushSubscribeBody): Promise<{ ok: true }> {
      if (!deps.endpointAllowed(body.endpoint)) throw new AppError('PUSH_ENDPOINT_REFUSED');
      await subscriptions.upsert(userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, clock());
      return { ok: true };
    },

    /** Another user's endpoint (or an unknown one) does not exist for the caller. */
    async unsubscribe(userId: number, endpoint: string): Promise<{ ok: true }> {
      if (!(await subscriptions.remove(userId, endpoint))) throw new AppError('NOT_FOUND');
      return { ok: true };
    },
  };
}
export type DeliveryPreferencesService = ReturnType<typeof deliveryPreferencesService>;
