// The weight report in Chromium at any size (issue 16, part 1). `npm run bench -- report-browser`.
// - Portal: the built server (packages/server/dist) in this process, serving the built web client
//   (packages/web/dist; BENCH_WEB_DIST or E2E_WEB_DIST names another build), on a fresh SQLite database,
//   then on a fresh PostgreSQL one when BENCH_REPORT_BROWSER_POSTGRES=1 or DATABASE_URL names a server
//   (a database of its own is created there and dropped afterwards).
// - Data (bench/report-browser-data.mjs): one account with 4 farms of 5 houses × 2 sides × 5 pens, one
//   flock each on a standard, weighed weekly by sex: BENCH_REPORT_BOXES (default 2,000) distinct
//   date|flock|sex|house|side|box of 30–80 birds each (~110,000 weighings), written straight into pesagens
//   through the portal's own Kysely database in chunks (an import would time the import, not the report).
// - Browser: Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH) through playwright-core, at desktop
//   1366×768 and phone 390×844. Each round: a fresh context, login through the login screen, then the
//   weight report with the period covering every weighing (#/aves?inicio=…&fim=…).
// - Figures, in the page's own clock (probes installed before the page's scripts, bench/report-browser-page.mjs):
//   (a) summary: from the avespesos answer's last byte (resource timing responseEnd) to the frame that
//       first shows `report-summary` with a `summary-row` — median of BENCH_REPORT_BROWSER_ROUNDS (3) —
//       and the renderer main thread's CPU time meanwhile (a Chromium trace's RunTask thread time);
//   (b) while scrolling the box list to its end one screen a step (two frames and 50 ms apart): the
//       longest main-thread task (PerformanceObserver 'longtask'), the CPU time of the renderer's tasks
//       from the trace (on a busy machine a task's wall time also holds its waits for a core: the CPU time
//       tells the page's own work from the machine's load) and the longest gap between frames;
//   (c) mounted content: at six scroll positions the vertical extent of the mounted boxes (or the list's
//       items) in window heights, the mounted boxes, the DOM size and the document's height;
//   (d) the JS heap (CDP Performance.getMetrics) at the end.
// - Limit, in the same run: the answer's JSON.parse in the same page (nothing can show before it) and the
//   answer's time as the browser saw it (request to last byte). Targets: summary ≤ 1,500 ms, longest task
//   while scrolling ≤ 200 ms, mounted content < 3 screens; any miss exits non-zero.
// - BENCH_REPORT_PROFILE=<folder>: a CDP CPU profile of the last round's summary and scroll phases is
//   saved there (open in Chromium DevTools) and its top self-time functions printed (with the source
//   positions when the build has source maps: vite build --sourcemap). BENCH_REPORT_SHOTS=<folder>: a
//   screenshot of the first screen once the summary shows, and one at the end of the list.
//   BENCH_REPORT_BROWSER_SCROLL=0 leaves (b) to (d) out.
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { machineLine, printTable, startPortal, withPostgresDatabase, withScratchDir } from './lib.mjs';
import { seedWeightReport } from './report-browser-data.mjs';
import { IDS, installProbes, mountedNow, parseTime, readProbe, scrollStep } from './report-browser-page.mjs';
import { mainThreadTasks, profilePhase, withTrace } from './report-browser-profile.mjs';

