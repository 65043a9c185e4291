// Runs every benchmark in this folder against the built server (npm run bench builds first);
// with arguments, only those whose file name contains one of them (npm run bench -- report).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const chosen = (name) => only.length === 0 || only.some((part) => name.includes(part));
for (const file of readdirSync(here).filter((name) => name.endsWith('.bench.mjs') && chosen(name)).sort()) {
  console.log(`\n## ${file}`);
  execFileSync(process.execPath, [`${here}${file}`], { stdio: 'inherit' });
}
