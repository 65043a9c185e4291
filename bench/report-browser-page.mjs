// What the weight-report browser benchmark runs inside Chromium (bench/report-browser.bench.mjs):
// the probes installed before the page's own scripts, one scroll step, the mounted-content measure and
// the JSON.parse floor. Not a benchmark itself (run.mjs runs *.bench.mjs only).
// Every function handed to page.evaluate / addInitScript must be self-contained: it runs in the page.

/** The screen's test ids the benchmark reads (packages/web/src/features/reports). */
export const IDS = {
  summary: 'report-summary',
  summaryRow: 'summary-row',
  boxes: 'report-boxes',
  box: 'report-box',
  histogram: 'box-histogram',
  /** The screen before the summary existed: the whole report tree at once. */
  legacyResult: 'report-result',
};

/**
 * Installed before the page's scripts: the avespesos resource timings, every long task, and one
 * requestAnimationFrame loop that (1) notes the largest gaps between frames and (2) notes, the frame
 * after they first show with a size, when the summary (with a row) and the first box were painted:
 * a message posted from inside the frame runs once that frame has been produced.
 */
export function installProbes(ids) {
  const probe = { answers: [], longTasks: [], frameGaps: [], painted: {}, watching: true };
  window.__reportBench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.name.includes('/api/avespesos')) continue;
      probe.answers.push({ startTime: entry.startTime, requestStart: entry.requestStart, responseStart: entry.responseStart, responseEnd: entry.responseEnd, bytes: entry.decodedBodySize });
    }
  }).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  const shown = (element) => {
    if (!element) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const byId = (id) => document.querySelector(`[data-testid="${id}"]`);
  const watched = {
    summary: () => {
      const summary = byId(ids.summary);
      return shown(summary) && summary.querySelector(`[data-testid="${ids.summaryRow}"]`) !== null;
    },
    firstBox: () => shown(byId(ids.box)),
    legacyResult: () => shown(byId(ids.legacyResult)),
  };
  const watchedIds = { summary: ids.summary, firstBox: ids.box, legacyResult: ids.legacyResult };
  const channel = new MessageChannel();
  const pending = [];
  channel.port1.onmessage = () => {
    const at = performance.now();
    for (const name of pending.splice(0)) probe.painted[name] = { ...probe.painted[name], paintedAt: at };
  };
  let last = 0;
  const frame = (now) => {
    if (last > 0 && now - last > 50) probe.frameGaps.push({ at: last, gap: now - last });
    last = now;
    // Only once an answer is in: a screen that keeps the last result would otherwise count the old one.
    if (probe.watching && probe.answers.length > 0) {
      for (const [name, test] of Object.entries(watched)) {
        if (probe.painted[name] || !test()) continue;
        probe.painted[name] = { frameAt: now, inViewport: byId(watchedIds[name]).getBoundingClientRect().top < innerHeight };
        pending.push(name);
      }
      if (pending.length > 0) channel.port2.postMessage(0);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const list = () => byId(ids.boxes) ?? byId(ids.box);
  /** The element the box list scrolls in: the list or its first scrollable ancestor, else the page. */
  probe.scroller = () => {
    for (let element = list(); element && element !== document.body && element !== document.documentElement; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1) return element;
    }
    return document.scrollingElement;
  };
  const extent = (elements) => {
    const spans = elements
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.height > 0)
      .map((rect) => [rect.top, rect.bottom])
      .sort((a, b) => a[0] - b[0]);
    let total = 0;
    let end = -Infinity;
    for (const [top, bottom] of spans) {
      if (bottom <= end) continue;
      total += bottom - Math.max(top, end);
      end = bottom;
    }
    return total;
  };
  probe.mounted = (measure) => {
    const scroller = probe.scroller();
    const boxes = [...document.querySelectorAll(`[data-testid="${ids.box}"]`)];
    const state = { scrollTop: scroller.scrollTop, scrollHeight: scroller.scrollHeight, clientHeight: scroller.clientHeight, pageScroll: scroller === document.scrollingElement };
    if (!measure) return { ...state, keys: boxes.map((box) => box.getAttribute('data-key') ?? '') };
    const items = byId(ids.boxes) ? [...byId(ids.boxes).querySelectorAll('[data-index]')] : [];
    const contentPx = Math.max(extent(boxes), extent(items));
    return {
      ...state,
      mountedBoxes: boxes.length,
      boxesSummedPx: boxes.reduce((sum, box) => sum + box.getBoundingClientRect().height, 0),
      contentPx,
      screens: contentPx / innerHeight,
      documentPx: document.documentElement.scrollHeight,
      innerHeight,
      histograms: document.querySelectorAll(`[data-testid="${ids.histogram}"]`).length,
      drawn: document.querySelectorAll(`[data-testid="${ids.histogram}"][data-drawn="true"]`).length,
      domNodes: document.getElementsByTagName('*').length,
    };
  };
}

/**
 * What is mounted now (runs in the page, through the probe): the boxes' keys and the scroll position;
 * with `measure` also the vertical extent (union of the rectangles, so boxes side by side count once) of
 * the mounted boxes and of the virtual list's items (elements with data-index in the list) against the
 * window's height, their summed heights, the drawn histograms and the DOM size.
 */
export const mountedNow = ({ measure }) => window.__reportBench.mounted(measure);

/**
 * One scroll step of `fraction` of the scroller's height, then two frames and `pauseMs` (the page
 * renders what came into view meanwhile). Answers the state after it (keys and scroll position).
 */
export async function scrollStep({ fraction, pauseMs }) {
  const scroller = window.__reportBench.scroller();
  scroller.scrollBy(0, Math.round(scroller.clientHeight * fraction));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  return window.__reportBench.mounted(false);
}

/** The probe's record (answers, long tasks, frame gaps, paint marks). */
export const readProbe = () => {
  const { answers, longTasks, frameGaps, painted } = window.__reportBench;
  return { answers, longTasks, frameGaps, painted };
};

/** Median wall time of JSON.parse of `text` in the page, over `rounds` parses: the floor of showing anything. */
export function parseTime({ text, rounds }) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    JSON.parse(text);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}
