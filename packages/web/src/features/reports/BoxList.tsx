import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type CSSProperties, type Ref, type RefObject } from 'react';
import type { ReportKind } from './api';
import { BoxCard } from './BoxCard';
import classes from './BoxList.module.css';
import type { ReportItem } from './reportItems';
import { CategoryHeading, GroupHeading, SideHeading } from './ReportHeadings';

/** The app's fixed header (AppLayout: 60 px) and a little air: where an opened heading lands. */
const SCROLL_PADDING = 60 + 12;

/** First guesses of each row's height (px) before it is measured. */
const ESTIMATES: Record<ReportItem['type'], number> = { group: 290, category: 190, side: 200, boxes: 620 };

/**
 * Rows mounted beyond the screen at each end: none. A row of boxes is most of a screen high, so
 * even one more at each end would keep over three screens of content in the page.
 */
const OVERSCAN = 0;

/** How long (animation frames) an opened heading is waited for before focusing it. */
const FOCUS_FRAMES = 30;

export interface BoxListHandle {
  /** Scrolls the page to a row (a group, house or side heading) and moves the focus there. */
  open: (index: number) => void;
}

const ItemView = memo(function ItemView({ kind, item, columns }: { kind: ReportKind; item: ReportItem; columns: number }) {
  switch (item.type) {
    case 'group':
      return <GroupHeading kind={kind} grupo={item.grupo} />;
    case 'category':
      return <CategoryHeading kind={kind} categoria={item.categoria} />;
    case 'side':
      return <SideHeading kind={kind} lado={item.lado} />;
    case 'boxes':
      return (
        <div className={classes.boxes} style={{ '--box-cols': columns } as CSSProperties}>
          {item.boxes.map((box) => (
            <BoxCard key={box.key} kind={kind} grupo={item.grupo} box={box} />
          ))}
        </div>
      );
  }
});

/** Where the list starts on the page, kept up to date as what is above it (filters, summary) changes height. */
function usePageOffset(element: RefObject<HTMLDivElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setOffset(Math.round(target.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return offset;
}

interface BoxListProps {
  kind: ReportKind;
  items: ReportItem[];
  /** Boxes side by side in a row. */
  columns: number;
  ref?: Ref<BoxListHandle>;
}

/**
 * The report's boxes under their group, house and side headings, as one list virtualised on the
 * page's scroll: only the rows on screen are mounted, each measured as
 * it mounts (cards differ in height), so a report of thousands of boxes scrolls like one of ten.
 * Test ids: `report-boxes` (data-count: rows in all), `report-group`, `report-category`,
 * `report-side`, `report-box`.
 */
export function BoxList({ kind, items, columns, ref }: BoxListProps) {
  const list = useRef<HTMLDivElement>(null);
  const offset = usePageOffset(list);
  const estimate = (index: number) => ESTIMATES[items[index]!.type];
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: estimate,
    // A row is never empty: a size of 0 means the list is not laid out (printing hides the screen),
    // and taking it would mount every row at once. The size known before stands.
    measureElement: (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
      const size = measureElement(element, entry, instance);
      if (size > 0) return size;
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(items[index]?.key ?? '') ?? estimate(index);
    },
    getItemKey: (index) => items[index]!.key,
    overscan: OVERSCAN,
    scrollMargin: offset,
    scrollPaddingStart: SCROLL_PADDING,
    useFlushSync: false,
    // Scrolling moves the rows in the DOM without a React render; React renders only when rows come or go.
    directDomUpdates: true,
  });
  const { containerRef } = virtualizer;
  const container = useCallback(
    (node: HTMLDivElement | null) => {
      list.current = node;
      containerRef(node);
    },
    [containerRef],
  );

  useImperativeHandle(
    ref,
    () => ({
      open(index: number) {
        virtualizer.scrollToIndex(index, { align: 'start' });
        let frames = 0;
        const focus = () => {
          const heading = list.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
          if (heading) heading.focus({ preventScroll: true });
          else if ((frames += 1) < FOCUS_FRAMES) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
      },
    }),
    [virtualizer],
  );

  return (
    <div ref={container} className={classes.list} data-testid="report-boxes" data-count={items.length}>
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = items[virtual.index]!;
        return (
          <div
            key={virtual.key}
            ref={virtualizer.measureElement}
            data-index={virtual.index}
            tabIndex={-1}
            className={item.type === 'group' && virtual.index > 0 ? `${classes.item} ${classes.group}` : classes.item}
          >
            <ItemView kind={kind} item={item} columns={columns} />
          </div>
        );
      })}
    </div>
  );
}
