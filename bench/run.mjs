// Runs every benchmark in this folder against the built server (npm run bench builds first).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
for (const file of readdirSync(here).filter((name) => name.endsWith('.bench.mjs')).sort()) {
  console.log(`\n## ${file}`);
  execFileSync(process.execPath, [`${here}${file}`], { stdio: 'inherit' });
}