const BOXES = Number(process.env.BENCH_REPORT_BOXES ?? 2000);
const ROUNDS = Number(process.env.BENCH_REPORT_BROWSER_ROUNDS ?? 3);
const WEB_DIST = process.env.BENCH_WEB_DIST ?? process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROFILE_DIR = process.env.BENCH_REPORT_PROFILE;
const SHOTS_DIR = process.env.BENCH_REPORT_SHOTS;
/** BENCH_REPORT_BROWSER_SCROLL=0: the summary rounds only (a quick look at (a), or its profile). */
const SCROLLING = process.env.BENCH_REPORT_BROWSER_SCROLL !== '0';
const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : process.env.BENCH_REPORT_BROWSER_POSTGRES === '1' ? undefined : null;
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];
const TARGET = { summaryMs: 1500, longestTaskMs: 200, screens: 3 };
const SCROLL = { fraction: 1, pauseMs: 50, samples: 6 };
const TIMEOUT = {
  answerMs: Number(process.env.BENCH_REPORT_ANSWER_TIMEOUT_MS ?? 120_000),
  summaryMs: Number(process.env.BENCH_REPORT_SUMMARY_TIMEOUT_MS ?? 120_000),
  scrollMs: Number(process.env.BENCH_REPORT_SCROLL_TIMEOUT_MS ?? 600_000),
};
/** The screen before the summary: once its whole tree shows, waiting this long more for a summary is enough. */
const LEGACY_GRACE_MS = 5_000;

/** The three longest tasks, longest first (for the profile's breakdown). */
const longest = (tasks) => [...tasks].sort((a, b) => b.duration - a.duration).slice(0, 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const boxKeysOf = (answer) => answer.grupos.flatMap((grupo) => grupo.categorias.flatMap((categoria) => categoria.lados.flatMap((lado) => lado.boxes.map((box) => box.key))));

/** A fresh context, signed in through the login screen; the probes run before the page's scripts. */
async function signedInPage(browser, base, viewport, account, errors) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, baseURL: base });
  await context.addInitScript(installProbes, IDS);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${viewport.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${viewport.name}: ${message.text()}`);
  });
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/dashboard$/, { timeout: 60_000 });
  return { context, page };
}

/** Opens the report; answers the summary's timings, the answer's text and the long tasks before the summary. */
function openReport(page, query, label) {
  return withTrace(page, async ({ markedAt, stop }) => {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/avespesos') && response.request().method() === 'POST', { timeout: TIMEOUT.answerMs });
    await page.goto(`/#/aves?${query}`);
    const response = await answered.catch(() => {
      throw new Error(`${label}: no avespesos answer within ${TIMEOUT.answerMs} ms of opening #/aves?${query}`);
    });
    if (response.status() !== 200) throw new Error(`${label}: avespesos answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
    const shown = await page
      .waitForFunction(
        ({ grace, summaryId }) => {
          const { painted } = window.__reportBench;
          if (painted.summary?.paintedAt) return 'summary';
          const legacy = painted.legacyResult?.paintedAt;
          return legacy && performance.now() - legacy > grace && !document.querySelector(`[data-testid="${summaryId}"]`) ? 'legacy' : false;
        },
        { grace: LEGACY_GRACE_MS, summaryId: IDS.summary },
        { timeout: TIMEOUT.summaryMs, polling: 100 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => {
        throw new Error(`${label}: neither \`${IDS.summary}\` (with a \`${IDS.summaryRow}\`) nor \`${IDS.legacyResult}\` was painted within ${TIMEOUT.summaryMs} ms of the answer`);
      });
    const probe = await page.evaluate(readProbe);
    const answer = probe.answers.at(-1);
    const mark = shown === 'summary' ? probe.painted.summary : probe.painted.legacyResult;
    const trace = mainThreadTasks(await stop(), { markedAt, from: answer.responseEnd - 1, to: mark.paintedAt });
    const before = probe.longTasks.filter((task) => task.startTime >= answer.responseEnd - 1 && task.startTime < mark.paintedAt);
    return {
      shown,
      summaryMs: mark.paintedAt - answer.responseEnd,
      inViewport: mark.inViewport,
      answerMs: answer.responseEnd - answer.startTime,
      answerBytes: answer.bytes,
      longestBeforeMs: Math.max(0, ...before.map((task) => task.duration)),
      topTasks: longest(before),
      trace,
      firstBoxMs: probe.painted.firstBox ? probe.painted.firstBox.paintedAt - answer.responseEnd : NaN,
      text: await response.text(),
    };
  });
}

