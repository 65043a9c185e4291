import { Duplex } from 'node:stream';

/** The largest packet (remaining length, bytes) a client may declare, before and after its login. */
export interface PacketLimits {
  beforeLogin: number;
  afterLogin: number;
}

/** A client declared a packet over its limit (or a malformed length): its connection is cut. */
export class PacketRefused extends Error {
  constructor(
    readonly declared: number | null,
    readonly limit: number,
    readonly loggedIn: boolean,
  ) {
    super(declared === null ? 'malformed MQTT packet length' : `MQTT packet of ${declared} bytes over the limit of ${limit}`);
  }
}

/** MQTT's remaining length is a varint of at most 4 bytes (MQTT 3.1.1 section 2.2.3). */
const MAX_LENGTH_BYTES = 4;

type Phase = 'connect' | 'awaiting-login' | 'logged-in';

/**
 * One client connection as the broker reads it, with every packet's declared size checked first.
 * aedes (and mqtt-packet's parser) buffer a whole packet before looking at it, so a client could
 * make the broker hold 256 MB before its login is even checked. This reads only the fixed header
 * of each packet (type byte and remaining-length varint) as bytes arrive, and cuts the connection
 * as soon as a declared length is over the limit of the client's state, before its body comes.
 *
 * The first packet (the CONNECT) has the small limit; after it the guard passes nothing more until
 * the broker says the login is good (`loggedIn()`): a client may send packets before its CONNACK,
 * and those would otherwise be read under the small limit or buffered unchecked.
 */
export class GuardedConnection extends Duplex {
  #phase: Phase = 'connect';
  /** Which part of the current packet the next byte belongs to. */
  #reading: 'type' | 'length' | 'body' = 'type';
  #length = 0;
  #lengthBytes = 0;
  #bodyLeft = 0;
  #held: Buffer | null = null;

  constructor(
    readonly inner: Duplex,
    private readonly limits: PacketLimits,
  ) {
    super({ allowHalfOpen: false });
    inner.on('data', (chunk: Buffer) => this.#receive(chunk));
    inner.once('end', () => this.push(null));
    inner.on('error', (error) => this.destroy(error));
    inner.once('close', () => this.destroy());
  }

  /** The broker accepted the login: larger packets may come, and what was held is passed on. Emits 'login'. */
  loggedIn(): void {
    if (this.#phase === 'logged-in' || this.destroyed) return;
    this.#phase = 'logged-in';
    this.emit('login');
    const held = this.#held;
    this.#held = null;
    if (held) this.#receive(held);
    if (this.#held === null && !this.destroyed) this.inner.resume();
  }

  override _read(): void {
    if (this.#phase !== 'awaiting-login') this.inner.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.inner.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.inner.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#held = null;
    this.inner.destroy();
    callback(error);
  }

  #receive(chunk: Buffer): void {
    const scanned = this.#scan(chunk);
    if (scanned instanceof PacketRefused) {
      this.destroy(scanned);
      return;
    }
    const passed = scanned < chunk.length ? chunk.subarray(0, scanned) : chunk;
    if (scanned < chunk.length) {
      this.#held = chunk.subarray(scanned);
      this.inner.pause();
    }
    if (passed.length > 0 && !this.push(passed)) this.inner.pause();
  }

  /** How many bytes of the chunk may pass now, or the refusal of the packet it declares. */
  #scan(chunk: Buffer): number | PacketRefused {
    let at = 0;
    while (at < chunk.length) {
      if (this.#phase === 'awaiting-login') return at;
      if (this.#reading === 'type') {
        at += 1;
        this.#reading = 'length';
        this.#length = 0;
        this.#lengthBytes = 0;
      } else if (this.#reading === 'length') {
        const byte = chunk[at]!;
        at += 1;
        this.#length += (byte & 0x7f) * 128 ** this.#lengthBytes;
        this.#lengthBytes += 1;
        const loggedIn = this.#phase === 'logged-in';
        const limit = loggedIn ? this.limits.afterLogin : this.limits.beforeLogin;
        // Checked on every byte: a length already over the limit is refused without waiting for the rest.
        if (this.#length > limit) return new PacketRefused(this.#length, limit, loggedIn);
        if ((byte & 0x80) === 0) this.#startBody();
        else if (this.#lengthBytes === MAX_LENGTH_BYTES) return new PacketRefused(null, limit, loggedIn);
      } else {
        const taken = Math.min(this.#bodyLeft, chunk.length - at);
        at += taken;
        this.#bodyLeft -= taken;
        if (this.#bodyLeft === 0) this.#packetDone();
      }
    }
    return at;
  }

  #startBody(): void {
    this.#bodyLeft = this.#length;
    if (this.#bodyLeft === 0) this.#packetDone();
    else this.#reading = 'body';
  }

  #packetDone(): void {
    this.#reading = 'type';
    if (this.#phase === 'connect') this.#phase = 'awaiting-login';
  }
}

/**
 * Counts the connections waiting for their login, in all and per remote address; `admit` refuses
 * a new one past either cap. The returned release is idempotent (called on login and on close).
 */
export class PendingLogins {
  #total = 0;
  readonly #byAddress = new Map<string, number>();

  constructor(private readonly limits: { total: number; perAddress: number }) {}

  admit(address: string): (() => void) | null {
    const fromAddress = this.#byAddress.get(address) ?? 0;
    if (this.#total >= this.limits.total || fromAddress >= this.limits.perAddress) return null;
    this.#total += 1;
    this.#byAddress.set(address, fromAddress + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left === 0) this.#byAddress.delete(address);
      else this.#byAddress.set(address, left);
    };
  }

  get size(): number {
    return this.#total;
  }
}
