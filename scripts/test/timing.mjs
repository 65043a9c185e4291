/**
 * The test run's timing summary, from the phases the runner timed and Vitest's JSON reports
 * (Jest's format: one entry per file with its start and end, and each test's status).
 */

const SLOWEST = 15;

/** Seconds a file took and what it ran, from one JSON report, files named relative to the repository. */
function filesOf(phase, report, root) {
  return (report?.testResults ?? []).map((file) => ({
    phase,
    file: file.name.startsWith(root) ? file.name.slice(root.length) : file.name,
    seconds: Math.max(0, (file.endTime - file.startTime) / 1000),
    tests: file.assertionResults.length,
    failed: file.assertionResults.filter((test) => test.status === 'failed').length,
  }));
}

function countsOf(report) {
  return {
    passed: report?.numPassedTests ?? 0,
    failed: (report?.numFailedTests ?? 0) + (report && !report.success && report.numFailedTests === 0 ? 1 : 0),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    files: report?.numTotalTestSuites ?? 0,
  };
}

export function summarise({ started, machine, phases, reports, counts, root }) {
  const files = Object.entries(reports).flatMap(([phase, report]) => filesOf(phase, report, root));
  const byPhase = Object.fromEntries(
    Object.entries(reports).map(([phase, report]) => {
      const perFile = counts[phase] ?? [];
      return [
        phase,
        {
          ...countsOf(report),
          testFiles: report?.testResults?.length ?? 0,
          assertions: perFile.reduce((sum, entry) => sum + entry.assertions, 0),
          testsCounted: perFile.reduce((sum, entry) => sum + entry.tests, 0),
        },
      ];
    }),
  );
  const totals = Object.values(byPhase).reduce(
    (sum, phase) => ({
      passed: sum.passed + phase.passed,
      failed: sum.failed + phase.failed,
      skipped: sum.skipped + phase.skipped,
      assertions: sum.assertions + phase.assertions,
    }),
    { passed: 0, failed: 0, skipped: 0, assertions: 0 },
  );
  return {
    started: started.toISOString(),
    machine,
    phases,
    wallSeconds: phases.reduce((sum, phase) => sum + phase.seconds, 0),
    byPhase,
    totals,
    slowest: files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST),
  };
}

const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

export function renderSummary(summary) {
  const { machine } = summary;
  const lines = [
    `# Test run of ${summary.started}`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpu}); load average at start ${machine.loadAtStart.map((value) => value.toFixed(2)).join(' / ')}, at end ${machine.loadAtEnd.map((value) => value.toFixed(2)).join(' / ')}.`,
    '',
    '| phase | wall time | exit | load (mean / max of the 1-min average) |',
    '|---|---|---|---|',
    ...summary.phases.map((phase) => `| ${phase.name} | ${minutes(phase.seconds)} | ${phase.exitCode} | ${phase.load.mean.toFixed(1)} / ${phase.load.max.toFixed(1)} |`),
    `| **all** | **${minutes(summary.wallSeconds)}** | | |`,
    '',
    '| suite | files | tests passed | failed | skipped | assertions (`expect` calls) |',
    '|---|---|---|---|---|---|',
    ...Object.entries(summary.byPhase).map(
      ([phase, counts]) => `| ${phase} | ${counts.testFiles} | ${counts.passed} | ${counts.failed} | ${counts.skipped} | ${counts.assertions} |`,
    ),
    '',
    `The ${summary.slowest.length} slowest files (their wall time inside the phase; files run side by side):`,
    '',
    '| file | phase | tests | seconds |',
    '|---|---|---|---|',
    ...summary.slowest.map((file) => `| ${file.file} | ${file.phase} | ${file.tests} | ${file.seconds.toFixed(1)} |`),
    '',
    // The plain closing line CI reads, for every Vitest phase together.
    `${summary.totals.passed} passed, ${summary.totals.failed} failed, ${summary.totals.skipped} skipped`,
  ];
  return `${lines.join('\n')}\n`;
}
