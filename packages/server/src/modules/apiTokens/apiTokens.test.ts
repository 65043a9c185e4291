import { LIVE_CHANNEL_VERSION, LIVE_CLOSE, LIVE_PATH, TOKEN_API_MAX, TOKEN_API_PREFIXO, type TokenApi } from '@portal/shared';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createTokenApi } from '../../test/factories/api-tokens.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile, storedCounts } from '../../test/factories/imports.js';
import { describeEachDialect } from '../../test/harness.js';
import { hashToken } from '../../http/tokens.js';

const DAY_MS = 86_400_000;
/** The day it is in the account's time zone at `ms`. */
const localDay = (account: TestAccount, ms: number) => new Date(ms + account.user.timezone * 3_600_000).toISOString().slice(0, 10);

describeEachDialect('API tokens', (portal) => {
  const call = (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => portal().request(method, path, { token, body });
  const tokensOf = async (account: TestAccount) => (await portal().request<TokenApi[]>('GET', '/api/gettokenapi', { token: account.token })).body;

  it('answers the token once, stores its hash alone, lists it without the token and records its use', async () => {
    const owner = await createAccount(portal());
    const created = await createTokenApi(portal(), owner, { nome: 'ERP da integradora', escopo: 'leitura' });
    expect(created.token.startsWith(TOKEN_API_PREFIXO)).toBe(true);
    const { token, ...record } = created;
    expect(record).toMatchObject({ prop: owner.user.id, nome: 'ERP da integradora', escopo: 'leitura', nucleos: null, expira_em: null, estado: 'ativo', prefixo: token.slice(0, 8), ultimo_uso: null, revogado_em: null });

    const stored = await portal().database.db.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token.slice(TOKEN_API_PREFIXO.length));
    expect(await tokensOf(owner)).toEqual([record]);
    expect(JSON.stringify(await tokensOf(owner))).not.toContain(token);

    const farm = await createNucleo(portal(), owner);
    const read = await call(token, 'GET', '/api/getnucleo');
    expect(read.status).toBe(200);
    expect(read.body.map((item: { id: number }) => item.id)).toEqual([farm.id]);
    const [listed] = await tokensOf(owner);
    expect(listed!.ultimo_uso).not.toBeNull();
  });

  it('writes the last use at most once a minute', async () => {
    const owner = await createAccount(portal());
    const { id, token } = await createTokenApi(portal(), owner);
    const lastUse = async () => (await portal().database.db.selectFrom('api_tokens').select('ultimo_uso').where('id', '=', id).executeTakeFirstOrThrow()).ultimo_uso;
    portal().freezeClock();
    await call(token, 'GET', '/api/getnucleo');
    const first = await lastUse();
    expect(first).not.toBeNull();
    portal().advanceClock(30_000);
    await call(token, 'GET', '/api/getnucleo');
    expect(await lastUse()).toBe(first);
    portal().advanceClock(31_000);
    await call(token, 'GET', '/api/getnucleo');
    expect(await lastUse()).toBe(Number(first) + 61_000);
  });

  it('lets each scope make its calls and refuses every other with 403 TOKEN_SCOPE', async () => {
    const owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const leitura = (await createTokenApi(portal(), owner, { escopo: 'leitura' })).token;
    const importacao = (await createTokenApi(portal(), owner, { escopo: 'importacao' })).token;
    const csv = csvOf(['data', 'nucleo', 'lote', 'peso'], [['01/11/2026', farm.nome, 'L-1', 1000]]);

    for (const token of [leitura, importacao]) {
      expect((await call(token, 'GET', `/api/getnucleo?id=${farm.id}`)).status).toBe(200);
      expect((await call(token, 'POST', '/api/avesheader', {})).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/api/registernucleo', { nome: 'Nova' }],
        ['GET', '/api/getuser', undefined],
        ['GET', '/api/getsessions', undefined],
        ['POST', '/api/logout', {}],
        ['GET', '/api/gettokenapi', undefined],
        ['POST', '/api/registertokenapi', { nome: 'Outro', escopo: 'leitura' }],
        ['GET', '/api/getchave', undefined],
        ['GET', '/api/getintegracao_config', undefined],
        ['GET', '/api/getalarmepreferencias', undefined],
      ] as const) {
        const answer = await call(token, method, path, body);
        expect(answer.status, path).toBe(403);
        expect(answer.body.code, path).toBe('TOKEN_SCOPE');
      }
    }
    const refused = await importFile(portal(), { ...owner, token: leitura }, csv, { create_missing: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TOKEN_SCOPE');
    expect((await storedCounts(portal(), owner.user.id)).pesagens).toBe(0);
    const imported = await importFile(portal(), { ...owner, token: importacao }, csv, { create_missing: true });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await storedCounts(portal(), owner.user.id)).pesagens).toBe(1);
    // The session still works as before, and its own calls stay its own.
    expect((await call(owner.token, 'GET', '/api/getuser')).status).toBe(200);
  });

  it("reads only its farms, and nothing of another owner's", async () => {
    const owner = await createAccount(portal());
    const other = await createAccount(portal());
    const farmA = await createNucleo(portal(), owner, { nome: 'Granja A' });
    const farmB = await createNucleo(portal(), owner, { nome: 'Granja B' });
    const loteB = await createLote(portal(), owner, farmB);
    const strangersFarm = await createNucleo(portal(), other);
    const { token } = await createTokenApi(portal(), owner, { nucleos: [farmA.id] });

    const farms = await call(token, 'GET', '/api/getnucleo');
    expect(farms.body.map((item: { id: number }) => item.id)).toEqual([farmA.id]);
    expect((await call(token, 'GET', `/api/getnucleo?id=${farmB.id}`)).status).toBe(404);
    expect((await call(token, 'GET', `/api/getlote?id=${loteB.id}`)).status).toBe(404);
    expect((await call(token, 'GET', `/api/getnucleo?id=${strangersFarm.id}`)).status).toBe(404);
    expect((await call(token, 'GET', `/api/getnucleo?prop=${other.user.id}`)).status).toBe(404);
    // Acting for another owner that granted the token's owner is not a token's to do either.
    await grantAccess(portal(), other, owner, 'leitura');
    expect((await call(token, 'GET', `/api/getnucleo?prop=${other.user.id}`)).status).toBe(404);
    expect((await call(owner.token, 'GET', `/api/getnucleo?prop=${other.user.id}`)).status).toBe(200);
  });

  it('refuses a revoked token (revoking twice answers it as it is) and an unknown one with 401', async () => {
    const owner = await createAccount(portal());
    const { id, token } = await createTokenApi(portal(), owner);
    const revoked = await call(owner.token, 'POST', '/api/revogatokenapi', { idtoken: id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, estado: 'revogado' });
    expect(revoked.body.revogado_em).not.toBeNull();
    const again = await call(owner.token, 'POST', '/api/revogatokenapi', { idtoken: id });
    expect(again.body).toEqual(revoked.body);
    const refused = await call(token, 'GET', '/api/getnucleo');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
    expect((await call(`${TOKEN_API_PREFIXO}${'x'.repeat(43)}`, 'GET', '/api/getnucleo')).status).toBe(401);
  });

  it('is valid through its last day in the owner’s time zone, then refused with 401', async () => {
    const owner = await createAccount(portal());
    // The portal's clock (moved by other tests) read from a token's creation.
    const probe = await createTokenApi(portal(), owner);
    const today = localDay(owner, Date.parse(probe.created_at));
    const created = await createTokenApi(portal(), owner, { expira_em: today });
    expect(created.expira_em).toBe(today);
    expect((await call(created.token, 'GET', '/api/getnucleo')).status).toBe(200);
    portal().advanceClock(DAY_MS + 1);
    const refused = await call(created.token, 'GET', '/api/getnucleo');
    expect(refused.status).toBe(401);
    expect((await tokensOf(owner)).find((item) => item.id === created.id)!.estado).toBe('expirado');
    // An expired token no longer counts against the name.
    expect((await createTokenApi(portal(), owner, { nome: created.nome })).nome).toBe(created.nome);
  });

  it("is the owner's alone: another owner gets 404, a grantee of any level 403", async () => {
    const owner = await createAccount(portal());
    const other = await createAccount(portal());
    const { id } = await createTokenApi(portal(), owner);
    expect((await call(other.token, 'POST', '/api/revogatokenapi', { idtoken: id })).status).toBe(404);
    expect((await call(other.token, 'GET', `/api/gettokenapi?prop=${owner.user.id}`)).status).toBe(404);
    expect((await call(other.token, 'POST', '/api/registertokenapi', { prop: owner.user.id, nome: 'Meu', escopo: 'leitura' })).status).toBe(404);
    for (const nivel of ['leitura', 'gestao'] as const) {
      await grantAccess(portal(), owner, other, nivel);
      for (const [method, path, body] of [
        ['GET', `/api/gettokenapi?prop=${owner.user.id}`, undefined],
        ['POST', '/api/registertokenapi', { prop: owner.user.id, nome: 'Meu', escopo: 'leitura' }],
        ['POST', '/api/revogatokenapi', { prop: owner.user.id, idtoken: id }],
      ] as const) {
        expect((await call(other.token, method, path, body)).status, `${nivel} ${path}`).toBe(403);
      }
    }
    expect(await tokensOf(owner)).toMatchObject([{ id, estado: 'ativo' }]);
    expect(await tokensOf(other)).toEqual([]);
  });

  it('refuses a second live token of a name and more than TOKEN_API_MAX live tokens', async () => {
    const owner = await createAccount(portal());
    const first = await createTokenApi(portal(), owner, { nome: 'ERP' });
    const duplicate = await call(owner.token, 'POST', '/api/registertokenapi', { nome: 'ERP', escopo: 'importacao' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({ field: 'nome', code: 'DUPLICATE_NAME' });
    await call(owner.token, 'POST', '/api/revogatokenapi', { idtoken: first.id });
    await createTokenApi(portal(), owner, { nome: 'ERP' });
    for (let index = 1; index < TOKEN_API_MAX; index += 1) await createTokenApi(portal(), owner, { nome: `ERP ${index}` });
    const over = await call(owner.token, 'POST', '/api/registertokenapi', { nome: 'Mais um', escopo: 'leitura' });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('TOKEN_LIMIT');
    expect(await tokensOf(owner)).toHaveLength(TOKEN_API_MAX + 1);
  });

  it('holds the name and TOKEN_API_MAX when creations arrive at once', async () => {
    const create = (account: TestAccount, nome: string) => call(account.token, 'POST', '/api/registertokenapi', { nome, escopo: 'leitura' });
    type Answer = { status: number; body: { code?: string; errors?: { code: string }[] } };
    const codes = (answers: Answer[]) => answers.map(({ status, body }) => (status === 200 ? 'ok' : `${status} ${body.errors?.[0]?.code ?? body.code}`)).sort();

    const named = await createAccount(portal());
    expect(codes(await Promise.all(Array.from({ length: 4 }, () => create(named, 'ERP'))))).toEqual(['409 DUPLICATE_NAME', '409 DUPLICATE_NAME', '409 DUPLICATE_NAME', 'ok']);
    expect(await tokensOf(named)).toHaveLength(1);

    const full = await createAccount(portal());
    for (let index = 0; index < TOKEN_API_MAX - 3; index += 1) await createTokenApi(portal(), full, { nome: `ERP ${index}` });
    const racing = await Promise.all(Array.from({ length: 6 }, (_, index) => create(full, `Paralelo ${index}`)));
    expect(codes(racing)).toEqual(['409 TOKEN_LIMIT', '409 TOKEN_LIMIT', '409 TOKEN_LIMIT', 'ok', 'ok', 'ok']);
    expect(await tokensOf(full)).toHaveLength(TOKEN_API_MAX);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const owner = await createAccount(portal());
    const other = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const strangersFarm = await createNucleo(portal(), other);
    const cases = [
      [{ nome: '', escopo: 'leitura' }, 'nome', 'FIELD_REQUIRED'],
      [{ nome: 'A', escopo: 'tudo' }, 'escopo', 'FIELD_INVALID'],
      [{ nome: 'A', escopo: 'leitura', nucleos: [] }, 'nucleos', 'FIELD_REQUIRED'],
      [{ nome: 'A', escopo: 'leitura', nucleos: [farm.id, farm.id] }, 'nucleos', 'FIELD_INVALID'],
      [{ nome: 'A', escopo: 'leitura', nucleos: [farm.id, strangersFarm.id] }, 'nucleos', 'FIELD_INVALID'],
      [{ nome: 'A', escopo: 'leitura', expira_em: '2030-02-30' }, 'expira_em', 'FIELD_INVALID'],
      [{ nome: 'A', escopo: 'leitura', expira_em: localDay(owner, Date.now() - 2 * DAY_MS) }, 'expira_em', 'FIELD_OUT_OF_RANGE'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await call(owner.token, 'POST', '/api/registertokenapi', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect(await tokensOf(owner)).toEqual([]);
    expect((await call(owner.token, 'POST', '/api/revogatokenapi', { idtoken: 999_999 })).status).toBe(404);
  });

  it('is not accepted by the live channel; a picture at /img_cs that is not there is not found', async () => {
    const owner = await createAccount(portal());
    const { token } = await createTokenApi(portal(), owner);
    const socket = new WebSocket(`${portal().baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ t: 'hello', v: LIVE_CHANNEL_VERSION, token }));
    expect(await closed).toBe(LIVE_CLOSE.unauthenticated);
    // Reading a picture is allowed (modules/live/live.test.ts); one that is not there is not found.
    expect((await call(token, 'GET', '/img_cs/999999999')).status).toBe(404);
  });

  it('is described in the OpenAPI document, on the calls a token may make', async () => {
    const document = (await portal().request('GET', '/api/openapi.json')).body;
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/getnucleo'].get.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(document.paths['/api/importacao'].post.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(document.paths['/api/registernucleo'].post.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/getuser'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/login'].post.security).toEqual([]);
    expect(document.paths['/img_cs/{id}'].get.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
  });
});
