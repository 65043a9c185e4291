// The import-boundary check (`npm run boundaries`, scripts/boundaries/) must fail on a violation,
// not only pass on the current tree: this plants one of each kind in a private copy of the sources
// and runs the real check over the copy. The working tree is never touched, so parallel tests and
// builds cannot see the planted files, and the copy is removed even when an assertion fails.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const checkScript = join(repositoryRoot, 'scripts', 'boundaries', 'check.mjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
  witness?: string;
}

/** What the check cruises and resolves against: sources, manifests, the tsconfig it names. */
function copySources(copyRoot: string): void {
  const skipBuildOutput = (source: string) => !/[\\/](node_modules|dist)([\\/]|$)/.test(source);
  for (const part of ['shared', 'server', 'web']) {
    cpSync(join(repositoryRoot, 'packages', part, 'src'), join(copyRoot, 'packages', part, 'src'), {
      recursive: true,
      filter: skipBuildOutput,
    });
    cpSync(join(repositoryRoot, 'packages', part, 'package.json'), join(copyRoot, 'packages', part, 'package.json'));
  }
  cpSync(join(repositoryRoot, 'packages', 'web', 'tsconfig.json'), join(copyRoot, 'packages', 'web', 'tsconfig.json'));
  cpSync(join(repositoryRoot, 'tsconfig.base.json'), join(copyRoot, 'tsconfig.base.json'));
  cpSync(join(repositoryRoot, 'package.json'), join(copyRoot, 'package.json'));
}

function plant(copyRoot: string, file: string, text: string): void {
  const path = join(copyRoot, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const server = 'packages/server/src';
const web = 'packages/web/src';

/**
 * Two new server modules, alpha and beta: beta reaches into alpha's repository (forbidden) and
 * uses alpha's index.ts (allowed), alpha uses beta's index.ts: a cycle between the two modules
 * without any cycle between files. Two web features importing each other, a base layer importing
 * a feature, the web importing server code, shared importing Node and a DOM library, and an import
 * of a ../shared folder beside the clone.
 */
function plantViolations(copyRoot: string): void {
  plant(copyRoot, `${server}/modules/alpha/index.ts`, "export { alphaRows } from './alpha.repository.js';\n");
  plant(copyRoot, `${server}/modules/alpha/alpha.repository.ts`, 'export const alphaRows = (): number[] => [];\n');
  plant(copyRoot, `${server}/modules/alpha/uses-beta.ts`, "import { betaValue } from '../beta/index.js';\nexport const fromBeta = betaValue;\n");
  plant(copyRoot, `${server}/modules/beta/index.ts`, "export { betaValue } from './values.js';\n");
  plant(copyRoot, `${server}/modules/beta/values.ts`, 'export const betaValue = 1;\n');
  plant(copyRoot, `${server}/modules/beta/reaches-in.ts`, "import { alphaRows } from '../alpha/alpha.repository.js';\nexport const rows = alphaRows();\n");
  plant(copyRoot, `${server}/modules/beta/uses-alpha.ts`, "import { alphaRows } from '../alpha/index.js';\nexport const viaIndex = alphaRows();\n");
  plant(copyRoot, `${server}/planted/outside.ts`, "export { notes } from '../../../../../shared/notes.js';\n");
  plant(copyRoot, `${server}/planted/secret.ts`, "export const secret = 'server only';\n");
  plant(copyRoot, `${server}/planted/link.ts`, "import { alphaRows } from '../modules/alpha/alpha.repository.js';\nexport const linked = alphaRows();\n");

  plant(copyRoot, `${web}/features/gamma/gamma.ts`, "import { delta } from '../delta/delta';\nexport const gamma = () => delta;\n");
  plant(copyRoot, `${web}/features/delta/delta.ts`, "import { gamma } from '../gamma/gamma';\nexport const delta = () => gamma;\n");
  plant(copyRoot, `${web}/components/PlantedWidget.ts`, "export { gamma } from '../features/gamma/gamma';\n");
  plant(copyRoot, `${web}/features/gamma/server.ts`, "export { secret } from '../../../../server/src/planted/secret';\n");

  // The copy has no node_modules (a link to the checkout's would resolve outside the copy): a
  // stand-in for the DOM library is enough for the check to see an npm package.
  plant(copyRoot, 'node_modules/react-dom/package.json', '{ "name": "react-dom", "version": "19.0.0", "main": "index.js" }\n');
  plant(copyRoot, 'node_modules/react-dom/client.js', 'export function createRoot() {}\n');
  plant(copyRoot, 'packages/shared/src/planted.ts', "import { readFileSync } from 'node:fs';\nimport { createRoot } from 'react-dom/client';\nexport const both = [readFileSync, createRoot];\n");
}

function runCheck(root: string): Promise<{ exitCode: number; violations: Violation[] }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [checkScript, '--root', root, '--json'], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      if (exitCode !== 0 && exitCode !== 1) {
        reject(new Error(`the boundary check crashed (${exitCode}): ${stderr}`));
        return;
      }
      resolve({ exitCode, violations: JSON.parse(stdout) as Violation[] });
    });
  });
}

