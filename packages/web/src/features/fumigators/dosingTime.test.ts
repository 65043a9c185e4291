import { describe, expect, it } from 'vitest';
import { instantOf, localParts, onWallClock } from './dosingTime';

describe('dosing times in the user timezone', () => {
  it('turns a local day and time into the instant and back, whatever the offset', () => {
    expect(instantOf('2026-11-21', '11:50', -3)).toBe('2026-11-21T14:50:00.000Z');
    expect(instantOf('2026-11-21', '01:30', 5.5)).toBe('2026-11-20T20:00:00.000Z');
    for (const timezone of [-3, 0, 5.5, -9.5, 14]) {
      expect(localParts(instantOf('2026-03-01', '23:59', timezone), timezone)).toEqual({ day: '2026-03-01', time: '23:59' });
    }
  });

  it('shows an instant on the wall clock of the timezone', () => {
    expect(onWallClock('2026-11-22T02:00:00Z', -3).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});
