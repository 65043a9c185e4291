// Import boundaries of the portal (issue 17; the rules are explained in docs/ARCHITECTURE.md,
// "Boundaries"). `npm run boundaries` runs these rules plus the module-level cycle check of
// scripts/boundaries/cycles.mjs: dependency-cruiser sees cycles between files, while the rule
// is "no cycle between modules", which a chain through different files of two modules breaks
// without any file-level cycle.

const path = require('node:path');

const MODULES = '^packages/server/src/modules/';
const FEATURES = '^packages/web/src/features/';
// Test code and test-only support run in Node under vitest, never in the browser.
// devices/arbitraries.ts holds fast-check generators that only the codec's tests use.
const TEST_FILES = '(\\.test\\.tsx?|^packages/shared/src/devices/arbitraries\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment:
        'A server module uses another module only through its public face, modules/<m>/index.ts ' +
        '(type-only imports too): never its repository, service or any other file.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'outside-module-internals',
      comment:
        'Server code outside the modules (app.ts, the MQTT link, reports worker, realtime hub, simulator, demo) ' +
        'uses a module only through its public face, modules/<m>/index.ts, as the modules do.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: [MODULES, '^packages/server/src/test/', TEST_FILES] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'web-base-imports-feature',
      comment:
        'The web base layers (api/, components/, i18n/ and features/records) sit under every feature: ' +
        'they import no feature (features/records is a base layer, so they may import it).',
      severity: 'error',
      from: { path: '^packages/web/src/(api|components|i18n)/' },
      to: { path: FEATURES, pathNot: `${FEATURES}records/` },
    },
    {
      name: 'records-imports-feature',
      comment:
        'features/records holds the shared record screens every feature builds on: it imports no other feature.',
      severity: 'error',
      from: { path: `${FEATURES}records/` },
      to: { path: FEATURES, pathNot: `${FEATURES}records/` },
    },
    {
      name: 'web-imports-server',
      comment: 'The browser bundle never contains server code: what both sides need lives in packages/shared.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'shared-imports-node',
      comment:
        'packages/shared runs in the browser and in Node: no Node built-in (node:*, fs, path, ...).',
      severity: 'error',
      from: { path: '^packages/shared/src/', pathNot: TEST_FILES },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-imports-platform-library',
      comment:
        'packages/shared runs in the browser and in Node: of npm packages it uses only zod, which runs ' +
        'on both. A DOM-only library (react, @mantine, ...) or a Node-only one would tie it to one side.',
      severity: 'error',
      from: { path: '^packages/shared/src/', pathNot: TEST_FILES },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'shared-imports-app',
      comment: 'packages/shared is the bottom layer: it imports neither the server nor the web.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'outside-the-repository',
      comment:
        'Nothing imports a file outside the repository (such as a ../shared folder beside the clone): ' +
        'it would work on one machine only.',
      severity: 'error',
      from: {},
      // Resolved imports only: scripts/boundaries/cruise.mjs places unresolved relative ones (the
      // folder may be missing on this machine) against their file and flags those that leave the tree.
      to: { path: '^\\.\\./', couldNotResolve: false },
    },
  ],
  options: {
    // Built output and installed packages are leaves: their own imports are not the portal's.
    doNotFollow: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    // Type-only imports count: a module's types are part of its public face too.
    tsPreCompilationDeps: true,
    // Resolves @portal/shared to packages/shared/src (the paths entry), like vite and vitest do.
    // An absolute name: TypeScript resolves the file's `extends` against it.
    tsConfig: { fileName: path.join(__dirname, 'packages/web/tsconfig.json') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
