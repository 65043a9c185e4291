import { formatDeviceMessage } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../test/mqtt.js';
import { deviceMessages, type MessageDeps } from './messages.js';
import type { KnownDevice } from './types.js';

/** The message handling alone, over in-memory stand-ins for its repositories. */
function harness(record: KnownDevice) {
  let now = 1_800_000_000_000;
  let current = record;
  const reads: number[] = [];
  const { log, lines } = recordingLogger();
  const disconnected: string[] = [];
  const deps = {
    devices: {
      findKnown: async () => {
        reads.push(now);
        return current;
      },
      touchContacts: async () => undefined,
    },
    ingestion: {} as MessageDeps['ingestion'],
    fotos: {} as MessageDeps['fotos'],
    readings: { store: async () => {} } as unknown as MessageDeps['readings'],
    clock: () => now,
    log,
    reply: async () => undefined,
    emit: () => undefined,
    disconnect: (modelo: string, serie: string) => void disconnected.push(`${modelo} ${serie}`),
  } satisfies MessageDeps;
  const messages = deviceMessages(deps);
  const id = (chip_id: string) => Buffer.from(formatDeviceMessage({ tipo: 'ID', modelo: 'CS', serie: record.serie, chip_id, versao: '1' }));
  return {
    messages,
    reads,
    lines,
    disconnected,
    id,
    topic: `portal/CS/${record.serie}/dados`,
    advance: (ms: number) => void (now += ms),
    change: (values: Partial<KnownDevice>) => void (current = { ...current, ...values }),
  };
}

describe('device messages: the cached device record', () => {
  const record: KnownDevice = { id: 7, owner_id: 3, nucleo_id: null, modelo: 'CS', serie: 'A-1', chip_id: 'CHIP-OLD' };

  it('reads the record once a minute at most, so a change made through another instance shows within a minute', async () => {
    const h = harness(record);
    await h.messages.handle(h.topic, h.id('CHIP-OLD'));
    await h.messages.handle(h.topic, h.id('CHIP-OLD'));
    expect(h.reads).toHaveLength(1);

    // Another instance saved a new chip id: this one still trusts its copy for up to a minute…
    h.change({ chip_id: 'CHIP-NEW' });
    h.advance(59_000);
    await h.messages.handle(h.topic, h.id('CHIP-NEW'));
    expect(h.lines.filter((line) => line.msg === 'device: forged identity')).toHaveLength(1);

    // …then reads the record again and accepts the new chip id, refusing the old one.
    h.advance(2_000);
    await h.messages.handle(h.topic, h.id('CHIP-NEW'));
    await h.messages.handle(h.topic, h.id('CHIP-OLD'));
    expect(h.reads).toHaveLength(2);
    expect(h.lines.filter((line) => line.msg === 'device: forged identity').map((line) => (line.sent as { chip_id: string }).chip_id)).toEqual(['CHIP-NEW', 'CHIP-OLD']);
    expect(h.disconnected).toEqual(['CS A-1', 'CS A-1']);
  });

  it('forget() drops the copy at once', async () => {
    const h = harness(record);
    await h.messages.handle(h.topic, h.id('CHIP-OLD'));
    h.messages.forget('CS', 'a-1');
    await h.messages.handle(h.topic, h.id('CHIP-OLD'));
    expect(h.reads).toHaveLength(2);
  });
});

describe('device messages: refusals in the log', () => {
  const record: KnownDevice = { id: 8, owner_id: 3, nucleo_id: null, modelo: 'CS', serie: 'A-2', chip_id: '' };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes 2,000 refused messages of one device as 10 lines, then one line counting the rest', async () => {
    vi.useFakeTimers();
    const h = harness(record);
    const other = harness({ ...record, id: 9, serie: 'B-3' });
    for (let index = 0; index < 2_000; index++) await h.messages.handle(h.topic, Buffer.from(`P1|NADA|${index}`));
    await other.messages.handle(other.topic, Buffer.from('P1|NADA|x'));
    const refused = (lines: typeof h.lines) => lines.filter((line) => line.msg === 'device: message refused');
    expect(refused(h.lines)).toHaveLength(10);
    expect(refused(h.lines)[0]).toMatchObject({ device: 'CS A-2', motivo: 'TIPO' });
    // Another device has a budget of its own.
    expect(refused(other.lines)).toHaveLength(1);

    vi.advanceTimersByTime(60_000);
    const summary = h.lines.filter((line) => line.msg.startsWith('device: message refused ('));
    expect(summary).toEqual([expect.objectContaining({ level: 40, device: 'CS A-2', motivo: 'TIPO', suppressed: 1_990, msg: 'device: message refused (1990 more not logged in 60 s)' })]);

    // A new window writes again.
    await h.messages.handle(h.topic, Buffer.from('P1|NADA|again'));
    expect(refused(h.lines)).toHaveLength(11);
  });
});
