// Runs the import-boundary rules of .dependency-cruiser.cjs over a source tree and adds the
// module-level cycle check that dependency-cruiser's file-level `circular` cannot express.
import { existsSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { componentGraph, componentCycles, COMPONENT_KINDS } from './components.mjs';

export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONFIG_FILE = join(REPOSITORY_ROOT, '.dependency-cruiser.cjs');

/**
 * What is cruised, relative to the root. The packages' dist/ folders are left out on purpose: they
 * are build output; an import that reaches one (bench/ does) is still seen, as a leaf.
 */
const SCANNED = [
  'packages/shared/src',
  'packages/server/src',
  'packages/web/src',
  'packages/web/vite.config.ts',
  'e2e',
  'bench',
  'scripts',
  'vitest.config.ts',
];

/**
 * Loads the rules and re-roots the tsconfig they name onto `rootDir`, so a copy of the tree (the
 * planted-violation test cruises one) resolves @portal/shared inside the copy, not in this checkout.
 */
async function optionsFor(rootDir) {
  const options = await extractDepcruiseOptions(CONFIG_FILE);
  options.baseDir = rootDir;
  options.outputType = 'json';
  const tsConfigFile = options.ruleSet?.options?.tsConfig?.fileName;
  if (!tsConfigFile) return { options, tsConfig: {} };
  const rerooted = join(rootDir, relative(REPOSITORY_ROOT, tsConfigFile));
  options.ruleSet.options.tsConfig.fileName = rerooted;
  return { options, tsConfig: extractTSConfig(rerooted) };
}

/**
 * Unresolved relative imports that, placed against their file, point outside the tree: the folder
 * is missing here (a ../shared beside one machine's clone), so dependency-cruiser's rule on
 * resolved paths cannot see them.
 */
function importsLeavingTheTree(modules) {
  const found = [];
  for (const module of modules) {
    for (const dependency of module.dependencies) {
      if (!dependency.couldNotResolve || !dependency.module.startsWith('.')) continue;
      const target = posix.join(posix.dirname(module.source), dependency.module);
      if (target.startsWith('../')) found.push({ rule: 'outside-the-repository', from: module.source, to: target });
    }
  }
  return found;
}

/** What each rule checked here forbids; the other rules' texts are in .dependency-cruiser.cjs. */
const CYCLE_RULE_COMMENTS = {
  'module-cycle': 'No cycle between server modules, through any files of theirs (imports, type-only imports).',
  'feature-cycle': 'No cycle between web features (packages/web/src/features/<x>).',
};

/**
 * @param {string} rootDir a checkout (or a copy of one) laid out like this repository
 * @returns {Promise<{ violations: Violation[], ruleComments: Record<string, string>, graphs: Record<string, ComponentGraph> }>}
 *
 * @typedef {{ rule: string, from: string, to: string, witness?: string }} Violation
 * @typedef {ReturnType<typeof componentGraph>} ComponentGraph
 */
export async function cruiseBoundaries(rootDir = REPOSITORY_ROOT) {
  const { options, tsConfig } = await optionsFor(rootDir);
  const scanned = SCANNED.filter((entry) => existsSync(join(rootDir, entry)));
  const { output } = await cruise(scanned, options, {}, { tsConfig });
  const result = typeof output === 'string' ? JSON.parse(output) : output;

  const violations = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }));
  violations.push(...importsLeavingTheTree(result.modules));
  const ruleComments = { ...CYCLE_RULE_COMMENTS };
  for (const rule of options.ruleSet.forbidden ?? []) ruleComments[rule.name] = rule.comment;

  const graphs = {};
  for (const kind of COMPONENT_KINDS) {
    const graph = componentGraph(result.modules, kind);
    graphs[kind.name] = graph;
    for (const cycle of componentCycles(graph)) {
      violations.push({ rule: kind.cycleRule, from: cycle.components.join(', '), to: '', witness: cycle.witness });
    }
  }
  return { violations, ruleComments, graphs };
}
