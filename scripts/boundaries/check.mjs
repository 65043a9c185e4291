// `npm run boundaries`: checks the import boundaries (docs/ARCHITECTURE.md, "Boundaries") and exits
// with 1 when any is crossed. Options: --root DIR cruises another tree laid out like this one (the
// planted-violation test uses it), --out FILE also writes the report to FILE, --json prints the
// violations as JSON instead of the report.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cruiseBoundaries, REPOSITORY_ROOT } from './cruise.mjs';

function formatReport(violations, ruleComments) {
  if (violations.length === 0) return 'Import boundaries: no violation.\n';
  const byRule = new Map();
  for (const violation of violations) byRule.set(violation.rule, [...(byRule.get(violation.rule) ?? []), violation]);
  const counts = [...byRule].map(([rule, list]) => `${rule} ${list.length}`).join(', ');
  const lines = [`Import boundaries: ${violations.length} violation(s) (${counts}).`];
  for (const [rule, list] of byRule) {
    lines.push('', `${rule} (${list.length}): ${ruleComments[rule] ?? ''}`);
    for (const violation of list) {
      if (violation.witness === undefined) lines.push(`  ${violation.from} → ${violation.to}`);
      else lines.push(`  ${violation.from}`, ...violation.witness.split('\n').map((line) => `    ${line}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

const { values } = parseArgs({
  options: { root: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const { violations, ruleComments } = await cruiseBoundaries(values.root ? resolve(values.root) : REPOSITORY_ROOT);
const report = formatReport(violations, ruleComments);
if (values.out) writeFileSync(values.out, `${new Date().toISOString()}\n${report}`);
process.stdout.write(values.json ? `${JSON.stringify(violations, null, 2)}\n` : report);
process.exitCode = violations.length === 0 ? 0 : 1;
