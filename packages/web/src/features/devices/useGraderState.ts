import type { MsgSel } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { changedBoxes, FLASH_MS, sideOf, SIDE_RESET_MS } from './grader';

export interface GraderState {
  /** The last SEL reading and when the portal received it; null until the first arrives. */
  reading: { sel: MsgSel; em: string } | null;
  /** Boxes shown as changed (for FLASH_MS after their bird count changed). */
  flashing: ReadonlySet<number>;
  /** The boxes the last birds went to; empty is 'whole' (SIDE_RESET_MS after the last bird). */
  side: readonly number[];
}

const NONE: ReadonlySet<number> = new Set();

/**
 * A grader's selection in progress from its SEL readings, with the two timed effects of spec
 * section 4: changed boxes flash for 100 ms, the side indicator returns to 'whole' after 1 s.
 */
export function useGraderState(): [GraderState, (sel: MsgSel, em: string) => void] {
  const [reading, setReading] = useState<GraderState['reading']>(null);
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(NONE);
  const [side, setSide] = useState<readonly number[]>([]);
  const previous = useRef<MsgSel | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(flashTimer.current);
      clearTimeout(sideTimer.current);
    },
    [],
  );

  const push = useCallback((sel: MsgSel, em: string) => {
    const before = previous.current?.categorias ?? null;
    previous.current = sel;
    setReading({ sel, em });
    const changed = changedBoxes(before, sel.categorias);
    if (changed.length > 0) {
      setFlashing(new Set(changed));
      clearTimeout(flashTimer.current);
      flashTimer.current = setTimeout(() => setFlashing(NONE), FLASH_MS);
    }
    const went = sideOf(before, sel.categorias);
    if (went.length > 0) {
      setSide(went);
      clearTimeout(sideTimer.current);
      sideTimer.current = setTimeout(() => setSide([]), SIDE_RESET_MS);
    }
  }, []);

  return [{ reading, flashing, side }, push];
}
