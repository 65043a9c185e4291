import {
  deviceKey,
  LIVE_CHANNEL_VERSION,
  LIVE_CHIP_MIN,
  LIVE_CLOSE,
  LIVE_PATH,
  isLiveModel,
  type LiveClientMessage,
  type LiveDevice,
  type LiveServerMessage,
} from '@portal/shared';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { getToken } from './authStorage';

export type LiveStatus = 'connecting' | 'open' | 'closed';
type Listener = (message: LiveServerMessage) => void;

/** Backoff between reconnects: 0.5 s doubling to 15 s, with jitter so tabs don't return in step. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const PING_MS = 25_000;

/** The device keys of section 7: live models with a chip id of at least 2 characters. */
export function liveDevicesOf(devices: readonly { modelo: string; serie: string; chip_id: string }[]): LiveDevice[] {
  // Only the key's three fields: whole device records would put names and notes on the socket.
  return devices
    .filter((device) => isLiveModel(device.modelo) && device.chip_id.length >= LIVE_CHIP_MIN)
    .map((device) => ({ modelo: device.modelo, serie: device.serie, chip_id: device.chip_id }) as LiveDevice);
}

/**
 * The tab's one WebSocket to the portal (/ws). It signs in with the session token, registers the
 * devices the mounted screens show (the union of every screen's list), reconnects by itself and
 * re-registers after a reconnect. Sending while it is down does not queue: the caller is told.
 */
class LiveChannel {
  private socket: WebSocket | null = null;
  private status: LiveStatus = 'closed';
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly statusListeners = new Set<() => void>();
  private readonly listeners = new Set<Listener>();
  /** Registrations by screen: a key's count of screens showing it. */
  private readonly wanted = new Map<string, { device: LiveDevice; count: number }>();
  private registerTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;

  getStatus = (): LiveStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Every message from the portal; returns the unsubscribe function. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds devices to the registered set (counted per caller); returns the release function. */
  want(devices: readonly LiveDevice[]): () => void {
    for (const device of devices) {
      const key = deviceKey(device);
      const entry = this.wanted.get(key);
      if (entry) entry.count += 1;
      else this.wanted.set(key, { device, count: 1 });
    }
    this.ensureStarted();
    this.scheduleRegister();
    return () => {
      for (const device of devices) {
        const key = deviceKey(device);
        const entry = this.wanted.get(key);
        if (entry && --entry.count <= 0) this.wanted.delete(key);
      }
      this.scheduleRegister();
    };
  }

  /**
   * Opens the channel without devices: the header's bell listens for `{t:'alarmes'}` on every
   * signed-in screen, whatever devices it shows. Stays open until stop() (sign-out).
   */
  open(): void {
    this.ensureStarted();
  }

  /** Sends a command; false when the socket is down (spec section 8: the message is not sent). */
  send(message: LiveClientMessage): boolean {
    if (this.status !== 'open' || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** After sign-out: close and stay closed until something wants devices again. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.socket?.close(1000);
    this.socket = null;
    this.setStatus('closed');
  }

  private ensureStarted(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect(): void {
    const token = getToken();
    if (!token) {
      this.stop();
      return;
    }
    const url = new URL(LIVE_PATH.slice(1), window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    url.search = '';
    this.setStatus('connecting');
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ t: 'hello', v: LIVE_CHANNEL_VERSION, token } satisfies LiveClientMessage));
    socket.onmessage = (event) => {
      let message: LiveServerMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        console.error('live channel: a message that is not JSON', event.data);
        return;
      }
      if (message.t === 'ready') {
        this.retries = 0;
        this.setStatus('open');
        this.register();
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ t: 'ping' }), PING_MS);
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      this.setStatus('closed');
      // A rejected session: the next API call leads to the login page; don't hammer the server.
      if (this.stopped || event.code === LIVE_CLOSE.unauthenticated) return;
      const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.retries) * (0.75 + Math.random() / 2);
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Screens mount together: one registrar for all of them. */
  private scheduleRegister(): void {
    clearTimeout(this.registerTimer);
    this.registerTimer = setTimeout(() => this.register(), 20);
  }

  private register(): void {
    this.send({ t: 'registrar', dispositivos: [...this.wanted.values()].map((entry) => entry.device) });
  }
}

export const liveChannel = new LiveChannel();

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveChannel.subscribeStatus, liveChannel.getStatus);
}

/**
 * Registers `devices` while the component is mounted and calls `onMessage` for every message
 * about one of them (by key). The callback may change between renders.
 */
export function useLiveDevices(devices: readonly { modelo: string; serie: string; chip_id: string }[], onMessage: Listener): void {
  const live = useMemo(() => liveDevicesOf(devices), [devices]);
  const keys = useMemo(() => live.map(deviceKey).sort().join('\n'), [live]);
  const [handler] = useState(() => ({ current: onMessage }));
  handler.current = onMessage;
  useEffect(() => {
    if (live.length === 0) return;
    const release = liveChannel.want(live);
    const wanted = new Set(keys.split('\n'));
    const unlisten = liveChannel.listen((message) => {
      if ('chave' in message && wanted.has(message.chave)) handler.current(message);
      else if (message.t === 'erro' || message.t === 'registrado') handler.current(message);
    });
    return () => {
      unlisten();
      release();
    };
    // keys stands for live's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
}