/**
 * The steps themselves: one screen at a time until the end stays put for two steps (the list grows as
 * rows are measured) or time runs out; the keys of every box mounted on the way, the mounted content at
 * SCROLL.samples positions, and whether the last box is on the screen at the end.
 */
async function scrollSteps(page, keys) {
  const samples = [await page.evaluate(mountedNow, { measure: true })];
  const seen = new Set();
  const deadline = Date.now() + TIMEOUT.scrollMs;
  let steps = 0;
  let atEndSteps = 0;
  let nextSample = 1;
  let timedOut = false;
  while (atEndSteps < 2) {
    // Out of time: the figures so far still come out, and the miss says the end was not reached.
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    const state = await page.evaluate(scrollStep, SCROLL);
    steps += 1;
    for (const key of state.keys) seen.add(key);
    const atEnd = state.scrollTop + state.clientHeight >= state.scrollHeight - 2;
    atEndSteps = atEnd ? atEndSteps + 1 : 0;
    if (atEnd || (state.scrollTop + state.clientHeight) / state.scrollHeight >= nextSample / (SCROLL.samples - 1)) {
      samples.push(await page.evaluate(mountedNow, { measure: true }));
      nextSample += 1;
    }
  }
  const lastKey = keys.at(-1);
  const lastShown = await page.evaluate(
    ({ boxId, key }) => {
      const box = [...document.querySelectorAll(`[data-testid="${boxId}"]`)].find((element) => element.getAttribute('data-key') === key);
      const rect = box?.getBoundingClientRect();
      return Boolean(rect && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight);
    },
    { boxId: IDS.box, key: lastKey },
  );
  return { samples, seen, steps, timedOut, lastShown };
}

