import { describe, expect, it } from 'vitest';
import { maskDate } from './dateMask.js';

describe('maskDate', () => {
  it.each([
    ['2', '2'],
    ['22', '22/'],
    ['221', '22/1'],
    ['22/11', '22/11/'],
    ['2211', '22/11/'],
    ['22112026', '22/11/2026'],
    ['22/11/20261999', '22/11/2026'],
    ['22//11', '22/11/'],
    ['1/2/2026', '1/2/2026'],
    ['//', ''],
    ['2a2-1', '22/1'],
  ])('masks %j as %j', (typed, expected) => {
    expect(maskDate(typed)).toBe(expected);
  });

  it('does not put back a slash the user is deleting', () => {
    expect(maskDate('22', '22/')).toBe('22');
    expect(maskDate('22/11', '22/11/')).toBe('22/11');
  });
});
