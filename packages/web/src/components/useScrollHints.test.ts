import { describe, expect, it } from 'vitest';
import { scrollHints, sideScrollHints } from './useScrollHints';

describe('scrollHints', () => {
  it('sees nothing hidden when the content fits', () => {
    expect(scrollHints({ scrollTop: 0, scrollHeight: 400, clientHeight: 400 })).toEqual({ above: false, below: false });
  });

  it('sees more below at the top of a longer list, more above at its end, both in between', () => {
    expect(scrollHints({ scrollTop: 0, scrollHeight: 900, clientHeight: 500 })).toEqual({ above: false, below: true });
    expect(scrollHints({ scrollTop: 400, scrollHeight: 900, clientHeight: 500 })).toEqual({ above: true, below: false });
    expect(scrollHints({ scrollTop: 200, scrollHeight: 900, clientHeight: 500 })).toEqual({ above: true, below: true });
  });

  it('ignores a pixel or two left by rounding', () => {
    expect(scrollHints({ scrollTop: 398.5, scrollHeight: 900, clientHeight: 500 })).toEqual({ above: true, below: false });
    expect(scrollHints({ scrollTop: 1, scrollHeight: 900, clientHeight: 500 })).toEqual({ above: false, below: true });
  });
});

describe('sideScrollHints', () => {
  it('sees nothing hidden when a table fits its card', () => {
    expect(sideScrollHints({ scrollLeft: 0, scrollWidth: 360, clientWidth: 360 })).toEqual({ left: false, right: false });
  });

  it('sees more to the right at the start of a wide table, more to the left at its end, both in between', () => {
    expect(sideScrollHints({ scrollLeft: 0, scrollWidth: 760, clientWidth: 340 })).toEqual({ left: false, right: true });
    expect(sideScrollHints({ scrollLeft: 420, scrollWidth: 760, clientWidth: 340 })).toEqual({ left: true, right: false });
    expect(sideScrollHints({ scrollLeft: 100, scrollWidth: 760, clientWidth: 340 })).toEqual({ left: true, right: true });
  });

  it('ignores a pixel or two left by rounding', () => {
    expect(sideScrollHints({ scrollLeft: 418.5, scrollWidth: 760, clientWidth: 340 })).toEqual({ left: true, right: false });
  });
});