/** Scrolls the box list to its end a screen at a time; long tasks, frame gaps and mounted content on the way. */
async function scrollToEnd(page, keys, label) {
  // The list may start below the first screen (a virtualised one then mounts nothing yet): its container will do.
  await page
    .locator(`[data-testid="${IDS.boxes}"], [data-testid="${IDS.box}"]`)
    .first()
    .waitFor({ state: 'attached', timeout: TIMEOUT.summaryMs })
    .catch(() => {
      throw new Error(`${label}: neither the box list \`${IDS.boxes}\` nor a \`${IDS.box}\` appeared within ${TIMEOUT.summaryMs} ms of the summary`);
    });
  await page.waitForTimeout(500);
  // The paint marks are taken; their look-ups would only add work to every frame from here on.
  await page.evaluate(() => {
    window.__reportBench.watching = false;
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((entry) => [entry.name, entry.value]));
  const metricsBefore = await metric();
  const { startedAt, endedAt, samples, seen, steps, timedOut, lastShown, metricsAfter, trace } = await withTrace(page, async ({ markedAt, stop }) => {
    const startedAt = await page.evaluate(() => performance.now());
    const { samples, seen, steps, timedOut, lastShown } = await scrollSteps(page, keys);
    const endedAt = await page.evaluate(() => performance.now());
    const metricsAfter = await metric();
    const trace = mainThreadTasks(await stop(), { markedAt, from: startedAt, to: endedAt });
    return { startedAt, endedAt, samples, seen, steps, timedOut, lastShown, metricsAfter, trace };
  });
  const probe = await page.evaluate(readProbe);
  if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${label.replace(' ', '-')}-end.png`) });
  const during = (entry) => entry.startTime >= startedAt && entry.startTime <= endedAt;
  const tasks = probe.longTasks.filter(during);
  const gaps = probe.frameGaps.filter((gap) => gap.at >= startedAt && gap.at <= endedAt);
  const delta = (name) => (metricsAfter[name] - metricsBefore[name]) * 1000;
  return {
    steps,
    timedOut,
    seconds: (endedAt - startedAt) / 1000,
    seen: keys.filter((key) => seen.has(key)).length,
    lastShown,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    longTasks: tasks.length,
    topTasks: longest(tasks),
    longestGapMs: Math.max(0, ...gaps.map((gap) => gap.gap)),
    trace,
    screens: Math.max(...samples.map((sample) => sample.screens)),
    mountedBoxes: Math.max(...samples.map((sample) => sample.mountedBoxes)),
    domNodes: Math.max(...samples.map((sample) => sample.domNodes)),
    documentPx: samples.at(-1).documentPx,
    documentScreens: samples.at(-1).documentPx / samples.at(-1).innerHeight,
    drawnAtEnd: `${samples.at(-1).drawn}/${samples.at(-1).histograms}`,
    pageScroll: samples.at(-1).pageScroll,
    heapMiB: metricsAfter.JSHeapUsedSize / 2 ** 20,
    mainThread: { taskMs: delta('TaskDuration'), scriptMs: delta('ScriptDuration'), layoutMs: delta('LayoutDuration'), styleMs: delta('RecalcStyleDuration') },
    samples,
  };
}

/**
 * ROUNDS openings of the report in `viewport` (fresh context each), the last one also scrolled to the
 * end. A timeout or a wrong answer ends this viewport's measure with its message (`failure`); the run goes on.
 */
async function measureViewport(browser, portal, { account, days }, viewport, label) {
  const query = `inicio=${days[0]}&fim=${days.at(-1)}`;
  const measured = { label, viewport, rounds: [], errors: [] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const last = round === ROUNDS - 1;
      const { context, page } = await signedInPage(browser, portal.base, viewport, account, measured.errors);
      try {
        const stopSummaryProfile = await profilePhase(page, { folder: last ? PROFILE_DIR : undefined, webDist: WEB_DIST, name: `${label}-${viewport.name}-summary` });
        const opened = await openReport(page, query, `${label} ${viewport.name} round ${round + 1}`);
        await stopSummaryProfile(() => opened.topTasks);
        measured.rounds.push(opened);
        console.error(`${label} ${viewport.name} round ${round + 1}: ${opened.shown} painted ${opened.summaryMs.toFixed(0)} ms after the answer (answer ${opened.answerMs.toFixed(0)} ms; main-thread CPU meanwhile ${opened.trace.cpuMs.toFixed(0)} ms, longest task ${opened.trace.longestWallMs.toFixed(0)} ms wall / ${opened.trace.cpuOfLongestWallMs.toFixed(0)} ms CPU)`);
        if (!last) continue;
        if (SHOTS_DIR) {
          mkdirSync(SHOTS_DIR, { recursive: true });
          await page.screenshot({ path: join(SHOTS_DIR, `${label}-${viewport.name}-summary.png`) });
        }
        const keys = boxKeysOf(JSON.parse(opened.text));
        if (keys.length !== BOXES) throw new Error(`${label} ${viewport.name}: the report holds ${keys.length} boxes, ${BOXES} were written`);
        measured.parseMs = await page.evaluate(parseTime, { text: opened.text, rounds: 5 });
        if (!SCROLLING) continue;
        const stopScrollProfile = await profilePhase(page, { folder: PROFILE_DIR, webDist: WEB_DIST, name: `${label}-${viewport.name}-scroll` });
        measured.scroll = await scrollToEnd(page, keys, `${label} ${viewport.name}`);
        await stopScrollProfile(() => measured.scroll.topTasks);
        const s = measured.scroll;
        console.error(`${label} ${viewport.name} scroll: ${s.steps} steps in ${s.seconds.toFixed(1)} s, longest task ${s.longestTaskMs.toFixed(0)} ms, ${s.screens.toFixed(2)} screens mounted at most`);
      } finally {
        await context.close();
      }
    }
  } catch (error) {
    measured.failure = error.message;
    console.error(error.message);
  }
  const summaries = measured.rounds.map((round) => round.summaryMs);
  return { ...measured, shown: measured.rounds.at(-1)?.shown, summaryMs: summaries.length ? median(summaries) : NaN, summaryMaxMs: summaries.length ? Math.max(...summaries) : NaN };
}

async function bench(label, databaseUrl, dir, browser) {
  // Any free broker port (0): another portal on this machine may hold the default one.
  const portal = await startPortal(databaseUrl, dir, { WEB_DIST_DIR: WEB_DIST, MQTT_PORT: '0' });
  try {
    const seeded = await seedWeightReport(portal, BOXES);
    console.error(`${label}: ${BOXES} boxes, ${seeded.weighings} weighings written in ${seeded.fillSeconds.toFixed(1)} s`);
    const results = [];
    for (const viewport of VIEWPORTS) results.push({ ...(await measureViewport(browser, portal, seeded, viewport, label)), weighings: seeded.weighings, fillSeconds: seeded.fillSeconds });
    return results;
  } finally {
    await portal.close();
  }
}

const loadAtStart = loadavg()[0];
if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`The web client is not built in ${WEB_DIST}: run \`npm run build\` (or set BENCH_WEB_DIST to a build).`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
let results;
try {
  results = await withScratchDir('portal-bench-report-browser-', async (dir) => {
    const measured = await bench('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`, dir, browser);
    if (POSTGRES_URL !== null) {
      const postgres = await withPostgresDatabase((url) => bench('PostgreSQL', url, dir, browser), POSTGRES_URL);
      if (postgres) measured.push(...postgres);
    }
    return measured;
  });
} finally {
  await browser.close();
}

const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const ratio = (figure, limit) => f(figure / limit, 2);
const NONE = { mainThread: {} };
console.log(machineLine(`load average ${f(loadAtStart, 1)} → ${f(loadavg()[0], 1)}`, `Chromium ${browser.version()}`, `${BOXES} boxes`, `${results[0].weighings} weighings`, `summary: median of ${ROUNDS}`, `web ${WEB_DIST}`));
console.log('\n(a) summary shown after the answer arrives');
printTable(
  ['database', 'viewport', 'answer KB', 'answer ms (browser)', 'JSON.parse ms (limit)', 'summary shown ms (median)', 'slowest ms', 'ratio to limit', 'target ms', 'ratio to target', 'main-thread CPU until then ms', 'longest task before it: wall / CPU ms', 'in first screen'],
  results.map((r) => {
    const last = r.rounds.at(-1) ?? {};
    const shown = r.shown === 'summary' ? f(r.summaryMs) : r.shown === 'legacy' ? `no summary (whole report ${f(r.summaryMs)})` : 'not shown';
    return [r.label, `${r.viewport.name} ${r.viewport.width}×${r.viewport.height}`, f(last.answerBytes / 1024), f(median(r.rounds.map((x) => x.answerMs))), f(r.parseMs, 1), shown, f(r.summaryMaxMs), f(r.summaryMs / r.parseMs, 1), TARGET.summaryMs, ratio(r.summaryMs, TARGET.summaryMs), f(last.trace?.cpuMs), `${f(last.trace?.longestWallMs)} / ${f(last.trace?.cpuOfLongestWallMs)}`, last.inViewport === undefined ? '–' : last.inViewport ? 'yes' : 'no'];
  }),
);
console.log('\n(b) scrolling the box list to its end, one screen a step');
printTable(
  ['database', 'viewport', 'steps', 's', 'boxes seen', 'last box shown', 'longest task ms', 'target ms', 'ratio', 'long tasks', 'trace: longest task wall / its CPU ms', 'trace: most CPU in a task ms', 'trace: tasks > 200 ms wall / CPU', 'trace: CPU a step ms', 'longest frame gap ms', 'main thread: task / script / layout / style ms'],
  results.map((r) => {
    const s = r.scroll ?? NONE;
    const m = s.mainThread;
    const t = s.trace ?? {};
    return [r.label, r.viewport.name, s.steps ?? '–', f(s.seconds, 1), s.seen === undefined ? '–' : `${s.seen}/${BOXES}`, s.lastShown === undefined ? '–' : s.lastShown ? 'yes' : 'NO', f(s.longestTaskMs), TARGET.longestTaskMs, ratio(s.longestTaskMs, TARGET.longestTaskMs), s.longTasks ?? '–', `${f(t.longestWallMs)} / ${f(t.cpuOfLongestWallMs)}`, f(t.longestCpuMs), `${t.over200WallMs ?? '–'} / ${t.over200CpuMs ?? '–'}`, f(t.cpuMs / s.steps, 1), f(s.longestGapMs), `${f(m.taskMs)} / ${f(m.scriptMs)} / ${f(m.layoutMs)} / ${f(m.styleMs)}`];
  }),
);
console.log(`\n(c, d) mounted content at ${SCROLL.samples} scroll positions (max), the document and the heap at the end`);
printTable(
  ['database', 'viewport', 'mounted content, screens', 'target', 'ratio', 'mounted boxes', 'DOM nodes', 'document px', 'document screens', 'histograms drawn at end', 'scrolls', 'JS heap MiB'],
  results.map((r) => {
    const s = r.scroll ?? NONE;
    return [r.label, r.viewport.name, f(s.screens, 2), `< ${TARGET.screens}`, ratio(s.screens, TARGET.screens), s.mountedBoxes ?? '–', s.domNodes ?? '–', f(s.documentPx), f(s.documentScreens, 1), s.drawnAtEnd ?? '–', s.pageScroll === undefined ? '–' : s.pageScroll ? 'page' : 'list', f(s.heapMiB, 1)];
  }),
);

/** When the longest tasks mostly waited for a core, the miss says so (the trace's thread time against wall time). */
const busyHint = (trace) =>
  trace && trace.longestCpuMs <= TARGET.longestTaskMs
    ? ` (no task used more than ${f(trace.longestCpuMs)} ms of CPU: the rest was waiting for a core; load average ${loadavg().map((load) => load.toFixed(1)).join(' / ')})`
    : '';
const misses = results.flatMap((r) => {
  const where = `${r.label} ${r.viewport.name}`;
  const s = r.scroll;
  return [
    r.failure,
    s?.timedOut && `${where}: the end of the box list not reached within ${TIMEOUT.scrollMs} ms (${s.steps} steps; BENCH_REPORT_SCROLL_TIMEOUT_MS to wait longer)`,
    r.shown === 'legacy' && `${where}: no \`${IDS.summary}\` on the screen (the whole report showed ${f(r.summaryMs)} ms after the answer)`,
    r.shown === 'summary' && r.summaryMs > TARGET.summaryMs && `${where}: summary shown ${f(r.summaryMs)} ms after the answer > ${TARGET.summaryMs} ms`,
    s && s.longestTaskMs > TARGET.longestTaskMs && `${where}: a ${f(s.longestTaskMs)} ms task while scrolling > ${TARGET.longestTaskMs} ms${busyHint(s.trace)}`,
    s && s.screens >= TARGET.screens && `${where}: ${f(s.screens, 2)} screens of boxes mounted ≥ ${TARGET.screens}`,
    s && !s.timedOut && s.seen !== BOXES && `${where}: ${s.seen} of ${BOXES} boxes came into the list on the way to its end`,
    s && !s.timedOut && !s.lastShown && `${where}: the last box was not on the screen at the end of the list`,
    ...r.errors.map((error) => `page error: ${error}`),
  ].filter(Boolean);
});
if (misses.length > 0) {
  console.log(`\nMISSED:\n- ${misses.join('\n- ')}`);
  process.exitCode = 1;
} else console.log(SCROLLING ? '\nEvery target met.' : '\nThe summary target met; scrolling not measured (BENCH_REPORT_BROWSER_SCROLL=0).');
