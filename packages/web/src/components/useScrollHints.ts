import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Less than this many pixels hidden at an end counts as none (sub-pixel rounding, elastic scrolling). */
const SLACK_PX = 2;

export interface ScrollHints {
  /** Content hidden above the visible part. */
  above: boolean;
  /** Content hidden below it. */
  below: boolean;
}

export interface SideScrollHints {
  /** Content hidden left of the visible part. */
  left: boolean;
  /** Content hidden right of it. */
  right: boolean;
}

/** Which ends of a scrolling element hide content, from its size and position. */
export function scrollHints(element: { scrollTop: number; scrollHeight: number; clientHeight: number }): ScrollHints {
  return {
    above: element.scrollTop > SLACK_PX,
    below: element.scrollHeight - element.clientHeight - element.scrollTop > SLACK_PX,
  };
}

/** Which sides of an element scrolling sideways hide content (a wide table in a phone's card). */
export function sideScrollHints(element: { scrollLeft: number; scrollWidth: number; clientWidth: number }): SideScrollHints {
  return {
    left: element.scrollLeft > SLACK_PX,
    right: element.scrollWidth - element.clientWidth - element.scrollLeft > SLACK_PX,
  };
}

const sameHints = <H extends object>(a: H, b: H) => (Object.keys(a) as (keyof H)[]).every((key) => a[key] === b[key]);

/**
 * The hints `read` finds on the scrolling `viewport`, kept current while it scrolls and when it
 * or its content changes size (a window resized, menu entries appearing once the account's
 * devices load, a table's rows arriving).
 */
function useEdgeHints<H extends object>(viewport: RefObject<HTMLElement | null>, read: (element: HTMLElement) => H, none: H): H {
  const [hints, setHints] = useState<H>(none);
  const update = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const next = read(element);
    setHints((previous) => (sameHints(previous, next) ? previous : next));
  }, [viewport, read]);

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

const NO_HINTS: ScrollHints = { above: false, below: false };
const NO_SIDE_HINTS: SideScrollHints = { left: false, right: false };

/**
 * Whether the scrolling `viewport` hides content above or below, so the side menu can show that
 * there is more to scroll to.
 */
export function useScrollHints(viewport: RefObject<HTMLElement | null>): ScrollHints {
  return useEdgeHints(viewport, scrollHints, NO_HINTS);
}

/** Whether the sideways-scrolling `viewport` hides content left or right (a report table on a phone). */
export function useSideScrollHints(viewport: RefObject<HTMLElement | null>): SideScrollHints {
  return useEdgeHints(viewport, sideScrollHints, NO_SIDE_HINTS);
}
