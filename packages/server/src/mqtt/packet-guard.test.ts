import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GuardedConnection, PacketRefused, PendingLogins } from './packet-guard.js';

/** A client's connection fed by hand: what the guard lets through is collected. */
function guarded(limits = { beforeLogin: 64, afterLogin: 20_000 }) {
  const inner = new Duplex({ read() {}, write: (_chunk, _encoding, callback) => callback() });
  const guard = new GuardedConnection(inner, limits);
  const passed: Buffer[] = [];
  let error: Error | undefined;
  guard.on('data', (chunk: Buffer) => passed.push(chunk));
  guard.on('error', (caught) => (error = caught));
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return {
    guard,
    feed: async (...chunks: Buffer[]) => {
      for (const chunk of chunks) {
        inner.push(chunk);
        await tick();
      }
    },
    passed: () => Buffer.concat(passed),
    error: () => error,
  };
}

/** A packet: type byte, remaining-length varint, `length` body bytes. */
function packet(type: number, length: number): Buffer {
  const varint: number[] = [];
  let left = length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    varint.push(byte);
  } while (left > 0);
  return Buffer.concat([Buffer.from([type, ...varint]), Buffer.alloc(length, 7)]);
}

const bytes = (buffer: Buffer) => [...buffer].map((byte) => Buffer.from([byte]));

describe('GuardedConnection', () => {
  it('passes the CONNECT, holds what follows until the login, then passes it', async () => {
    const h = guarded();
    const connect = packet(0x10, 40);
    const publish = packet(0x30, 10_000);
    await h.feed(Buffer.concat([connect, publish]));
    expect(h.passed()).toEqual(connect);
    h.guard.loggedIn();
    await h.feed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.passed()).toEqual(Buffer.concat([connect, publish]));
    expect(h.error()).toBeUndefined();
  });

  it('refuses a packet over the limit of its state on its length bytes, before the body', async () => {
    const before = guarded();
    await before.feed(packet(0x10, 65).subarray(0, 2));
    expect(before.error()).toBeInstanceOf(PacketRefused);
    expect(before.error()).toMatchObject({ declared: 65, limit: 64, loggedIn: false });
    expect(before.guard.destroyed).toBe(true);
    expect(before.passed()).toHaveLength(0);

    const after = guarded();
    await after.feed(packet(0x10, 10));
    after.guard.loggedIn();
    await after.feed(Buffer.from([0x30, 0xff, 0xff, 0xff]));
    expect(after.error()).toMatchObject({ limit: 20_000, loggedIn: true });
  });

  it('reads lengths split across chunks byte by byte, and empty packets', async () => {
    const h = guarded();
    const connect = packet(0x10, 64);
    const after = [packet(0xc0, 0), packet(0x30, 127), packet(0x30, 128), packet(0x30, 16_384), packet(0x30, 20_000)];
    await h.feed(...bytes(connect));
    h.guard.loggedIn();
    for (const one of after) await h.feed(...(one.length < 200 ? bytes(one) : [one.subarray(0, 2), one.subarray(2)]));
    expect(h.error()).toBeUndefined();
    expect(h.passed()).toEqual(Buffer.concat([connect, ...after]));
  });

  it('refuses a length of more than four bytes', async () => {
    const h = guarded({ beforeLogin: 64, afterLogin: Number.MAX_SAFE_INTEGER });
    await h.feed(packet(0x10, 1));
    h.guard.loggedIn();
    await h.feed(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]));
    expect(h.error()).toMatchObject({ declared: null });
  });
});

describe('PendingLogins', () => {
  it('caps per address and in all, and frees a place once per release', () => {
    const pending = new PendingLogins({ total: 3, perAddress: 2 });
    const first = pending.admit('a')!;
    pending.admit('a');
    expect(pending.admit('a')).toBeNull();
    const third = pending.admit('b')!;
    expect(pending.admit('c')).toBeNull();
    first();
    first();
    expect(pending.size).toBe(2);
    expect(pending.admit('a')).not.toBeNull();
    third();
    expect(pending.admit('c')).not.toBeNull();
  });
});
