// A month's purge on PostgreSQL while other sessions keep reading and writing the same table (and
// the tables its foreign keys point at): how long the purge takes, and the worst wait of each
// concurrent writer and reader before, during and after it. Used by partitions.bench.mjs; any
// bench with a filled database may call it (the fleet bench's retention step). Not a bench itself.
import pg from 'pg';

/** Statements run in a loop each by a session of its own; their latencies are kept by phase. */
function loop(pool, name, statement, params) {
  const samples = [];
  let phase = 'before';
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      await pool.query(statement, typeof params === 'function' ? params() : params);
      samples.push({ phase, ms: performance.now() - started });
    }
  })();
  return {
    name,
    setPhase: (next) => (phase = next),
    async stop() {
      stopped = true;
      await done;
      return samples;
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worst and 99th-percentile latency of one phase's samples (ms). */
export function latencyOf(samples, phase) {
  const sorted = samples.filter((sample) => sample.phase === phase).map((sample) => sample.ms).sort((a, b) => a - b);
  return { count: sorted.length, p99: sorted[Math.floor(sorted.length * 0.99)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

/**
 * Runs `purge` (an async function answering anything) while the `sessions` ({ name, sql, params })
 * loop on connections of their own, `settleMs` before and after it. Answers the purge's duration
 * and answer, and each session's latencies per phase ('before', 'during', 'after').
 */
export async function purgeUnderLoad(url, sessions, purge, settleMs = 1_500) {
  const pool = new pg.Pool({ connectionString: url, max: sessions.length });
  const loops = sessions.map((session) => loop(pool, session.name, session.sql, session.params));
  try {
    await sleep(settleMs);
    for (const running of loops) running.setPhase('during');
    const started = performance.now();
    const answer = await purge();
    const ms = performance.now() - started;
    for (const running of loops) running.setPhase('after');
    await sleep(settleMs);
    const latencies = {};
    for (const running of loops) {
      const samples = await running.stop();
      latencies[running.name] = { before: latencyOf(samples, 'before'), during: latencyOf(samples, 'during'), after: latencyOf(samples, 'after') };
    }
    return { ms, answer, latencies };
  } finally {
    await Promise.all(loops.map((running) => running.stop()));
    await pool.end();
  }
}
