import { appendFileSync, mkdirSync } from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';

/**
 * Counts each test file's tests and `expect` calls, so a run can show that shortening the suite did
 * not drop checks (docs/testing.md). Written only when the test runner sets TEST_COUNT_DIR: one
 * JSON line per file into a file per worker process, summed by scripts/test/run.mjs.
 */
const directory = process.env.TEST_COUNT_DIR;
let tests = 0;
let assertions = 0;

afterEach(() => {
  tests += 1;
  assertions += expect.getState().assertionCalls;
});

afterAll(() => {
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  const line = JSON.stringify({ file: expect.getState().testPath, tests, assertions });
  appendFileSync(`${directory}/${process.pid}.jsonl`, `${line}\n`);
});
