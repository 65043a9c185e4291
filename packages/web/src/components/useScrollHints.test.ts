import { describe, expect, it } from 'vitest';
import { scrollHints } from './useScrollHints';

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
