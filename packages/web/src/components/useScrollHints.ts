import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Less than this many pixels hidden at an end counts as none (sub-pixel rounding, elastic scrolling). */
const SLACK_PX = 2;

export interface ScrollHints {
  /** Content hidden above the visible part. */
  above: boolean;
  /** Content hidden below it. */
  below: boolean;
}

/** Which ends of a scrolling element hide content, from its size and position. */
export function scrollHints(element: { scrollTop: number; scrollHeight: number; clientHeight: number }): ScrollHints {
  return {
    above: element.scrollTop > SLACK_PX,
    below: element.scrollHeight - element.clientHeight - element.scrollTop > SLACK_PX,
  };
}

/**
 * Whether the scrolling `viewport` hides content above or below, kept current while it scrolls,
 * when it or its content changes size (a window resized, menu entries appearing once the
 * account's devices load) — so the side menu can show that there is more to scroll to.
 */
export function useScrollHints(viewport: RefObject<HTMLElement | null>): ScrollHints {
  const [hints, setHints] = useState<ScrollHints>({ above: false, below: false });
  const update = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const next = scrollHints(element);
    setHints((previous) => (previous.above === next.above && previous.below === next.below ? previous : next));
  }, [viewport]);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    // The content's own size changes without the viewport's (entries added or removed).
    for (const child of element.children) observer.observe(child);
    const added = new MutationObserver(() => {
      for (const child of element.children) observer.observe(child);
      update();
    });
    added.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
      added.disconnect();
    };
  }, [viewport, update]);

  return hints;
}
