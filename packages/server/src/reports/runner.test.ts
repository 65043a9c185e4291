import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/dialect.js';
import { createEventBus } from '../events/index.js';
import { AppError } from '../http/errors.js';
import { createLogger } from '../logger.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import { createServices } from '../modules/services.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createNucleo } from '../test/factories/farms.js';
import { createLote } from '../test/factories/flocks.js';
import { createPesagens, generatedWeighings } from '../test/factories/weighings.js';
import { describeEachDialect, testDialects, testPortalEnv, type HttpAnswer, type TestPortal } from '../test/harness.js';
import { testServices } from '../test/services.js';
import { reportRunner, type ReportRunner } from './runner.js';

const PERIOD = { inicio: '2026-11-01', fim: '2026-11-30' };
/** Enough weighings that a report takes a while in its worker, so calls overlap. */
const WEIGHINGS = 30_000;
const silentLog = createLogger({ LOG_LEVEL: 'silent' });

/** The request thread's services on a database no call reaches (these runners send every call to a worker). */
const servicesOn = (config: Config, database: Database) => createServices({ config, database, clock: Date.now, log: silentLog, events: createEventBus(silentLog) });

const ownScope = (account: TestAccount): OwnerScope => ({ ownerId: account.user.id, actorId: account.user.id, nivel: 'proprietario', nucleos: null });

/** An account with one farm, one flock and WEIGHINGS weighings in PERIOD. */
async function accountWithWeighings(portal: TestPortal): Promise<TestAccount> {
  const account = await createAccount(portal);
  const farm = await createNucleo(portal, account);
  const lote = await createLote(portal, account, farm, { data_alojamento: '2026-10-12' });
  await createPesagens(portal, account, { nucleo: farm, lote, rows: generatedWeighings(22, WEIGHINGS) });
  return account;
}

const weightReport = (portal: TestPortal, account: TestAccount): Promise<HttpAnswer> =>
  portal.request('POST', '/api/avespesos', { token: account.token, body: PERIOD });

/** Resolves with the label once the answer arrives, recording the order answers arrive in. */
function tracked(order: string[], label: string, answer: Promise<HttpAnswer>): Promise<HttpAnswer> {
  return answer.then((value) => {
    order.push(label);
    return value;
  });
}

describeEachDialect(
  'heavy calls on the report worker pool',
  (portal) => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await accountWithWeighings(portal());
    }, 120_000);

    it('answers a report through a worker exactly as the request thread computes it', async () => {
      const services = testServices(portal());
      const inline = reportRunner({ config: { ...portal().config, REPORT_WORKERS: 0 }, database: portal().database, services, clock: Date.now, log: silentLog });
      const pooled = reportRunner({ config: portal().config, database: portal().database, services, clock: Date.now, log: silentLog });
      try {
        const scope = ownScope(account);
        const calls = [
          (runner: ReportRunner) => runner.run('avespesos', scope, { ...PERIOD, incubatorio: false }),
          (runner: ReportRunner) => runner.run('resumo', scope, PERIOD),
          (runner: ReportRunner) => runner.run('usrstats', scope, undefined),
        ];
        const expected = [];
        for (const run of calls) {
          const [inlineAnswer, pooledAnswer] = await Promise.all([run(inline), run(pooled)]);
          expect(pooledAnswer).toEqual(inlineAnswer);
          expected.push(inlineAnswer);
        }
        // Over HTTP the worker sends the JSON its route's schema gives: the same report, every weighing in it.
        const answer = await weightReport(portal(), account);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(answer.body).toEqual(JSON.parse(JSON.stringify(expected[0])));
        expect(answer.body.total.totalAves).toBe(WEIGHINGS);
      } finally {
        await Promise.all([inline.close(), pooled.close()]);
      }
    }, 60_000);

    it("brings a worker's AppError back as the same status and code", async () => {
      const missingFarm = await portal().request('POST', '/api/avespesos', { token: account.token, body: { ...PERIOD, nucleo_id: 999_999 } });
      expect(missingFarm.status).toBe(404);
      expect(missingFarm.body.code).toBe('NOT_FOUND');
      const reversed = await portal().request('GET', '/api/v2/resumo?inicio=2026-11-30&fim=2026-11-01&tipo=json', { token: account.token });
      expect(reversed.status).toBe(400);
      expect(reversed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'fim', code: 'DATE_RANGE_INVALID' }] });
      const missingGrader = await portal().request('GET', '/api/gettotaisselauto?id=999999&ini=2026-11-01&fim=2026-11-30', { token: account.token });
      expect(missingGrader.status).toBe(404);
      expect(missingGrader.body.code).toBe('NOT_FOUND');
    }, 60_000);

    it('keeps answering health and light calls while reports run, before the reports are done', async () => {
      const order: string[] = [];
      const reports = Array.from({ length: 4 }, () => tracked(order, 'report', weightReport(portal(), account)));
      // Let the reports reach the pool first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const health = await tracked(order, 'health', portal().request('GET', '/api/health'));
      const user = await tracked(order, 'getuser', portal().request('GET', '/api/getuser', { token: account.token }));
      const answers = await Promise.all(reports);
      expect(health.status).toBe(200);
      expect(user.status).toBe(200);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const lastReport = order.lastIndexOf('report');
      expect(order.indexOf('health')).toBeLessThan(lastReport);
      expect(order.indexOf('getuser')).toBeLessThan(lastReport);
    }, 60_000);

    it('answers 503 BUSY with Retry-After past the queue bound, and serves again once it drains', async () => {
      const answers = await Promise.all(Array.from({ length: 24 }, () => weightReport(portal(), account)));
      const busy = answers.filter((answer) => answer.status === 503);
      const served = answers.filter((answer) => answer.status === 200);
      expect(busy.length + served.length).toBe(answers.length);
      // One worker and a queue of 3: at most 4 in flight, so most of the 24 are refused at once.
      expect(busy.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThanOrEqual(1);
      for (const answer of busy) {
        expect(answer.body.code).toBe('BUSY');
        expect(answer.headers.get('retry-after')).toBe('5');
      }
      for (const answer of served) expect(answer.body).toEqual(served[0]!.body);
      expect((await weightReport(portal(), account)).status).toBe(200);
    }, 60_000);
  },
  { REPORT_WORKERS: '1', REPORT_QUEUE: '3' },
);

