import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { slowFirst } from './scripts/test/slow-first.js';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

/**
 * Test files run three at a time by default, on two cores too: most of a file's time is spent
 * waiting (PostgreSQL, brokers, sockets, a portal's other threads), so one worker per core left a
 * core idle (docs/testing.md has the timings). TEST_WORKERS changes it.
 */
const workers = Number(process.env.TEST_WORKERS ?? 3);

/** The longest files of the last measured run (docs/testing.md), started first so none is left to run alone at the end. */
const SLOWEST = [
  /\/http\/fuzz\/edge-sweep\.\d\.test\.ts$/,
  /\/http\/fuzz\/postgres\.test\.ts$/,
  /\/http\/fuzz\/sqlite\.test\.ts$/,
  /\/imports\/import-kill\.test\.ts$/,
  /\/imports\/import-load\.test\.ts$/,
  /\/readings\/levels\.test\.ts$/,
  /\/demo\/seed\.test\.ts$/,
  /\/mqtt\/broker-limits\.test\.ts$/,
];

export default defineConfig({
  resolve: { alias: { '@portal/shared': shared } },
  test: {
    maxWorkers: workers,
    sequence: { sequencer: slowFirst(SLOWEST) },
    setupFiles: ['scripts/test/count-assertions.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/src/test/postgres-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
