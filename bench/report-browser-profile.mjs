// Where the page's time goes, for the weight-report browser benchmark (bench/report-browser.bench.mjs,
// BENCH_REPORT_PROFILE=<folder>): a CDP CPU profile of a phase, saved for Chromium DevTools, its top
// self-time functions, and what ran inside the longest tasks, each position mapped back to the source
// when the build has source maps (vite build --sourcemap). Not a benchmark itself.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Busy for 20 ms under a name the profile shows: ties the profile's clock to the page's performance.now(). */
function markProfileClock() {
  const started = performance.now();
  const end = started + 20;
  // A named function of its own, so its samples can be found.
  (function __reportBenchClockMark() {
    while (performance.now() < end);
  })();
  return started;
}

/** The source maps of one build, loaded once each. */
function sourceMapper(webDist) {
  const maps = new Map();
  let consumer;
  return async (file, line, column) => {
    const mapFile = join(webDist, 'assets', `${file}.map`);
    if (!file || !existsSync(mapFile)) return undefined;
    consumer ??= (await import('source-map-js')).SourceMapConsumer;
    if (!maps.has(mapFile)) maps.set(mapFile, new consumer(JSON.parse(readFileSync(mapFile, 'utf8'))));
    const found = maps.get(mapFile).originalPositionFor({ line, column: column - 1 });
    return found.source ? { source: found.source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(packages|node_modules)\//, '$1/'), line: found.line, name: found.name } : undefined;
  };
}

/** Each sample of a profile with its time (µs, the profile's clock) and node. */
function samplesOf(profile) {
  let time = profile.startTime;
  return profile.samples.map((node, index) => {
    time += profile.timeDeltas[index] ?? 0;
    return { time, node, weight: profile.timeDeltas[index + 1] ?? 0 };
  });
}

/**
 * A profiler on `page` from now until the returned function is called, when `folder` is set (else
 * nothing): then the profile is saved as `<folder>/<name>.cpuprofile` and summarised on stderr — the top
 * self-time functions of the whole phase and, for each of `longTasks()` (page-clock start and duration,
 * asked at the end), the functions and the app's own code (packages/web/src) that ran inside it.
 */
export async function profilePhase(page, { folder, webDist, name }) {
  if (!folder) return async () => undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const markedAt = await page.evaluate(markProfileClock);
  return async (longTasks = () => []) => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const mapped = sourceMapper(webDist);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const samples = samplesOf(profile);
    const mark = samples.find((sample) => nodes.get(sample.node)?.callFrame.functionName === '__reportBenchClockMark');
    // Page time (ms) of a sample; without the mark (not sampled), the phase's start is the best guess.
    const pageTime = (sample) => markedAt + (sample.time - (mark?.time ?? profile.startTime)) / 1000;

    const cached = (find) => {
      const answers = new Map();
      return async (nodeId) => {
        if (!answers.has(nodeId)) answers.set(nodeId, await find(nodeId));
        return answers.get(nodeId);
      };
    };
    const describe = cached(async (nodeId) => {
      const frame = nodes.get(nodeId)?.callFrame;
      const script = frame?.url.replace(/^.*\//, '') ?? '';
      const source = frame && (await mapped(script, frame.lineNumber + 1, frame.columnNumber + 1));
      const label = frame?.functionName || '(anonymous)';
      return source ? `${label} ${source.source}:${source.line}${source.name && source.name !== label ? ` (${source.name})` : ''}` : `${label}${script ? ` ${script}:${frame.lineNumber + 1}` : ''}`;
    });
    /** The deepest frame of a sample's stack in the app's own code, if any. */
    const appFrame = cached(async (nodeId) => {
      for (let id = nodeId; id !== undefined; id = parents.get(id)) {
        const frame = nodes.get(id).callFrame;
        const source = await mapped(frame.url.replace(/^.*\//, ''), frame.lineNumber + 1, frame.columnNumber + 1);
        if (source?.source.startsWith('packages/web/src/')) return `${source.source}:${source.line}${source.name ? ` (${source.name})` : ''}`;
      }
      return '(no app frame)';
    });
    const top = async (chosen, key, count) => {
      const totals = new Map();
      for (const sample of chosen) {
        const name = await key(sample.node);
        totals.set(name, (totals.get(name) ?? 0) + sample.weight);
      }
      const all = [...totals.values()].reduce((sum, us) => sum + us, 0) || 1;
      return [...totals.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([label, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms ${((us / all) * 100).toFixed(0).padStart(3)} %  ${label}`);
    };

    const lines = [`CPU profile ${file} (${mark ? 'clock tied to the page' : 'clock mark not sampled: task windows approximate'})`, 'top self time, whole phase:'];
    lines.push(...(await top(samples, describe, 15)).map((line) => `  ${line}`));
    for (const task of longTasks()) {
      const inside = samples.filter((sample) => pageTime(sample) >= task.startTime && pageTime(sample) <= task.startTime + task.duration);
      lines.push(`task of ${task.duration.toFixed(0)} ms at ${(task.startTime / 1000).toFixed(1)} s (${inside.length} samples): self time`);
      lines.push(...(await top(inside, describe, 8)).map((line) => `  ${line}`));
      lines.push('  … by the app frame it ran under:');
      lines.push(...(await top(inside, appFrame, 6)).map((line) => `  ${line}`));
    }
    console.error(`\n${lines.join('\n')}`);
  };
}

/** What Chromium names a task of a thread's loop in the 'toplevel' trace category. */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** The trace categories mainThreadTasks reads: the tasks, and the user-timing mark that ties the clocks. */
const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];
const CLOCK_MARK = 'report-bench-clock';

/**
 * `work` under a Chromium trace of `page`'s browser: it gets the page time of the clock mark put in the
 * trace and `stop()`, which ends the trace and answers its buffer. A trace `work` left running (it threw)
 * is stopped all the same, so the next one can start.
 */
export async function withTrace(page, work) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let stopped;
  const stop = () => (stopped ??= browser.stopTracing());
  try {
    const markedAt = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    return await work({ markedAt, stop });
  } finally {
    if (!stopped) await stop().catch((error) => console.error(`the Chromium trace could not be stopped: ${error.message}`));
  }
}

/**
 * The renderer main thread's tasks in a Chromium trace (withTrace; the renderer that holds the clock
 * mark), those that started between page times `from` and `to` (ms): the longest in wall time and how
 * much of it ran on the CPU (thread time), the most CPU time in one task, the tasks over 200 ms, and the
 * CPU time of them all. On a busy machine a task's wall time also holds the time the thread waited for
 * a core; its thread time is the page's own work.
 */
export function mainThreadTasks(traceBuffer, { markedAt, from = -Infinity, to = Infinity }) {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const mark = traceEvents.find((event) => event.name === CLOCK_MARK);
  if (!mark) throw new Error(`the trace holds no '${CLOCK_MARK}' mark: cannot tie its clock to the page's`);
  const pageTime = (ts) => markedAt + (ts - mark.ts) / 1000;
  const tasks = traceEvents
    .filter((event) => event.ph === 'X' && TASK_EVENTS.has(event.name) && event.pid === mark.pid && event.tid === mark.tid)
    .map((event) => ({ startTime: pageTime(event.ts), wallMs: event.dur / 1000, cpuMs: (event.tdur ?? NaN) / 1000 }))
    .filter((task) => task.startTime >= from && task.startTime <= to);
  const longestWall = tasks.reduce((best, task) => (task.wallMs > (best?.wallMs ?? -1) ? task : best), undefined);
  return {
    tasks: tasks.length,
    longestWallMs: longestWall?.wallMs ?? NaN,
    cpuOfLongestWallMs: longestWall?.cpuMs ?? NaN,
    longestCpuMs: tasks.reduce((max, task) => (task.cpuMs > max ? task.cpuMs : max), 0),
    over200WallMs: tasks.filter((task) => task.wallMs > 200).length,
    over200CpuMs: tasks.filter((task) => task.cpuMs > 200).length,
    cpuMs: tasks.reduce((sum, task) => sum + (Number.isFinite(task.cpuMs) ? task.cpuMs : 0), 0),
  };
}
