import {
  delSessionBody,
  loginBody,
  passwordRecoverQuery,
  passwordResetBody,
  registerBody,
  setCookieQuery,
  updateUserBody,
} from '@portal/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { startTestPortal } from '../harness.js';
import { newPassword, uniqueEmail, validParameters, validValue } from './arbitraries.js';
import { percentEncode } from './edges.js';
import { schemaErrors, type JsonSchema } from './json-schema.js';
import { readOperations, type Operation } from './openapi.js';
import { fuzzRequest, sweepRequests, type FuzzRequest } from './requests.js';
import { problemsOf } from './send.js';

/** The generator behind fuzz.test.ts: if it produced invalid "valid" values, the sweep would test nothing. */
describe('fuzz generator', () => {
  let operations: Operation[] = [];
  beforeAll(async () => {
    const portal = await startTestPortal('sqlite');
    try {
      operations = await readOperations(portal.baseUrl);
    } finally {
      await portal.close();
    }
  });
  const find = (name: string) => {
    const operation = operations.find((candidate) => candidate.name === name);
    if (!operation) throw new Error(`${name} is not in the OpenAPI document`);
    return operation;
  };
  const querySchema = (operation: Operation): JsonSchema => ({
    type: 'object',
    properties: Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });

  it('generates bodies and queries that satisfy every schema of the OpenAPI document', () => {
    for (const operation of operations) {
      for (const optional of ['random', 'none', 'all'] as const) {
        if (operation.body) {
          const schema = operation.body.schema;
          fc.assert(
            fc.property(validValue(schema, '', optional), (value) => {
            expect(schemaErrors(schema, value), operation.name).toEqual([]);
          }),
          { numRuns: 100 },
        );
        }
        fc.assert(
          fc.property(validParameters(operation.parameters, optional), (values) => {
            expect(schemaErrors(querySchema(operation), values), operation.name).toEqual([]);
          }),
          { numRuns: 50 },
        );
      }
    }
  });

  it('generates values the shared Zod schemas accept (e-mails, passwords, storable text)', () => {
    const bodies: Array<[string, ZodType]> = [
      ['POST /api/register', registerBody],
      ['POST /api/login', loginBody],
      ['POST /api/updateuser', updateUserBody],
      ['POST /api/password_reset', passwordResetBody],
      ['POST /api/delsession', delSessionBody],
    ];
    for (const [name, zod] of bodies) {
      fc.assert(
        fc.property(validValue(find(name).body!.schema), (value) => {
          const parsed = zod.safeParse(value);
          expect(parsed.success, `${name} ${JSON.stringify(value)}: ${parsed.error?.message}`).toBe(true);
        }),
        { numRuns: 300 },
      );
    }
    const queries: Array<[string, ZodType]> = [
      ['GET /api/password_recover', passwordRecoverQuery],
      ['GET /api/setcookie', setCookieQuery],
    ];
    for (const [name, zod] of queries) {
      fc.assert(
        fc.property(validParameters(find(name).parameters, 'all'), (values) => {
          expect(zod.safeParse(values).success, JSON.stringify(values)).toBe(true);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('gives a fresh e-mail every time and passwords with letters and digits', () => {
    const emails = fc.sample(uniqueEmail(), 2000);
    expect(new Set(emails).size).toBe(emails.length);
    for (const password of fc.sample(newPassword(8, 200), 500)) {
      expect(password).toMatch(/\p{L}/u);
      expect(password).toMatch(/\p{N}/u);
      expect(password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('has a schema check that refuses what breaks a schema', () => {
    const cases: Array<[JsonSchema, unknown, boolean]> = [
      [{ type: 'integer', minimum: 1, maximum: 10 }, 5, true],
      [{ type: 'integer', minimum: 1, maximum: 10 }, 1.5, false],
      [{ type: 'integer', minimum: 1, maximum: 10 }, 11, false],
      [{ type: 'number', multipleOf: 0.25 }, 0.3, false],
      [{ type: 'string', minLength: 1, maxLength: 3 }, '', false],
      [{ type: 'string', maxLength: 3 }, '🐔🐔🐔', true],
      [{ type: 'string', enum: ['pt', 'en'] }, 'es', false],
      [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, {}, false],
      [{ type: 'object', properties: {}, additionalProperties: false }, { b: 1 }, false],
      [{ type: 'string', nullable: true }, null, true],
      [{ type: 'array', items: { type: 'boolean' }, maxItems: 1 }, [true, false], false],
    ];
    for (const [schema, value, valid] of cases) expect(schemaErrors(schema, value).length === 0, JSON.stringify([schema, value])).toBe(valid);
  });

  it('sweeps one field at a time, the others staying valid', () => {
    for (const operation of operations.filter((candidate) => candidate.body)) {
      const schema = operation.body!.schema;
      for (const request of sweepRequests(operation, 7)) {
        const field = /^([\w.-]+) = /.exec(request.label)?.[1];
        let body: unknown;
        try {
          body = JSON.parse(request.body as string);
        } catch {
          continue; // raw edge values (-0, 1e309, 5,000 levels) are not for JSON.parse
        }
        if (!field || field.includes('.') || typeof body !== 'object' || body === null) continue;
        const { [field]: _swept, ...rest } = body as Record<string, unknown>;
        const others: JsonSchema = { ...schema, required: (schema.required ?? []).filter((name) => name !== field) };
        expect(schemaErrors(others, rest), `${operation.name} ${request.label}`).toEqual([]);
      }
    }
  });

  it('produces every kind of malformed request', () => {
    const requests = fc.sample(fuzzRequest(find('POST /api/register')), { numRuns: 3000, seed: 11 });
    const seen = (test: (request: FuzzRequest) => boolean) => requests.some(test);
    expect(seen((request) => request.body instanceof Uint8Array && request.contentType === 'application/json')).toBe(true); // invalid UTF-8
    expect(seen((request) => request.body === '')).toBe(true);
    expect(seen((request) => request.contentType === undefined)).toBe(true);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzzboundary']) {
      expect(seen((request) => request.contentType === type), type).toBe(true);
    }
    expect(seen((request) => typeof request.body === 'string' && request.body.length > 2 * 1024 * 1024)).toBe(true);
    expect(seen((request) => typeof request.body === 'string' && request.body.startsWith('[[[[[[[[[['))).toBe(true);
    expect(seen((request) => /\\u0000/.test(String(request.body)))).toBe(true);
    expect(seen((request) => /\\ud800/i.test(String(request.body)))).toBe(true);
    expect(seen((request) => String(request.body).includes('-0}') || String(request.body).includes('-0,'))).toBe(true);
    const queries = fc.sample(fuzzRequest(find('GET /api/password_recover')), { numRuns: 1000, seed: 11 });
    expect(queries.some((request) => request.url.length > 2 * 1024 * 1024)).toBe(true);
    expect(percentEncode('a\uD800é')).toBe('a%ED%A0%80%C3%A9');
  });

  it('flags 5xx, dropped connections, error bodies without {code, message} and an oversized request let through', () => {
    const request: FuzzRequest = { operation: 'POST /x', label: 'test', method: 'POST', url: '/x', garbageAuthorization: '', headers: {} };
    const huge: FuzzRequest = { ...request, url: `/x?q=${'a'.repeat(2 * 1024 * 1024)}` };
    const errorBody = JSON.stringify({ code: 'BAD_REQUEST', message: 'no' });
    expect(problemsOf(request, 'no token', { status: 500, body: errorBody })).toHaveLength(1);
    expect(problemsOf(request, 'no token', { failure: 'ECONNRESET' })).toHaveLength(1);
    expect(problemsOf(request, 'no token', { status: 400, body: 'Bad Request' })).toHaveLength(1);
    expect(problemsOf(request, 'no token', { status: 400, body: JSON.stringify({ code: 'X' }) })).toHaveLength(1);
    expect(problemsOf(huge, 'no token', { status: 200, body: '{}' })).toHaveLength(1);
    expect(problemsOf(huge, 'no token', { status: 414, body: errorBody })).toEqual([]);
    expect(problemsOf(request, 'no token', { status: 400, body: errorBody })).toEqual([]);
    expect(problemsOf(request, 'no token', { status: 204, body: '' })).toEqual([]);
  });
});
