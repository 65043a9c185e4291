import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';

/** A browser's push subscription: where to send and the keys the payload is encrypted for. */
export interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The users' Web Push subscriptions (push_assinaturas, migration 0016). */
export function subscriptionsRepository(db: Kysely<Tables>) {
  return {
    /** Keeps a subscription for the user; the same endpoint again (a renewed or moved browser) replaces keys and user. */
    async upsert(userId: number, subscription: { endpoint: string; p256dh: string; auth: string }, now: number): Promise<void> {
      const values = { user_id: userId, p256dh: subscription.p256dh, auth: subscription.auth, created_at: now, falha_em: null, falha: null };
      await db
        .insertInto('push_assinaturas')
        .values({ endpoint: subscription.endpoint, ...values })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
        .execute();
    },

    /** Forgets one of the user's subscriptions (another user's endpoint is left alone); true when it was there. */
    async remove(userId: number, endpoint: string): Promise<boolean> {
      const result = await db.deleteFrom('push_assinaturas').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service says this subscription is gone (404/410). */
    async removeById(id: number): Promise<void> {
      await db.deleteFrom('push_assinaturas').where('id', '=', id).execute();
    },

    async ofUsers(userIds: readonly number[]): Promise<SubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db.selectFrom('push_assinaturas').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('user_id', 'in', [...userIds]).orderBy('id').execute();
    },

    async recordFailure(id: number, reason: string, now: number): Promise<void> {
      await db.updateTable('push_assinaturas').set({ falha_em: now, falha: reason.slice(0, 300) }).where('id', '=', id).execute();
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
