#!/usr/bin/env node
/**
 * `npm run test:quick`: the inner loop while working. Runs the unit and integration test files that
 * the uncommitted change touches or that import what it touches (Vitest's --changed), on SQLite
 * alone, and the end-to-end files the change touches when there are some (after `npm run build`).
 * `npm test` stays the whole suite.
 *
 *   --base REV        compare with REV instead of the uncommitted change (e.g. --base origin/main)
 *   --all-databases   PostgreSQL too
 *   --no-e2e          skip the end-to-end files
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const base = argv.includes('--base') ? argv[argv.indexOf('--base') + 1] : undefined;
const env = { ...process.env, ...(argv.includes('--all-databases') ? {} : { ONLY_DIALECT: 'sqlite' }) };

function vitest(args) {
  return new Promise((resolve) => {
    const changed = base ? [`--changed=${base}`] : ['--changed'];
    const child = spawn('npx', ['vitest', 'run', ...changed, '--passWithNoTests', ...args], { cwd: ROOT, stdio: 'inherit', env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let exitCode = await vitest([]);
if (exitCode === 0 && !argv.includes('--no-e2e')) exitCode = await vitest(['--config', 'e2e/vitest.config.ts']);
process.exitCode = exitCode;
