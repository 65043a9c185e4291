import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../db/dialect.js';
import { startTestPortal, testDialects, type TestPortal } from '../harness.js';
import { fuzzAccount, watchControlAccount, type ControlAccount, type FuzzAccount } from './accounts.js';
import { readOperations, type Operation } from './openapi.js';
import { describeRequest, fuzzRequest, sweepRequests, type FuzzRequest } from './requests.js';
import { AUTH_MODES, problemsOf, reportOf, send, type AuthMode, type Outcome } from './send.js';

/**
 * Schema-driven fuzz of the whole API. No call may answer 5xx, drop the connection, answer an error
 * without {code, message}, or change the data of an account it was not sent for; and the edge-value
 * sweep must answer the same status on every database.
 *
 * The suites live here and run from three files under http/fuzz/ (one per database, one for the
 * sweep), so that Vitest runs them side by side instead of one after the other.
 *
 * FUZZ_RUNS raises the number of random requests per call (three sends each); FUZZ_SEED replays a run.
 */
// 8 random requests per call and database in `npm test` (over 160 calls, about 8,000 sends besides
// the edge sweep, each followed by the control account's check); FUZZ_RUNS=100 or more for a deeper
// run before a release.
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const replay = (file: string) => `replay with FUZZ_SEED=${SEED} npx vitest run --project server packages/server/src/http/fuzz/${file}`;
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
async function documentedOperations(): Promise<Operation[]> {
  const portal = await startTestPortal('sqlite');
  try {
    return await readOperations(portal.baseUrl);
  } finally {
    await portal.close();
  }
}

interface Target {
  portal: TestPortal;
  control: ControlAccount;
  account: FuzzAccount;
}

async function prepare(portal: TestPortal, operations: Operation[]): Promise<Target> {
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

/**
 * FUZZ_RUNS random requests to every call on one database, each sent three ways and followed by the
 * control account's check. Without that database in the run (no PostgreSQL outside CI) the file
 * says so in a skipped test.
 */
export async function describeFuzzOfEveryCall(dialect: DialectName, file: string): Promise<void> {
  if (!testDialects().includes(dialect)) {
    it.skip(`fuzz of every call [${dialect}]: not in this run`, () => {});
    return;
  }
  const operations = await documentedOperations();
  describe(`fuzz of every call in the OpenAPI document [${dialect}]`, () => {
    let portal: TestPortal | undefined;
    let target: Target;
    beforeAll(async () => {
      portal = await startTestPortal(dialect, { env: PORTAL_ENV });
      target = await prepare(portal, operations);
    }, PREPARE_TIMEOUT_MS);
    afterAll(async () => {
      await portal?.close();
    });

    it.each(operations.map((operation) => [operation.name, operation] as const))('%s', async (_name, operation) => {
      const property = fc.asyncProperty(fuzzRequest(operation), async (request) => {
        const { problems } = await sendThreeWays(target, request);
        // Checked after every request, so the report names the one that changed the control's data.
        problems.push(...(await target.control.changes()));
        if (problems.length > 0) throw new Error(reportOf(request, problems));
      });
      try {
        await fc.assert(property, { numRuns: FUZZ_RUNS, seed: SEED, includeErrorInReport: true });
      } catch (error) {
        throw new Error(`${replay(file)}\n${error instanceof Error ? error.message : String(error)}`);
      }
      expect(await target.control.loginProblems()).toEqual([]);
    }, CALL_TIMEOUT_MS);
  });
}

const shortBody = (outcome: Outcome) => ('failure' in outcome ? `no answer (${outcome.failure})` : `${outcome.status} ${outcome.body.slice(0, 160)}`);

/**
 * The edge sweep runs in this many files (http/fuzz/edge-sweep.N.test.ts), each on its own pair of
 * portals with every SWEEP_SHARDS-th call: it is most of the fuzz's time, and files run side by side.
 */
export const SWEEP_SHARDS = 4;

/**
 * Every call's edge values, sent identically to a portal on each database: no failure, and the same
 * status on all. `shard` (1…SWEEP_SHARDS) takes every SWEEP_SHARDS-th call of the document.
 */
export async function describeEdgeSweep(file: string, shard: number): Promise<void> {
  const operations = await documentedOperations();
  // The control account watches every read of the document; this part sweeps its share of the calls.
  const swept = operations.filter((_operation, index) => index % SWEEP_SHARDS === shard - 1);
  describe(`edge sweep, part ${shard} of ${SWEEP_SHARDS}: the same status on every database`, () => {
    const dialects = testDialects();
    const portals: TestPortal[] = [];
    const targets: Target[] = [];
    beforeAll(async () => {
      for (const dialect of dialects) portals.push(await startTestPortal(dialect, { env: PORTAL_ENV }));
      for (const portal of portals) targets.push(await prepare(portal, operations));
    }, PREPARE_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all(portals.map((portal) => portal.close()));
    });

    it.each(swept.map((operation) => [operation.name, operation] as const))('%s', async (_name, operation) => {
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
      if (report.length > 0) throw new Error(`${operation.name}, ${requests.length} requests swept (${replay(file)}):\n${report.join('\n')}`);
    }, CALL_TIMEOUT_MS);
  });
}
