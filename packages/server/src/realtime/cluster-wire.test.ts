import { describe, expect, it } from 'vitest';
import type { DeviceEvent } from '../mqtt/types.js';
import { encodeItem, frameReader, packFrames, type ClusterItem } from './cluster-wire.js';

const FROM = 'a1b2c3d4e5f60718';
const device = { id: 7, owner_id: 3, modelo: 'CS', serie: 'S-1' };
const reading = (peso: number): DeviceEvent => ({
  device,
  message: { t: 'leitura', chave: '', iddevice: 7, modelo: 'CS', serie: 'S-1', em: '2026-11-27T10:00:00.000Z', leitura: { tipo: 'PESO', peso, estavel: true, aves: 1 } },
});
/** A collector's batch near the device message limit: one event larger than a PostgreSQL frame. */
const bigColeta = (): DeviceEvent => ({
  device: { ...device, modelo: 'COLETOR' },
  message: {
    t: 'leitura',
    chave: '',
    iddevice: 7,
    modelo: 'COLETOR',
    serie: 'S-1',
    em: '2026-11-27T10:00:00.000Z',
    leitura: { tipo: 'COLETA', lote: 'L-ção', itens: Array.from({ length: 400 }, (_, index) => ({ seq: index, peso: 2000 + index, sexo: 'M', texto: 'açúcar 🐔 "x"\\' })) },
  } as unknown as DeviceEvent['message'],
});

function readAll(frames: string[], order = frames.map((_, index) => index)): ClusterItem[] {
  const reader = frameReader();
  const items: ClusterItem[] = [];
  for (const index of order) {
    const decoded = reader.read(frames[index]!);
    if (decoded === null) continue;
    if (!decoded.ok) throw new Error(decoded.detail);
    expect(decoded.from).toBe(FROM);
    items.push(...decoded.items);
  }
  return items;
}

let partIds = 0;
const nextPartId = () => (partIds += 1);

describe('cluster frames', () => {
  it('give back the device event and the bus events as they were, in order', () => {
    const items: ClusterItem[] = [
      { kind: 'device', event: reading(1500.5) },
      { kind: 'bus', name: 'device.changed', payload: { modelo: 'CS', serie: 'S-1' } },
      { kind: 'bus', name: 'sessions.changed', payload: { userId: 4, sessionId: null } },
      { kind: 'device', event: reading(1501) },
    ];
    const frames = packFrames(FROM, items.map(encodeItem), 7_999, nextPartId);
    expect(frames).toHaveLength(1);
    expect(readAll(frames)).toEqual(items);
  });

  it('leave out what the device already names', () => {
    const encoded = encodeItem({ kind: 'device', event: reading(1500) });
    expect(encoded).not.toContain('iddevice');
    expect(encoded).not.toContain('chave');
    expect(encoded.length).toBeLessThan(JSON.stringify(reading(1500)).length - 40);
  });

  it('keep every frame under the limit, as many events in one as fit', () => {
    const items = Array.from({ length: 500 }, (_, index) => encodeItem({ kind: 'device', event: reading(index) }));
    const frames = packFrames(FROM, items, 7_999, nextPartId);
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.length).toBeLessThan(500 / 20);
    for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(7_999);
    expect(readAll(frames).map((item) => (item.kind === 'device' && item.event.message.t === 'leitura' && item.event.message.leitura.tipo === 'PESO' ? item.event.message.leitura.peso : -1))).toEqual(
      Array.from({ length: 500 }, (_, index) => index),
    );
  });

  it('split an event larger than a frame into parts, put together whatever their order', () => {
    const big = bigColeta();
    const items = [encodeItem({ kind: 'device', event: reading(1) }), encodeItem({ kind: 'device', event: big }), encodeItem({ kind: 'device', event: reading(2) })];
    expect(Buffer.byteLength(items[1]!)).toBeGreaterThan(7_999);
    const frames = packFrames(FROM, items, 7_999, nextPartId);
    for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(7_999);
    expect(frames.length).toBeGreaterThanOrEqual(4);
    const inOrder = readAll(frames);
    expect(inOrder.map((item) => (item.kind === 'device' ? item.event.device.modelo : ''))).toEqual(['CS', 'COLETOR', 'CS']);
    expect(inOrder[1]).toEqual({ kind: 'device', event: big });
    // Parts arriving backwards (two senders' frames interleave; one sender's may not, but nothing relies on it).
    const backwards = readAll(frames, frames.map((_, index) => frames.length - 1 - index));
    expect(backwards.find((item) => item.kind === 'device' && item.event.device.modelo === 'COLETOR')).toEqual({ kind: 'device', event: big });
  });

  it('drop an item whose parts stop coming, after a while', () => {
    let now = 0;
    const reader = frameReader(() => now);
    const frames = packFrames(FROM, [encodeItem({ kind: 'device', event: bigColeta() })], 7_999, nextPartId);
    expect(reader.read(frames[0]!)).toBeNull();
    expect(reader.assembling).toBe(1);
    now += 31_000;
    const other = packFrames(FROM, [encodeItem({ kind: 'device', event: bigColeta() })], 7_999, nextPartId);
    expect(reader.read(other[0]!)).toBeNull();
    expect(reader.assembling).toBe(1);
  });

  it.each([
    ['no sender', 'short'],
    ['not JSON', `${FROM} [oops`],
    ['an unknown item', `${FROM} [["x",1]]`],
    ['a bus event not relayed', `${FROM} [["b","grants.changed",{"granteeId":1}]]`],
    ['a bus payload of the wrong shape', `${FROM} [["b","sessions.changed",{"userId":"4"}]]`],
    ['a device event of an unknown type', `${FROM} [["d",1,2,"CS","S",{"t":"ready","em":"x"}]]`],
    ['a part out of range', `${FROM} ~1 5 3 AAAA`],
  ])('refuse %s without throwing', (_, frame) => {
    const decoded = frameReader().read(frame);
    expect(decoded).toMatchObject({ ok: false });
  });
});
