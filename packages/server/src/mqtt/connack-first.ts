import type { AedesOptions, Client } from 'aedes';

type PreConnectHandler = NonNullable<AedesOptions['preConnect']>;

/** What aedes hands a client's subscriptions to (set in its Client constructor; not in aedes' types). */
type Deliver = (packet: unknown, done: () => void) => void;
interface DeliveringClient {
  deliver0: Deliver;
  deliverQoS: Deliver;
}

/**
 * The CONNACK goes out before any message [MQTT-3.2.0-1]. aedes restores a persistent session's
 * subscriptions (`clean=false`) before it answers the CONNECT, after a few persistence calls; a
 * message routed to the client meanwhile is written at once, ahead of the CONNACK, and mqtt.js (and
 * device firmware) then never sees its connection open. In-process the window is microseconds;
 * clustered over Redis (broker-cluster.ts) it spans several Redis round trips, and a command
 * published just before the device reconnects arrives through Redis exactly then. Each client's
 * deliveries are held until its CONNACK is written, then passed on in order; a client that goes
 * away first has them released undelivered (a persistent session still has them queued).
 */
export function connackFirst() {
  const held = new WeakMap<Client, (() => void)[]>();

  function hold(client: Client): void {
    const delivering = client as unknown as DeliveringClient;
    const waiting: (() => void)[] = [];
    const dropped: (() => void)[] = [];
    held.set(client, waiting);
    for (const name of ['deliver0', 'deliverQoS'] as const) {
      const deliver = delivering[name].bind(client);
      delivering[name] = (packet, done) => {
        if (!held.has(client)) return deliver(packet, done);
        waiting.push(() => deliver(packet, done));
        dropped.push(done);
      };
    }
    // Gone before its CONNACK: the emitter's deliveries must still end, or they keep their slots.
    client.conn.once('close', () => {
      if (!held.has(client)) return;
      held.delete(client);
      for (const done of dropped) done();
    });
  }

  return {
    /** aedes' preConnect: before the session's subscriptions are restored (they take the delivery functions). */
    preConnect: ((client, _packet, done) => {
      hold(client);
      done(null, true);
    }) satisfies PreConnectHandler,
    /** aedes' 'connackSent': the client's held deliveries go out, after the CONNACK. */
    connackSent(client: Client): void {
      const waiting = held.get(client);
      if (!waiting) return;
      held.delete(client);
      for (const deliver of waiting) deliver();
    },
  };
}
