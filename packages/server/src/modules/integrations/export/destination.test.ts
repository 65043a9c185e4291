import { describe, expect, it } from 'vitest';
import { startExportReceiver } from '../../../test/export-receiver.js';
import { isPrivateAddress } from './destination.js';
import { latestSlot, nextRun } from './schedule.js';
import { httpPageSender } from './sender.js';

describe('the export destination guard', () => {
  it('tells private addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '200.160.2.3', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a loopback endpoint, by address or by name, unless private networks are allowed', async () => {
    const receiver = await startExportReceiver();
    try {
      const byName = receiver.url.replace('127.0.0.1', 'localhost');
      const refusing = httpPageSender({ allowPrivate: false });
      for (const endpoint of [receiver.url, byName, receiver.url.replace('127.0.0.1', '[::1]')]) {
        expect(await refusing(endpoint, '{}', { 'Content-Type': 'application/json' }), endpoint).toMatchObject({ kind: 'failure', erro: 'destino_recusado' });
      }
      expect(receiver.received).toHaveLength(0);
      const allowing = httpPageSender({ allowPrivate: true });
      expect(await allowing(byName, '{}', { 'Content-Type': 'application/json' })).toMatchObject({ kind: 'answer', status: 200 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('export schedules', () => {
  const at = (iso: string) => Date.parse(iso);
  it('daily: the latest local hora at or before now; hourly: the latest local full hour', () => {
    // 08:30 at UTC-3 is 11:30 UTC.
    expect(latestSlot({ agenda: 'diaria', hora: '06:00' }, at('2030-03-01T11:30:00Z'), -3)).toBe(at('2030-03-01T09:00:00Z'));
    expect(latestSlot({ agenda: 'diaria', hora: '09:00' }, at('2030-03-01T11:30:00Z'), -3)).toBe(at('2030-02-28T12:00:00Z'));
    expect(latestSlot({ agenda: 'horaria', hora: null }, at('2030-03-01T11:30:00Z'), -3)).toBe(at('2030-03-01T11:00:00Z'));
    expect(latestSlot({ agenda: 'horaria', hora: null }, at('2030-03-01T11:10:00Z'), 5.5)).toBe(at('2030-03-01T10:30:00Z'));
    expect(latestSlot({ agenda: 'manual', hora: null }, at('2030-03-01T11:30:00Z'), -3)).toBeNull();
  });
  it('the next run: none when manual, off or paused', () => {
    const daily = { agenda: 'diaria', hora: '06:00', ativo: 1, pausada_em: null };
    expect(nextRun(daily, at('2030-03-01T11:30:00Z'), -3)).toBe(at('2030-03-02T09:00:00Z'));
    expect(nextRun({ ...daily, ativo: 0 }, at('2030-03-01T11:30:00Z'), -3)).toBeNull();
    expect(nextRun({ ...daily, pausada_em: 1 }, at('2030-03-01T11:30:00Z'), -3)).toBeNull();
    expect(nextRun({ ...daily, agenda: 'manual' }, at('2030-03-01T11:30:00Z'), -3)).toBeNull();
  });
});
