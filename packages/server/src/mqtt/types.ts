import type { LiveReading, LiveServerMessage, PortalMessage } from '@portal/shared';
import type { DeviceIdentity } from '../modules/devices/index.js';

/** A registered device as the gateway knows it (the devices service's record; cached, refreshed when it changes). */
export type KnownDevice = DeviceIdentity;

/**
 * What the gateway hands the browser hub: a message about one device, already stored where
 * it has to be (weighings committed, pictures saved). The hub adds nothing but the fan-out.
 */
export interface DeviceEvent {
  device: Pick<KnownDevice, 'id' | 'owner_id' | 'modelo' | 'serie'>;
  message: Extract<LiveServerMessage, { t: 'leitura' | 'pesagem' | 'imagem' }>;
}

export interface RecentReading {
  em: string;
  leitura: LiveReading;
}

/**
 * The portal's side of the device protocol (mqtt/gateway.ts): in-process on the embedded broker
 * (mqtt/in-process.ts), or one MQTT client on MQTT_URL subscribed to every device's data topic.
 */
export interface DeviceGateway {
  /** Calls `listener` for every accepted message; returns the unsubscribe function. */
  onEvent(listener: (event: DeviceEvent) => void): () => void;
  /** Publishes to the device's command topic; rejects (LIVE_COMMAND_FAILED) when the broker is not reachable. */
  sendCommand(device: Pick<KnownDevice, 'modelo' | 'serie'>, message: PortalMessage): Promise<void>;
  /**
   * Tells every instance (this one at once, the others through the broker) that a user's grants
   * changed, so their live sockets drop the devices the user may no longer read.
   */
  announceGrantsChanged(userId: number): void;
  /** Calls `listener` with the user whose grants changed (on any instance); returns the unsubscribe function. */
  onGrantsChanged(listener: (userId: number) => void): () => void;
  /**
   * An event another instance handled (realtime/cluster.ts): told to the listeners like this
   * instance's own, and a reading kept among the recent ones.
   */
  relay(event: DeviceEvent): void;
  /** The last live readings this instance received from the device (or was relayed), newest first (at most 100). */
  recent(deviceId: number): RecentReading[];
  /** Forgets a cached device (after its record changed or was deleted). */
  forget(modelo: string, serie: string): void;
  /** The embedded broker's TCP port, or null on an external broker. */
  readonly brokerPort: number | null;
  /** True while the gateway takes devices' messages: attached to the embedded broker, or its client subscribed on MQTT_URL. */
  readonly connected: boolean;
}
