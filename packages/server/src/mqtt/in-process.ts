import type { Aedes, AedesPublishPacket, Client } from 'aedes';

/**
 * The gateway's way into the embedded broker without an MQTT client of its own. Over a loopback
 * client every reading was written by the broker as an MQTT packet, sent through the kernel, read
 * and parsed again by mqtt.js, and counted against the broker's deliveries in flight: most of what
 * the live path cost (docs/benchmarks.md, "live"). In-process, the gateway takes what the broker
 * already parsed. The external broker (MQTT_URL) keeps the MQTT client (gateway.ts).
 */
export interface InProcessLink {
  /**
   * Calls `listener` with what a client of THIS broker published on a topic `filter` matches (a
   * will included), once the broker has routed it: clustered (broker-cluster.ts), a device's
   * message is taken by the instance it is connected to, and by no other.
   */
  onPublish(filter: string, listener: (topic: string, payload: Buffer) => void): () => void;
  /** Subscribes in-process through the broker's emitter (clustered: to what any instance publishes). */
  subscribe(topic: string, listener: (payload: Buffer) => void): Promise<() => Promise<void>>;
  /** Publishes as the portal (no authorizePublish, as for the former gateway client); resolves once routed. */
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
}

/**
 * Whether an MQTT topic filter (`+` one level, `#` the rest) matches a topic. A topic starting with
 * `$` ($SYS) matches no filter starting with a wildcard, as for a subscription [MQTT-4.7.2-1].
 */
export function compileFilter(filter: string): (topic: string) => boolean {
  const wanted = filter.split('/');
  const rest = wanted.at(-1) === '#';
  const fixed = rest ? wanted.slice(0, -1) : wanted;
  return (topic) => {
    if (topic.startsWith('$') && (wanted[0] === '+' || wanted[0] === '#')) return false;
    const levels = topic.split('/');
    if (rest ? levels.length < fixed.length : levels.length !== fixed.length) return false;
    for (let index = 0; index < fixed.length; index += 1) if (fixed[index] !== '+' && fixed[index] !== levels[index]) return false;
    return true;
  };
}

export function inProcessLink(aedes: Aedes): InProcessLink {
  return {
    onPublish(filter, listener) {
      const matches = compileFilter(filter);
      // Emitted once per publish, after the broker routed it; client is null for its own ($SYS, wills of dead brokers).
      const onPublish = (packet: AedesPublishPacket, _client: Client | null) => {
        if (matches(packet.topic)) listener(packet.topic, packet.payload as Buffer);
      };
      aedes.on('publish', onPublish);
      return () => void aedes.off('publish', onPublish);
    },

    subscribe(topic, listener) {
      const deliver = (packet: AedesPublishPacket, done: () => void) => {
        // A listener's failure must not keep the emitter's delivery pending.
        try {
          listener(packet.payload as Buffer);
        } finally {
          done();
        }
      };
      return new Promise((resolve) =>
        aedes.subscribe(topic, deliver, () => resolve(() => new Promise<void>((unsubscribed) => aedes.unsubscribe(topic, deliver, () => unsubscribed())))),
      );
    },

    publish(topic, payload, qos) {
      return new Promise((resolve, reject) => {
        aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload, 'utf8'), qos, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
