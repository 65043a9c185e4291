import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzAccount, watchControlAccount, type ControlAccount, type FuzzAccount } from '../test/fuzz/accounts.js';
import { readOperations, type Operation } from '../test/fuzz/openapi.js';
import { describeRequest, fuzzRequest, sweepRequests, type FuzzRequest } from '../test/fuzz/requests.js';
import { AUTH_MODES, problemsOf, reportOf, send, type AuthMode, type Outcome } from '../test/fuzz/send.js';
import { describeEachDialect, startTestPortal, testDialects, type TestPortal } from '../test/harness.js';

/**
 * Schema-driven fuzz of the whole API. No call may answer 5xx, drop the connection, answer an error
 * without {code, message}, or change the data of an account it was not sent for; and the edge-value
 * sweep must answer the same status on every database.
 *
 * FUZZ_RUNS raises the number of random requests per call (three sends each); FUZZ_SEED replays a run.
 */
// 25 random requests per call and database in `npm test` (over 60 calls, about 9,000 sends plus the
// edge sweep); FUZZ_RUNS=100 or more for a deeper run before a release.
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const REPLAY = `replay with FUZZ_SEED=${SEED} npx vitest run --project server packages/server/src/http/fuzz.test.ts`;
/**
 * As behind a load balancer: each request names its client address, so per-address throttles stay
 * out of the way; and the known account's e-mail takes many wrong passwords without locking.
 */
const PORTAL_ENV = { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '1000' };
const CALL_TIMEOUT_MS = 300_000;
/**
 * Starting a portal and preparing its accounts is a fixed amount of work (migrations, two accounts
 * whose passwords are hashed on purpose slowly, three snapshots of the reads), but on a busy
 * machine it takes several times the default hook limit; the edge sweep prepares two portals.
 */
const PREPARE_TIMEOUT_MS = 180_000;

/** The calls come from a running portal's OpenAPI document, so calls added later are fuzzed with no change here. */
const operations: Operation[] = await (async () => {
  const portal = await startTestPortal('sqlite');
  try {
    return await readOperations(portal.baseUrl);
  } finally {
    await portal.close();
  }
})();
const byName = operations.map((operation) => [operation.name, operation] as const);

interface Target {
  portal: TestPortal;
  control: ControlAccount;
  account: FuzzAccount;
}

async function prepare(portal: TestPortal): Promise<Target> {
  expect((await readOperations(portal.baseUrl)).map((operation) => operation.name)).toEqual(operations.map((operation) => operation.name));
  const control = await watchControlAccount(portal, operations);
  // Without a single read of account data the control check would pass whatever happened.
  expect(control.compared.length).toBeGreaterThan(0);
  return { portal, control, account: await fuzzAccount(portal) };
}

/** Sends `request` the three ways (no token, garbage token, a fresh valid session) and checks each answer. */
async function sendThreeWays({ portal, account }: Target, request: FuzzRequest) {
  const outcomes = new Map<AuthMode, Outcome>();
  const problems: string[] = [];
  for (const mode of AUTH_MODES) {
    await account.reset();
    const authorization =
      mode === 'no token' ? undefined : mode === 'garbage token' ? request.garbageAuthorization : await account.validAuthorization();
    const outcome = await send(portal.baseUrl, request, authorization);
    outcomes.set(mode, outcome);
    problems.push(...problemsOf(request, mode, outcome));
  }
  return { outcomes, problems };
}

/** What the control account's checks found after a call's requests. */
async function controlProblems({ control }: Target): Promise<string[]> {
  return [...(await control.changes()), ...(await control.loginProblems())];
}

describeEachDialect(
  'fuzz of every call in the OpenAPI document',
  (portal) => {
    let target: Target;
    beforeAll(async () => {
      target = await prepare(portal());
    }, PREPARE_TIMEOUT_MS);

    it.each(byName)('%s', async (_name, operation) => {
      const property = fc.asyncProperty(fuzzRequest(operation), async (request) => {
        const { problems } = await sendThreeWays(target, request);
        // Checked after every request, so the report names the one that changed the control's data.
        problems.push(...(await target.control.changes()));
        if (problems.length > 0) throw new Error(reportOf(request, problems));
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, includeErrorInReport: true });
      } catch (error) {
        throw new Error(`${REPLAY}\n${error instanceof Error ? error.message : String(error)}`);
      }
      expect(await target.control.loginProblems()).toEqual([]);
    }, CALL_TIMEOUT_MS);
  },
  PORTAL_ENV,
);

const shortBody = (outcome: Outcome) => ('failure' in outcome ? `no answer (${outcome.failure})` : `${outcome.status} ${outcome.body.slice(0, 160)}`);

describe('edge sweep: the same status on every database', () => {
  const dialects = testDialects();
  const portals: TestPortal[] = [];
  const targets: Target[] = [];
  beforeAll(async () => {
    for (const dialect of dialects) portals.push(await startTestPortal(dialect, { env: PORTAL_ENV }));
    for (const portal of portals) targets.push(await prepare(portal));
  }, PREPARE_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(portals.map((portal) => portal.close()));
  });

  it.each(byName)('%s', async (_name, operation) => {
    const problems: string[] = [];
    const mismatches: string[] = [];
    const requests = sweepRequests(operation, SEED);
    for (const request of requests) {
      // Each database gets the identical sequence; the two portals work in parallel.
      const results = await Promise.all(targets.map((target) => sendThreeWays(target, request)));
      results.forEach((result, index) => {
        if (result.problems.length > 0) problems.push(`[${dialects[index]}] ${reportOf(request, result.problems)}`);
      });
      for (const mode of AUTH_MODES) {
        const outcomes = results.map((result) => result.outcomes.get(mode)!);
        const statuses = new Set(outcomes.map((outcome) => ('status' in outcome ? outcome.status : 0)));
        if (statuses.size > 1) {
          const answers = outcomes.map((outcome, index) => `${dialects[index]} ${shortBody(outcome)}`);
          mismatches.push(`${describeRequest(request)}\n    ${mode}: ${answers.join('\n      ')}`);
        }
      }
    }
    for (const [index, target] of targets.entries()) {
      problems.push(...(await controlProblems(target)).map((problem) => `[${dialects[index]}] ${problem}`));
    }
    const report = [
      problems.length > 0 ? `${problems.length} failed answers:\n  ${problems.join('\n  ')}` : '',
      mismatches.length > 0 ? `${mismatches.length} answers differ between ${dialects.join(' and ')}:\n  ${mismatches.join('\n  ')}` : '',
    ].filter(Boolean);
    if (report.length > 0) throw new Error(`${operation.name}, ${requests.length} requests swept (${REPLAY}):\n${report.join('\n')}`);
  }, CALL_TIMEOUT_MS);
});
