#!/usr/bin/env node
/**
 * `npm run test:mutations`: shows that the suite `npm test` runs still catches real faults. Each
 * mutation below puts one small deliberate fault into real code (a text replaced once), runs the
 * test files of the suite that cover that code, and puts the code back, whatever happened. A
 * mutation counts as caught only when at least one test failed (not a crash or a compile error).
 * Web mutations are built into a directory of their own, so the real build is never touched.
 *
 * Writes artifacts/test-timing/mutations.{json,md} and replaces the table in docs/testing.md
 * between its mutation markers; exits 1 when a fault went uncaught. `--only ID` runs one.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATIONS } from './mutation-list.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = `${ROOT}artifacts/test-timing`;
const DOC = `${ROOT}docs/testing.md`;
const START = '<!-- mutations:start -->';
const END = '<!-- mutations:end -->';

function run(command, args, env = {}, cwd = '') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: `${ROOT}${cwd}`, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Puts the fault in; answers the function that takes it out again. */
function applyFault(mutation) {
  const path = `${ROOT}${mutation.file}`;
  const original = readFileSync(path, 'utf8');
  const found = original.split(mutation.find).length - 1;
  if (found !== 1) throw new Error(`${mutation.id}: the text to replace occurs ${found} times in ${mutation.file} (must be once); update scripts/test/mutation-list.mjs`);
  writeFileSync(path, original.replace(mutation.find, mutation.replace));
  return () => writeFileSync(path, original);
}

function failedTests(reportPath) {
  if (!existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  return report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName));
}

async function tryMutation(mutation, workDir) {
  const reportPath = join(workDir, `${mutation.id}.json`);
  const started = Date.now();
  const restore = applyFault(mutation);
  let exitCode;
  try {
    const env = {};
    const args = ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportPath}`];
    if (mutation.e2e) {
      const dist = join(workDir, `web-${mutation.id}`);
      const built = await run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {}, 'packages/web');
      if (built !== 0) throw new Error(`${mutation.id}: the mutated web client did not build`);
      env.E2E_WEB_DIST = dist;
      args.push('--config', 'e2e/vitest.config.ts');
    }
    exitCode = await run('npx', [...args, ...mutation.tests], env);
  } finally {
    restore();
  }
  const failed = failedTests(reportPath);
  return { id: mutation.id, fault: mutation.fault, file: mutation.file, tests: mutation.tests, exitCode, failed: failed.length, firstFailed: failed[0] ?? null, caught: exitCode !== 0 && failed.length > 0, seconds: (Date.now() - started) / 1000 };
}

function table(results) {
  const rows = results.map(
    (result) =>
      `| ${result.id} | ${result.fault} | \`${result.file}\` | ${result.tests.map((test) => `\`${test.replace(/^.*\//, '')}\``).join(', ')} | ${result.caught ? `caught: ${result.failed} failed, e.g. “${result.firstFailed}”` : '**not caught**'} | ${Math.round(result.seconds)} |`,
  );
  return ['| id | fault | in | test files run | result | s |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const chosen = MUTATIONS.filter((mutation) => !only || mutation.id === only);
  if (chosen.length === 0) throw new Error(`no mutation ${only}; ids: ${MUTATIONS.map((mutation) => mutation.id).join(', ')}`);
  const workDir = mkdtempSync(join(tmpdir(), 'mutations-'));
  const results = [];
  try {
    for (const mutation of chosen) {
      console.log(`\n== ${mutation.id}: ${mutation.fault}`);
      const result = await tryMutation(mutation, workDir);
      console.log(`== ${mutation.id}: ${result.caught ? `caught (${result.failed} failed)` : 'NOT CAUGHT'} in ${Math.round(result.seconds)} s`);
      results.push(result);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/mutations.json`, `${JSON.stringify(results, null, 2)}\n`);
  const text = `Run of ${new Date().toISOString()}: ${results.filter((result) => result.caught).length} of ${results.length} faults caught.\n\n${table(results)}\n`;
  writeFileSync(`${OUT}/mutations.md`, text);
  if (!only && existsSync(DOC)) {
    const doc = readFileSync(DOC, 'utf8');
    const [before, rest] = doc.split(START);
    if (rest !== undefined) writeFileSync(DOC, `${before}${START}\n${text}${END}${rest.split(END)[1] ?? ''}`);
  }
  console.log(`\n${text}`);
  process.exitCode = results.every((result) => result.caught) ? 0 : 1;
}

await main();
