import { randomInt } from 'node:crypto';
import { QUALIDADE_PADRAO, type LoginResponse, type RegisterBody } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import { createSampleData, type DemoCall, type SampleData } from './sample-data.js';
import { demoSeedRepository } from './seed.repository.js';
import { demoWeighingFiles, importDemoWeighings, type DemoUpload } from './weighing-files.js';

export const DEMO_EMAIL = 'demo@granja-demo.example';
/** A second demo user, given read access to one farm, to show the permissions screen; same password. */
export const DEMO_TECNICO_EMAIL = 'demo-tecnico@granja-demo.example';
/** The demo flock whose weighing-quality filter is on (its second house is weighed as mixed, with doubles and partial birds). */
export const DEMO_QUALITY_FLOCK = 'Lote 101';
/**
 * Its window's upper edge: +30 % rather than the default +15 %, as for a house weighed mixed — its
 * males run ~10 % above the mixed mean by five weeks, and +15 % would set aside a quarter of them
 * (and starve the sex split of its heavier group). Doubles (about twice the weight) are still caught.
 */
export const DEMO_QUALITY_ABOVE_PCT = 30;

export interface DemoAccount {
  email: string;
  password: string;
}

/** A call of the seeding that did not answer 200/201: names the call and carries the answer. */
export class DemoSeedError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly body: string,
    /** Set once the demo account exists, so its credentials can still be shown. */
    public account?: DemoAccount,
  ) {
    super(`demo seeding: ${call} answered ${status}: ${body}`);
  }
}

// No 0/O, 1/l/I: the password is read off a terminal and typed.
const PASSWORD_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const PASSWORD_DIGITS = '23456789';

/** 16 random letters and digits, at least one of each (the registration's strength rule). */
export function demoPassword(length = 16): string {
  const alphabet = PASSWORD_LETTERS + PASSWORD_DIGITS;
  for (;;) {
    const password = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** The line `npm start` prints; tests and README rely on its exact form. */
export const demoAccountLine = ({ email, password }: DemoAccount) => `demo account: ${email} password: ${password}`;

function apiCaller(app: FastifyInstance, token?: string): DemoCall {
  return async <T>(method: 'GET' | 'POST', call: string, body?: unknown): Promise<T> => {
    const response = await app.inject({
      method,
      url: `/api/${call}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (response.statusCode !== 200 && response.statusCode !== 201) {
      throw new DemoSeedError(call.split('?')[0]!, response.statusCode, response.body);
    }
    return response.json<T>();
  };
}

/** A multipart caller (POST /api/importacao): the body is built by the platform's FormData encoder. */
function uploadCaller(app: FastifyInstance, token: string): DemoUpload {
  return async <T>(call: string, fields: Record<string, string>, file: { name: string; content: string; type: string }): Promise<T> => {
    const form = new FormData();
    // Fields first: the server reads them before the file streams in.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file.content], { type: file.type }), file.name);
    const encoded = new Request('http://demo.invalid/', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: `/api/${call}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    if (response.statusCode !== 200 && response.statusCode !== 201) throw new DemoSeedError(call, response.statusCode, response.body);
    return response.json<T>();
  };
}

/** Today's date for the demo owner (the default time zone, UTC-3). */
const ownerToday = (now: number, timezone: number) => new Date(now + timezone * 3_600_000).toISOString().slice(0, 10);

export interface SeedOptions {
  db: Kysely<Tables>;
  log: FastifyBaseLogger;
  clock?: () => number;
}

export interface SeedResult extends DemoAccount {
  data: SampleData;
}

/**
 * On a database without users, creates the demo owner, a second demo user and sample farm data
 * through the portal's own API (app.inject), so validation and rules apply as for anyone. Answers
 * null when there was nothing to do: users exist, or another instance starting at the same time
 * registered the demo account first (its EMAIL_IN_USE decides who seeds). Logs the credentials in
 * one info line. A call that fails throws a DemoSeedError naming it.
 */
export async function seedDemo(app: FastifyInstance, { db, log, clock = Date.now }: SeedOptions): Promise<SeedResult | null> {
  if (await demoSeedRepository(db).anyUserExists()) {
    log.debug('demo account not created: the database has users');
    return null;
  }
  const password = demoPassword();
  const account: DemoAccount = { email: DEMO_EMAIL, password };
  const anonymous = apiCaller(app);
  const register = (body: RegisterBody) => anonymous<unknown>('POST', 'register', body);
  try {
    await register({ name: 'Conta Demonstração', email: DEMO_EMAIL, password, company: 'Granja Demonstração', language: 'pt' });
  } catch (error) {
    if (error instanceof DemoSeedError && error.status === 409 && error.body.includes('EMAIL_IN_USE')) {
      log.info('demo account already created by another instance starting at the same time: its log shows the password');
      return null;
    }
    throw error;
  }
  try {
    await register({ name: 'Técnico Demonstração', email: DEMO_TECNICO_EMAIL, password, company: 'Granja Demonstração', language: 'pt' });
    const login = await anonymous<LoginResponse>('POST', 'login', { email: DEMO_EMAIL, password });
    const today = ownerToday(clock(), login.user.timezone);
    const call = apiCaller(app, login.token);
    const data = await createSampleData(call, today, DEMO_TECNICO_EMAIL);
    await importDemoWeighings(uploadCaller(app, login.token), demoWeighingFiles(data, today));
    // Lote 101's mixed house has doubles and partial birds: its quality filter is on, so the report's counts and the audit show them (docs/quality.md).
    const filtered = data.lotes.find((lote) => lote.codigo === DEMO_QUALITY_FLOCK);
    if (filtered) await call('POST', 'setqualidadeconfig', { lote_id: filtered.id, ...QUALIDADE_PADRAO, ativo: true, acima_pct: DEMO_QUALITY_ABOVE_PCT });
    log.info(demoAccountLine(account));
    return { ...account, data };
  } catch (error) {
    if (error instanceof DemoSeedError) error.account = account;
    throw error;
  }
}

/**
 * main.ts: seeds unless DEMO=0. A failure is logged, with the credentials when the account got
 * created, and the portal starts anyway: it works without the sample data.
 */
export async function seedDemoAtStart(app: FastifyInstance, db: Kysely<Tables>): Promise<void> {
  try {
    await seedDemo(app, { db, log: app.log });
  } catch (error) {
    app.log.error({ err: error }, `demo data could not be created: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof DemoSeedError && error.account) app.log.info(demoAccountLine(error.account));
  }
}
