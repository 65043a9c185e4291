import { describe, expect, it } from 'vitest';
import { daysBefore, defaultPeriod, periodProblem, quickRange, readPeriod, todayInTimezone, todayIso, withPeriod } from './reportPeriod';

const params = (query: string) => new URLSearchParams(query);

describe('report period', () => {
  it('counts today in the user timezone, not UTC nor the device', () => {
    const utcMorning = Date.parse('2026-03-05T02:00:00Z');
    expect(todayInTimezone(-3, utcMorning)).toBe('2026-03-04');
    expect(todayInTimezone(0, utcMorning)).toBe('2026-03-05');
    expect(todayInTimezone(9.5, Date.parse('2026-03-05T15:00:00Z'))).toBe('2026-03-06');
  });

  it('defaults to the last days when the url has no dates', () => {
    expect(readPeriod(params(''), '2026-03-31', 30)).toEqual({ di: '2026-03-01', df: '2026-03-31', period: { di: '2026-03-01', df: '2026-03-31' }, problem: null });
    expect(defaultPeriod('2026-03-31', 365)).toEqual({ di: '2025-03-31', df: '2026-03-31' });
  });

  it('reads a valid period from the url', () => {
    const read = readPeriod(params('prop=4&di=2026-01-10&df=2026-02-10'), '2026-03-31', 30);
    expect(read.period).toEqual({ di: '2026-01-10', df: '2026-02-10' });
    expect(read.problem).toBeNull();
  });

  it('keeps one end of a hand-edited link and fills the other from the default', () => {
    expect(readPeriod(params('di=2026-03-20'), '2026-03-31', 30).period).toEqual({ di: '2026-03-20', df: '2026-03-31' });
  });

  it('refuses a reversed, malformed or too long period with its error code', () => {
    expect(readPeriod(params('di=2026-02-10&df=2026-02-09'), '2026-03-31', 30)).toMatchObject({ period: null, problem: 'DATE_RANGE_INVALID' });
    expect(readPeriod(params('di=2026-02-30&df=2026-03-09'), '2026-03-31', 30)).toMatchObject({ period: null, problem: 'FIELD_INVALID' });
    expect(readPeriod(params('di=10/02/2026&df=2026-03-09'), '2026-03-31', 30)).toMatchObject({ period: null, problem: 'FIELD_INVALID' });
    expect(periodProblem('2020-01-01', '2026-01-01')).toBe('FIELD_OUT_OF_RANGE');
    expect(periodProblem('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('writes the period to the url keeping the other parameters', () => {
    expect(withPeriod(params('prop=7&di=2020-01-01'), { di: '2026-01-01', df: '2026-01-31' }).toString()).toBe('prop=7&di=2026-01-01&df=2026-01-31');
  });
});

describe('report period fallback', () => {
  it('uses a given default period (a chart of fixed dates) when the url has none', () => {
    expect(readPeriod(params(''), '2026-03-31', 30, { di: '2025-01-01', df: '2025-01-31' }).period).toEqual({ di: '2025-01-01', df: '2025-01-31' });
    expect(readPeriod(params('di=2026-03-01&df=2026-03-02'), '2026-03-31', 30, { di: '2025-01-01', df: '2025-01-31' }).period).toEqual({ di: '2026-03-01', df: '2026-03-02' });
  });
});

describe('quick ranges (section 9: 30 and 365 days back)', () => {
  it('count calendar days back from today, across months and leap years', () => {
    expect(quickRange('2026-03-05', 30)).toEqual({ inicio: '2026-02-03', fim: '2026-03-05' });
    expect(quickRange('2025-03-01', 365)).toEqual({ inicio: '2024-03-01', fim: '2025-03-01' });
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
  });

  it('take today on the device calendar', () => {
    expect(todayIso(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
