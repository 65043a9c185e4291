import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MUTATIONS } from './mutation-list.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run test:mutations` must not rot: each fault still applies once, to code that exists, with tests that exist. */
describe('the deliberate faults of test:mutations', () => {
  it('are at least eight, with distinct ids', () => {
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(MUTATIONS.map((mutation) => mutation.id)).size).toBe(MUTATIONS.length);
  });

  it.each(MUTATIONS.map((mutation) => [mutation.id, mutation] as const))('%s: its text occurs once in its file, and its test files exist', (_id, mutation) => {
    const source = readFileSync(`${ROOT}${mutation.file}`, 'utf8');
    expect(source.split(mutation.find).length - 1).toBe(1);
    expect(mutation.replace).not.toBe(mutation.find);
    expect(mutation.tests.length).toBeGreaterThan(0);
    for (const test of mutation.tests) expect(existsSync(`${ROOT}${test}`), test).toBe(true);
  });
});
