import { describe, expect, it } from 'vitest';
import { renderSummary, summarise } from './timing.mjs';

const file = (name: string, start: number, end: number, statuses: string[]) => ({
  name: `/repo/${name}`,
  startTime: start,
  endTime: end,
  assertionResults: statuses.map((status) => ({ status })),
});

describe('the test run summary', () => {
  const summary = summarise({
    started: new Date('2026-12-07T10:00:00Z'),
    machine: { cores: 2, cpu: 'test cpu', loadAtStart: [1, 1, 1], loadAtEnd: [2, 2, 2] },
    phases: [
      { name: 'unit', seconds: 300, exitCode: 0, load: { mean: 3, max: 4 } },
      { name: 'e2e', seconds: 599.6, exitCode: 1, load: { mean: 5, max: 9 } },
    ],
    reports: {
      unit: { numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, success: true, testResults: [file('a.test.ts', 0, 2000, ['passed', 'passed']), file('b.test.ts', 0, 9000, ['passed', 'skipped'])] },
      e2e: { numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, success: false, testResults: [file('c.e2e.ts', 1000, 5000, ['passed', 'failed'])] },
    },
    counts: { unit: [{ file: 'a', tests: 2, assertions: 7 }, { file: 'b', tests: 1, assertions: 3 }], e2e: [{ file: 'c', tests: 2, assertions: 5 }] },
    root: '/repo/',
  });

  it('adds up the phases, the tests and the assertions', () => {
    expect(summary.wallSeconds).toBeCloseTo(899.6);
    expect(summary.totals).toEqual({ passed: 4, failed: 1, skipped: 1, assertions: 15 });
    expect(summary.byPhase.unit).toMatchObject({ testFiles: 2, assertions: 10, testsCounted: 3 });
  });

  it('lists the slowest files first, named from the repository', () => {
    expect(summary.slowest.map((entry: { file: string; seconds: number }) => [entry.file, entry.seconds])).toEqual([
      ['b.test.ts', 9],
      ['c.e2e.ts', 4],
      ['a.test.ts', 2],
    ]);
  });

  it('ends with the plain closing line CI reads', () => {
    const text = renderSummary(summary);
    // 599.6 s rounds to a whole ten minutes, never '9 min 60 s'.
    expect(text).toContain('| e2e | 10 min 00 s | 1 | 5.0 / 9.0 |');
    expect(text.trimEnd().split('\n').at(-1)).toBe('4 passed, 1 failed, 1 skipped');
  });
});
