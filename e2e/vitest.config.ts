import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@portal/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)) } },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser at a time: the machine has two cores, and each spec starts its own portal.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll ends as soon as it holds; its one-second default failed on a loaded CI machine
    // (a re-generated report's filters folded after more than a second of busy browser).
    expect: { poll: { timeout: 10_000 } },
  },
});
