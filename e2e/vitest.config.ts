import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { slowFirst } from '../scripts/test/slow-first.js';

/**
 * Two spec files at a time by default (E2E_WORKERS changes it): each starts its own portal and
 * Chromium, and two of them keep a 2-core machine busy while either waits on the other's answers.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/** The longest spec files of the last measured run (docs/testing.md), started first. */
const SLOWEST = [
  /\/silos-fumigators-collectors\.e2e\.ts$/,
  /\/devices-keys-permissions\.e2e\.ts$/,
  /\/menu\.e2e\.ts$/,
  /\/reports\.e2e\.ts$/,
  /\/live-collector-clock\.e2e\.ts$/,
  /\/flocks-standards-charts\.e2e\.ts$/,
  /\/flock-page\.e2e\.ts$/,
  /\/report-large\.e2e\.ts$/,
];

export default defineConfig({
  resolve: { alias: { '@portal/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)) } },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['scripts/test/count-assertions.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    sequence: { sequencer: slowFirst(SLOWEST) },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll ends as soon as it holds; its one-second default failed on a loaded CI machine
    // (a re-generated report's filters folded after more than a second of busy browser).
    expect: { poll: { timeout: 10_000 } },
  },
});