describe('report runner faults', () => {
  let dir: string;
  let config: Config;
  const scope: OwnerScope = { ownerId: 1, actorId: 1, nivel: 'proprietario', nucleos: null };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-runner-'));
    config = loadConfig({ ...testPortalEnv(`sqlite:${join(dir, 'unused.sqlite')}`, dir), REPORT_WORKERS: '1', REPORT_QUEUE: '2' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The worker opens its own connection: one it cannot open answers 503, as the request thread's would.
  const unreachable: Record<string, { url: string; database: Database }> = {
    // A folder where the file should be: SQLite cannot open it.
    sqlite: { url: 'sqlite:(folder)', database: { dialect: 'sqlite', db: undefined as never, sqliteFile: tmpdir() } },
    // Port 1 on this machine: nothing listens there.
    postgres: { url: 'postgres://postgres@127.0.0.1:1/portal', database: { dialect: 'postgres', db: undefined as never } },
  };
  for (const dialect of testDialects()) {
    it(`answers 503 DATABASE_UNAVAILABLE when the worker cannot reach the database [${dialect}]`, async () => {
      const { url, database } = unreachable[dialect]!;
      const runner = reportRunner({ config: { ...config, DATABASE_URL: url }, database, services: servicesOn(config, database), clock: Date.now, log: silentLog });
      try {
        const failure = await runner.run('usrstats', scope, undefined).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(AppError);
        expect(failure).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503, extra: { retryAfterSeconds: 5 } });
      } finally {
        await runner.close();
      }
    }, 60_000);
  }

  it('fails the call of a worker that dies (a 500) and serves the next one on a new worker', async () => {
    const database: Database = { dialect: 'sqlite', db: undefined as never, sqliteFile: join(dir, 'unused.sqlite') };
    const runner = reportRunner({
      config,
      database,
      services: servicesOn(config, database),
      clock: Date.now,
      log: silentLog,
      workerFile: new URL('../test/report-worker-crash.mjs', import.meta.url),
    });
    try {
      const first = (await runner.run('usrstats', scope, undefined)) as unknown as number;
      const crash = await runner.run('crash' as 'usrstats', scope, undefined).catch((error: unknown) => error);
      // Not an AppError: the error handler logs it and answers 500 INTERNAL.
      expect(crash).toBeInstanceOf(Error);
      expect(crash).not.toBeInstanceOf(AppError);
      const next = (await runner.run('usrstats', scope, undefined)) as unknown as number;
      expect(typeof next).toBe('number');
      expect(next).not.toBe(first);
    } finally {
      await runner.close();
    }
  }, 60_000);
});
