// Runs every benchmark in this folder against the built server (npm run bench builds first);
// with arguments, only those named (npm run bench -- report runs report.bench.mjs alone), else those
// whose file name contains one of them (npm run bench -- feed live).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here).filter((name) => name.endsWith('.bench.mjs'));
const named = (part) => benches.includes(`${part}.bench.mjs`);
const chosen = (name) => only.length === 0 || only.some((part) => (named(part) ? name === `${part}.bench.mjs` : name.includes(part)));
for (const file of benches.filter(chosen).sort()) {
  console.log(`\n## ${file}`);
  execFileSync(process.execPath, [`${here}${file}`], { stdio: 'inherit' });
}
