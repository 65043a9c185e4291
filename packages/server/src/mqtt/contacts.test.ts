import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_FLUSH_MS, CONTACT_WRITE_MS, contactWriter } from './contacts.js';

describe('device contacts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const writes: Array<{ ids: number[]; at: number }> = [];
    let fail = false;
    const touchContacts = vi.fn(async (ids: readonly number[], at: number) => {
      if (fail) throw new Error('database gone');
      writes.push({ ids: [...ids], at });
    });
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const writer = contactWriter({ devices: { touchContacts }, log });
    return { writer, writes, touchContacts, log, failing: (value: boolean) => (fail = value) };
  };

  it('writes the contacts of many devices in one statement, each device at most once per 30 s', async () => {
    const { writer, writes } = setup();
    const t0 = 1_000_000;
    for (let id = 1; id <= 1000; id += 1) writer.seen(id, t0 + id);
    writer.seen(1, t0 + 2000);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(CONTACT_FLUSH_MS);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.ids).toHaveLength(1000);
    expect(writes[0]!.at).toBe(t0 + 1000);

    // Within 30 s of its write a device is not written again; after, it is.
    writer.seen(1, t0 + CONTACT_WRITE_MS - 1);
    await vi.advanceTimersByTimeAsync(CONTACT_FLUSH_MS);
    expect(writes).toHaveLength(1);
    writer.seen(1, t0 + 1 + CONTACT_WRITE_MS);
    await vi.advanceTimersByTimeAsync(CONTACT_FLUSH_MS);
    expect(writes.at(-1)).toEqual({ ids: [1], at: t0 + 1 + CONTACT_WRITE_MS });
  });

  it('logs a failed write and writes the devices again with their next message', async () => {
    const { writer, writes, log, failing } = setup();
    failing(true);
    writer.seen(5, 100);
    await vi.advanceTimersByTimeAsync(CONTACT_FLUSH_MS);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ devices: 1 }), 'device: last contact not recorded');
    failing(false);
    writer.seen(5, 200);
    await writer.flush();
    expect(writes).toEqual([{ ids: [5], at: 200 }]);
  });

  it('flush writes at once what is noted (the gateway stopping)', async () => {
    const { writer, writes } = setup();
    writer.seen(9, 50);
    await writer.flush();
    expect(writes).toEqual([{ ids: [9], at: 50 }]);
    await writer.flush();
    expect(writes).toHaveLength(1);
  });
});
