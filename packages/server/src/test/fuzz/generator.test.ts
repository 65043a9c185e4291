import {
  delSessionBody,
  loginBody,
  passwordRecoverQuery,
  passwordResetBody,
  registerBody,
  setCookieQuery,
  updateUserBody,
} from '@portal/shared';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { startTestPortal } from '../harness.js';
import { newPassword, uniqueEmail, validParameters, validValue } from './arbitraries.js';
import { percentEncode } from './edges.js';
import { objectShapes, schemaErrors, type JsonSchema } from './json-schema.js';
import { readOperations, type Operation } from './openapi.js';
import { fuzzRequest, sweepRequests, type FuzzRequest } from './requests.js';
import { problemsOf } from './send.js';
import { SWEEP_SHARDS } from './suites.js';

/**
 * The kinds of request (by name) that `limit` samples of `arbitrary` never produce. Sampled a chunk
 * at a time from fixed seeds, stopping once every kind was seen: the work the check needs and no
 * more (huge bodies and URLs make each sample costly on a busy machine).
 */
function missingKinds(arbitrary: fc.Arbitrary<FuzzRequest>, kinds: Record<string, (request: FuzzRequest) => boolean>, limit: number, chunk = 100): string[] {
  const missing = new Map(Object.entries(kinds));
  for (let drawn = 0; drawn < limit && missing.size > 0; drawn += chunk) {
    for (const request of fc.sample(arbitrary, { numRuns: Math.min(chunk, limit - drawn), seed: 11 + drawn })) {
      for (const [name, seen] of missing) if (seen(request)) missing.delete(name);
    }
  }
  return [...missing.keys()];
}

/** Read before the tests are collected, so the sweep check can be one test per call. */
const operations: Operation[] = await (async () => {
  const portal = await startTestPortal('sqlite');
  try {
    return await readOperations(portal.baseUrl);
  } finally {
    await portal.close();
  }
})();

/** The generator behind the fuzz (http/fuzz/): if it produced invalid "valid" values, the sweep would test nothing. */
describe('fuzz generator', () => {
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

  // One test per call, as the sweep below: a bounded amount of work each.
  describe('generates bodies and queries that satisfy every schema of the OpenAPI document', () => {
    it.each(operations.map((operation) => [operation.name, operation] as const))('%s', (name, operation) => {
      for (const optional of ['random', 'none', 'all'] as const) {
        if (operation.body) {
          const schema = operation.body.schema;
          fc.assert(
            fc.property(validValue(schema, '', optional), (value) => {
              expect(schemaErrors(schema, value), name).toEqual([]);
            }),
            { numRuns: 100 },
          );
        }
        fc.assert(
          fc.property(validParameters(operation.parameters, optional), (values) => {
            expect(schemaErrors(querySchema(operation), values), name).toEqual([]);
          }),
          { numRuns: 50 },
        );
      }
    });
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

  // One test per call: each does a bounded amount of work (a few hundred requests), so a busy machine
  // cannot push the whole sweep of every call past one test's time limit.
  describe('sweeps one field at a time, the others staying valid', () => {
    it.each(operations.filter((candidate) => candidate.body).map((operation) => [operation.name, operation] as const))('%s', (name, operation) => {
      const schema = operation.body!.schema;
      let checked = 0;
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
        // The rest fits the shape the field belongs to (a body of several shapes: one of them).
        const withoutField = (shape: JsonSchema): JsonSchema => ({ ...shape, required: (shape.required ?? []).filter((candidate) => candidate !== field) });
        const errors = objectShapes(schema).map((shape) => schemaErrors(withoutField(shape), rest));
        expect(errors.find((list) => list.length === 0) ?? errors[0], `${name} ${request.label}`).toEqual([]);
        checked += 1;
      }
      // JSON bodies with named fields must have been checked; a multipart form is not JSON text.
      const hasFields = objectShapes(schema).some((shape) => Object.keys(shape.properties ?? {}).length > 0);
      if (hasFields && operation.body!.contentType.includes('json')) expect(checked, name).toBeGreaterThan(0);
    });
  });

  it('produces every kind of malformed request', () => {
    const text = (request: FuzzRequest) => (typeof request.body === 'string' ? request.body : '');
    const bodies: Record<string, (request: FuzzRequest) => boolean> = {
      'invalid UTF-8': (request) => request.body instanceof Uint8Array && request.contentType === 'application/json',
      'empty body': (request) => request.body === '',
      'no content type': (request) => request.contentType === undefined,
      ...Object.fromEntries(
        ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzzboundary'].map((type) => [type, (request: FuzzRequest) => request.contentType === type]),
      ),
      'body over 2 MiB': (request) => text(request).length > 2 * 1024 * 1024,
      'deep nesting': (request) => text(request).startsWith('[[[[[[[[[['),
      'escaped NUL': (request) => /\\u0000/.test(text(request)),
      'lone surrogate': (request) => /\\ud800/i.test(text(request)),
      'negative zero': (request) => text(request).includes('-0}') || text(request).includes('-0,'),
    };
    expect(missingKinds(fuzzRequest(find('POST /api/register')), bodies, 3000)).toEqual([]);
    const queries = { 'URL over 2 MiB': (request: FuzzRequest) => request.url.length > 2 * 1024 * 1024 };
    expect(missingKinds(fuzzRequest(find('GET /api/password_recover')), queries, 1000)).toEqual([]);
    expect(percentEncode('a\uD800é')).toBe('a%ED%A0%80%C3%A9');
    // The check itself names a kind never produced.
    expect(missingKinds(fuzzRequest(find('GET /api/password_recover')), { never: () => false }, 20)).toEqual(['never']);
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

describe('the edge sweep files', () => {
  it('are one per part, 1 to SWEEP_SHARDS, so every call of the document is swept once', () => {
    const parts = readdirSync(new URL('../../http/fuzz/', import.meta.url))
      .map((file) => /^edge-sweep\.(\d+)\.test\.ts$/.exec(file)?.[1])
      .filter((part): part is string => part !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    expect(parts).toEqual(Array.from({ length: SWEEP_SHARDS }, (_, index) => index + 1));
  });
});
