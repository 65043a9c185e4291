import { apiCalls, callDocs, type CallName, type CallSpec } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.js';

/** The /api routes registered outside the call table, none of them a client's call (calls/table.ts says why). */
const OUTSIDE_THE_TABLE = ['GET /api/health', 'GET /api/ready', 'POST /api/mqtt/auth', 'POST /api/mqtt/acl'];
const docs = callDocs();

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

/** The OpenAPI document is the same on every database: one portal suffices. */
describe('routes registered from the call table', () => {
  let portal: TestPortal;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    portal = await startTestPortal('sqlite');
    paths = (await portal.request('GET', '/api/openapi.json')).body.paths;
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('are every /api route of the OpenAPI document, besides the probes and the broker hooks', () => {
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const fromTable = Object.entries(apiCalls).map(([name, spec]) => `${spec.method} /api/${name}`);
    expect(documented.sort()).toEqual([...fromTable, ...OUTSIDE_THE_TABLE].sort());
  });

  it.each(Object.keys(apiCalls) as CallName[])('%s: documented with its schemas, status and words', (name) => {
    const spec: CallSpec = apiCalls[name];
    const operation = paths[`/api/${name}`]?.[spec.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(operation!.tags).toEqual([docs[name].tag]);
    expect(operation!.summary).toBe(docs[name].summary);
    expect(Object.keys(operation!.requestBody?.content ?? {})).toEqual(spec.body ? [spec.upload ?? 'application/json'] : []);
    expect((operation!.parameters ?? []).some((parameter) => parameter.in === 'query')).toBe(spec.query !== undefined);
    expect(Object.keys(operation!.responses).sort()).toEqual([String(spec.status ?? 200), ...Object.keys(spec.errorResponses ?? {})].sort());
  });

  it('answers 404 for a call the table does not have', async () => {
    expect((await portal.request('GET', '/api/getnucleos')).status).toBe(404);
  });
});
