#!/usr/bin/env node
/**
 * `npm test`: the whole suite, phase by phase, timed. Each phase runs as `npm test` always ran them
 * (boundaries, type checks, build, unit and integration, end-to-end), stopping at the first that
 * fails; the Vitest phases also write their per-file results as JSON. At the end it writes
 * artifacts/test-timing/summary.{json,md} (each phase's wall time and the machine's load, the 15
 * slowest files, the tests and assertions counted) and prints the phase times and the totals.
 *
 * `--only unit|e2e|…` (repeatable) runs just those phases, for measuring one.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { summarise, renderSummary } from './timing.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = `${ROOT}artifacts/test-timing`;
const COUNTS = `${OUT}/counts`;

const PHASES = [
  { name: 'boundaries', command: ['node', 'scripts/boundaries/check.mjs'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'unit', command: vitest([], 'unit') },
  { name: 'e2e', command: vitest(['--config', 'e2e/vitest.config.ts'], 'e2e') },
];

function vitest(args, name) {
  return ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${OUT}/${name}.json`];
}

function parseOnly(argv) {
  const only = [];
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--only') only.push(argv[++index]);
  }
  const unknown = only.filter((name) => !PHASES.some((phase) => phase.name === name));
  if (unknown.length > 0) throw new Error(`unknown phase ${unknown.join(', ')}; phases: ${PHASES.map((phase) => phase.name).join(', ')}`);
  return only;
}

/** Runs one phase with its output passed through, sampling the load average every 5 s. */
function runPhase(phase) {
  return new Promise((resolve) => {
    const samples = [loadavg()[0]];
    const timer = setInterval(() => samples.push(loadavg()[0]), 5_000);
    const started = Date.now();
    const [command, ...args] = phase.command;
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, TEST_COUNT_DIR: `${COUNTS}/${phase.name}` } });
    const stop = (signal) => child.kill(signal);
    process.on('SIGINT', stop).on('SIGTERM', stop);
    child.on('close', (code, signal) => {
      clearInterval(timer);
      process.off('SIGINT', stop).off('SIGTERM', stop);
      samples.push(loadavg()[0]);
      const load = { mean: samples.reduce((sum, value) => sum + value, 0) / samples.length, max: Math.max(...samples) };
      resolve({ name: phase.name, seconds: (Date.now() - started) / 1000, exitCode: code ?? 1, signal, load });
    });
  });
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function readCounts(phase) {
  const directory = `${COUNTS}/${phase}`;
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((file) =>
    readFileSync(`${directory}/${file}`, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)),
  );
}

async function main() {
  const only = parseOnly(process.argv.slice(2));
  rmSync(COUNTS, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const machine = { cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', loadAtStart: loadavg() };
  const started = new Date();
  const phases = [];
  for (const phase of PHASES) {
    if (only.length > 0 && !only.includes(phase.name)) continue;
    console.log(`\n== ${phase.name}: ${phase.command.join(' ')}`);
    // A phase that dies before writing its report must not be summarised from an earlier run's.
    rmSync(`${OUT}/${phase.name}.json`, { force: true });
    const result = await runPhase(phase);
    phases.push(result);
    if (result.exitCode !== 0) break;
  }
  const vitestPhases = phases.filter((phase) => phase.name === 'unit' || phase.name === 'e2e');
  const summary = summarise({
    started,
    machine: { ...machine, loadAtEnd: loadavg() },
    phases,
    reports: Object.fromEntries(vitestPhases.map((phase) => [phase.name, readJson(`${OUT}/${phase.name}.json`)])),
    counts: Object.fromEntries(vitestPhases.map((phase) => [phase.name, readCounts(phase.name)])),
    root: ROOT,
  });
  writeFileSync(`${OUT}/summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
  const text = renderSummary(summary);
  writeFileSync(`${OUT}/summary.md`, text);
  const failedPhase = phases.find((phase) => phase.exitCode !== 0);
  if (failedPhase) console.log(`\nphase ${failedPhase.name} failed (exit ${failedPhase.exitCode}${failedPhase.signal ? `, ${failedPhase.signal}` : ''})`);
  process.stdout.write(`\n${text}`);
  process.exitCode = failedPhase ? 1 : 0;
}

await main();
