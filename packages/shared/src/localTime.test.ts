import { describe, expect, it } from 'vitest';
import { localDate, localDayRange, localMidnight, timezoneOffsetMs } from './localTime.js';

describe('local time', () => {
  it('reads the local date of an instant in the owner\'s time zone', () => {
    const instant = Date.parse('2024-03-10T02:30:00Z');
    expect(localDate(instant, 0)).toBe('2024-03-10');
    // Three hours behind UTC it is still the evening before.
    expect(localDate(instant, -3)).toBe('2024-03-09');
    // Quarter-hour zones: 02:30 UTC is 08:15 at +5.75.
    expect(localDate(instant, 5.75)).toBe('2024-03-10');
    expect(localDate(Date.parse('2024-03-10T18:15:00Z'), 5.75)).toBe('2024-03-11');
  });

  it('turns local dates into instants and back', () => {
    expect(timezoneOffsetMs(-3)).toBe(-3 * 3_600_000);
    const midnight = localMidnight('2024-03-10', -3);
    expect(new Date(midnight).toISOString()).toBe('2024-03-10T03:00:00.000Z');
    expect(localDate(midnight, -3)).toBe('2024-03-10');
    expect(localDate(midnight - 1, -3)).toBe('2024-03-09');
    expect(localDayRange('2024-03-10', '2024-03-11', -3)).toEqual({ from: midnight, to: midnight + 2 * 86_400_000 });
  });
});
