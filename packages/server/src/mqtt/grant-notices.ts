import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Where portal instances tell each other that a user's grants changed. Instances share the
 * broker: each gateway publishes here and subscribes here. Devices cannot publish on it (they
 * publish only on their own data topic) and the data topics' filter (portal/+/+/dados) does not
 * match it.
 */
export const GRANTS_TOPIC = 'portal/interno/acessos';

interface GrantNotice {
  usuario: number;
  instancia: string;
}

function parseNotice(payload: Buffer): GrantNotice | null {
  try {
    const value = JSON.parse(payload.toString('utf8')) as Partial<GrantNotice> | null;
    if (value && Number.isSafeInteger(value.usuario) && typeof value.instancia === 'string') return value as GrantNotice;
  } catch {
    // Not JSON: refused below.
  }
  return null;
}

/**
 * "The grants of user X changed": told to this instance's listeners at once, and to the other
 * instances through the broker, so every live socket of that user drops what it may no longer read
 * right away, not at its next minute check. A notice that does not reach another instance (broker
 * down) is logged; that instance's sockets still drop it at their minute check.
 */
export function grantNotices(deps: { publish(topic: string, text: string): Promise<void>; log: FastifyBaseLogger }) {
  const instance = randomBytes(8).toString('hex');
  const listeners = new Set<(userId: number) => void>();

  function tell(userId: number): void {
    for (const listener of listeners) {
      try {
        listener(userId);
      } catch (error) {
        deps.log.error({ err: error, userId }, 'grants changed: listener failed');
      }
    }
  }

  return {
    announce(userId: number): void {
      tell(userId);
      const notice: GrantNotice = { usuario: userId, instancia: instance };
      deps.publish(GRANTS_TOPIC, JSON.stringify(notice)).catch((error: unknown) => {
        deps.log.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'grants changed: other instances not told (they check again within a minute)');
      });
    },

    /** A notice from the broker; this instance's own were told already. */
    received(payload: Buffer): void {
      const notice = parseNotice(payload);
      if (!notice) {
        deps.log.warn({ bytes: payload.length }, 'grants changed: unreadable notice dropped');
        return;
      }
      if (notice.instancia !== instance) tell(notice.usuario);
    },

    on(listener: (userId: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
