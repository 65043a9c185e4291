import { describe, expect, it } from 'vitest';
import { isoToMasked, maskedToIso, optionalDate, requiredDate } from './dates';

describe('isoToMasked', () => {
  it.each([
    ['2026-03-05', '05/03/2026'],
    ['2024-02-29', '29/02/2024'],
    ['2026-03-05T23:30:00.000Z', '05/03/2026'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['2026-02-30', ''],
    ['05/03/2026', ''],
    ['garbage', ''],
  ])('shows %j as %j', (iso, masked) => {
    expect(isoToMasked(iso)).toBe(masked);
  });
});

describe('maskedToIso', () => {
  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    [' 29/02/2024 ', '2024-02-29'],
    ['31/12/1999', '1999-12-31'],
  ])('sends %j as %j', (masked, iso) => {
    expect(maskedToIso(masked)).toBe(iso);
  });

  it.each(['', '05/03/', '05/03/26', '29/02/2023', '31/04/2026', '00/01/2026', '12/13/2026', '01/01/1800', '2026-03-05', null, undefined])(
    'refuses %j',
    (masked) => {
      expect(maskedToIso(masked)).toBeNull();
    },
  );

  it('round-trips every day of a leap year', () => {
    for (let day = 0; day < 366; day += 1) {
      const iso = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
      expect(maskedToIso(isoToMasked(iso))).toBe(iso);
    }
  });
});

describe('requiredDate and optionalDate', () => {
  it('send a complete date as ISO and anything else as typed, for the schema to refuse', () => {
    expect(requiredDate('05/03/2026')).toBe('2026-03-05');
    expect(requiredDate('31/02/2026')).toBe('31/02/2026');
    expect(requiredDate('')).toBe('');
    expect(optionalDate('5/3/2026')).toBe('2026-03-05');
    expect(optionalDate('05/03')).toBe('05/03');
    expect(optionalDate('  ')).toBeNull();
  });
});
