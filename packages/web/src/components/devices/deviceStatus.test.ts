import { describe, expect, it } from 'vitest';
import { contactState, countWarnings, inChunks, minutesOf, statusMap, warningsFirst } from './deviceStatus';

describe('device online status', () => {
  it('counts as warnings the devices idle 1440 minutes or more, not those that never connected', () => {
    expect(countWarnings([{ minutos: 0 }, { minutos: 1439 }, { minutos: 1440 }, { minutos: 90_000 }, { minutos: null }])).toBe(2);
    expect(countWarnings([])).toBe(0);
  });

  it('shows a day or more idle as idle, and no contact as never', () => {
    expect(contactState(null)).toBe('never');
    expect(contactState(0)).toBe('ok');
    expect(contactState(1439)).toBe('ok');
    expect(contactState(1440)).toBe('idle');
  });

  it('takes devupdt’s minutes over the record’s last contact, which it falls back to', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    const device = { modelo: 'CS', serie: 'S1', ultimo_contato: '2026-03-05T11:00:30Z' };
    expect(minutesOf(device, undefined, now)).toBe(59);
    expect(minutesOf(device, statusMap([{ modelo: 'CS', serie: 'S1', minutos: 3 }]), now)).toBe(3);
    expect(minutesOf(device, statusMap([{ modelo: 'CS', serie: 'S1', minutos: null }]), now)).toBeNull();
    expect(minutesOf(device, statusMap([{ modelo: 'CS', serie: 'OTHER', minutos: 3 }]), now)).toBe(59);
    expect(minutesOf({ ...device, ultimo_contato: null }, undefined, now)).toBeNull();
  });

  it('asks devupdt at most 500 devices per call', () => {
    const list = Array.from({ length: 1001 }, (_, index) => index);
    expect(inChunks(list).map((chunk) => chunk.length)).toEqual([500, 500, 1]);
    expect(inChunks([])).toEqual([]);
  });

  it('puts the devices with a warning first, the longest idle leading, the others in their order', () => {
    const devices = [
      { id: 1, minutos: 5 },
      { id: 2, minutos: null },
      { id: 3, minutos: 1440 },
      { id: 4, minutos: 1439 },
      { id: 5, minutos: 20_000 },
      { id: 6, minutos: 0 },
    ];
    expect(warningsFirst(devices).map((device) => device.id)).toEqual([5, 3, 1, 2, 4, 6]);
    expect(warningsFirst([])).toEqual([]);
  });
});
