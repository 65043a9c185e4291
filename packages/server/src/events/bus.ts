import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from './map.js';

export type AppEventName = keyof AppEvents;
export type AppEventListener<K extends AppEventName> = (payload: AppEvents[K]) => void | Promise<void>;

/**
 * The typed in-process event bus: a module that stored something says so once, here; listeners
 * (the live hub, dosing, alarms) subscribe without the writer knowing them. Listeners run after
 * the write committed; one that fails is logged and does not stop the others or the writer.
 */
export interface EventBus {
  on<K extends AppEventName>(name: K, listener: AppEventListener<K>): () => void;
  /** Runs every listener of `name` in order and resolves once all settled. */
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): Promise<void>;
}

export function createEventBus(log: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const listeners = new Map<AppEventName, Set<AppEventListener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as AppEventListener<never>);
      return () => set.delete(listener as AppEventListener<never>);
    },
    async emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          await (listener as AppEventListener<typeof name>)(payload);
        } catch (error) {
          log.error({ err: error, event: name }, 'event listener failed');
        }
      }
    },
  };
}