describe('import boundaries', () => {
  it('fail on a planted cross-module repository import, module and feature cycles, web→server, shared→Node/DOM, outside imports', { timeout: 180_000 }, async () => {
    const copyRoot = mkdtempSync(join(tmpdir(), 'boundaries-planted-'));
    try {
      copySources(copyRoot);
      plantViolations(copyRoot);
      const { exitCode, violations } = await runCheck(copyRoot);

      expect(exitCode).toBe(1);
      const found = (rule: string, from: string, to: string) =>
        violations.some((violation) => violation.rule === rule && violation.from === from && violation.to === to);
      expect(found('module-internals', `${server}/modules/beta/reaches-in.ts`, `${server}/modules/alpha/alpha.repository.ts`)).toBe(true);
      expect(violations.filter((violation) => violation.from.startsWith(`${server}/modules/beta/uses-alpha.ts`))).toEqual([]);
      expect(found('outside-module-internals', `${server}/planted/link.ts`, `${server}/modules/alpha/alpha.repository.ts`)).toBe(true);
      expect(violations).toContainEqual(expect.objectContaining({ rule: 'module-cycle', from: 'alpha, beta' }));
      expect(violations).toContainEqual(expect.objectContaining({ rule: 'feature-cycle', from: 'delta, gamma' }));
      expect(found('web-base-imports-feature', `${web}/components/PlantedWidget.ts`, `${web}/features/gamma/gamma.ts`)).toBe(true);
      expect(found('web-imports-server', `${web}/features/gamma/server.ts`, `${server}/planted/secret.ts`)).toBe(true);
      // dependency-cruiser names a Node built-in without its node: prefix.
      expect(found('shared-imports-node', 'packages/shared/src/planted.ts', 'fs')).toBe(true);
      expect(found('shared-imports-platform-library', 'packages/shared/src/planted.ts', 'node_modules/react-dom/client.js')).toBe(true);
      expect(found('outside-the-repository', `${server}/planted/outside.ts`, '../shared/notes.js')).toBe(true);
    } finally {
      rmSync(copyRoot, { recursive: true, force: true });
    }
  });
});

/**
 * Code that branches on the database (a comparison with the dialect's name, a table indexed by it,
 * a row lock, the raw SQLite connection). Such a branch belongs in db/dialect.ts, behind a function
 * named for what it does (lockRows, bulkWrite, importWrites, ...). Tests are left out: they run on
 * both databases and may expect what differs.
 */
const DIALECT_BRANCHES = [
  /\bdialect\s*[!=]==/,
  /[!=]==\s*'(postgres|sqlite)'/,
  /\[[\w.]*dialect\]/,
  /\.forUpdate\(|\bFOR UPDATE\b/i,
  /\bsqlite!|\bdatabase\.sqlite\b(?!File)/,
];

describe('dialect differences', () => {
  it('are only in db/dialect.ts', () => {
    const serverSource = join(repositoryRoot, 'packages', 'server', 'src');
    const branches: string[] = [];
    for (const entry of readdirSync(serverSource, { recursive: true, encoding: 'utf8' })) {
      const file = entry.replaceAll('\\', '/');
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('test/') || file === 'db/dialect.ts') continue;
      readFileSync(join(serverSource, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.trimStart();
          if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
          if (DIALECT_BRANCHES.some((pattern) => pattern.test(line))) branches.push(`${relative(repositoryRoot, join(serverSource, file))}:${index + 1}: ${code}`);
        });
    }
    expect(branches).toEqual([]);
  });
});
