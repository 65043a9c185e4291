import { describe, expect, it } from 'vitest';
import { defaultSexo, parseWeight, weightSummary } from './manualWeighing';

describe('manual weighing entry', () => {
  it('reads grams typed with a comma or a point, to one decimal, and refuses what the server would', () => {
    expect(parseWeight('1520')).toBe(1520);
    expect(parseWeight(' 1520,46 ')).toBe(1520.5);
    expect(parseWeight('1520.44')).toBe(1520.4);
    expect(parseWeight('0')).toBeNull();
    expect(parseWeight('0,01')).toBeNull();
    expect(parseWeight('100000')).toBeNull();
    expect(parseWeight('-5')).toBeNull();
    expect(parseWeight('1.520,5')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
  });

  it('counts birds and the mean as the server does (sum of tenths over birds, one rounding)', () => {
    expect(weightSummary([])).toEqual({ aves: 0, media: null });
    expect(weightSummary([1510.5, 1498, 1602.3])).toEqual({ aves: 3, media: 1536.9 });
    expect(weightSummary([0.1, 0.2])).toEqual({ aves: 2, media: 0.2 });
  });

  it("defaults the sex to the only one the flock placed, else mixed", () => {
    expect(defaultSexo({ aves_macho: 0, aves_femea: 900, aves_misto: 0 })).toBe('femea');
    expect(defaultSexo({ aves_macho: 10, aves_femea: 900, aves_misto: 0 })).toBe('misto');
    expect(defaultSexo({ aves_macho: 0, aves_femea: 0, aves_misto: 0 })).toBe('misto');
  });
});
