import { expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect, TEST_SECRET_KEY, type HttpAnswer, type TestPortal } from '../../test/harness.js';
import { integrationConfigsRepository } from './configs.repository.js';
import { passwordCipher, SealedValueError } from './password-cipher.js';
import { integrationConfigsService } from './service.js';

const KINDS = [
  { kind: 'integracao', register: 'register_config_integracao', get: 'getintegracao_config', del: 'delintegracao', extra: { sistema: 'Totvs Agro' } },
  { kind: 'mtech', register: 'register_config_mtech', get: 'getmtech_config', del: 'delmtech', extra: { empresa: 'GRJ01' } },
] as const;

let sequence = 0;
const validBody = (extra: object, overrides: object = {}) => {
  sequence += 1;
  return {
    nome: `Sincronização ${sequence}`,
    endpoint: 'https://sistema.integradora.example/api/v1',
    usuario: 'portal-granja',
    senha: `S3nha-clara-${sequence}-xyz`,
    agenda: 'diaria',
    hora: '02:15',
    dados: ['nucleos', 'lotes', 'pesagens'],
    ...extra,
    ...overrides,
  };
};

/** Every answer of a test, to check that no password ever left the server. */
function recorder(portal: () => TestPortal) {
  const seen: string[] = [];
  return {
    async call(method: string, path: string, token: string, body?: unknown): Promise<HttpAnswer> {
      const answer = await portal().request(method, `/api/${path}`, { token, body });
      seen.push(JSON.stringify(answer.body));
      return answer;
    },
    leaked: (secrets: string[]) => secrets.filter((secret) => seen.some((text) => text.includes(secret))),
  };
}

const storedRow = (portal: TestPortal, id: number) =>
  portal.database.db.selectFrom('integration_configs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDialect('integration and Mtech settings', (portal) => {
  for (const { kind, register, get, del, extra } of KINDS) {
    it(`${kind}: creates, lists, reads, updates (keeping or replacing the password) and deletes`, async () => {
      const account = await createAccount(portal());
      const api = recorder(portal);
      const body = validBody(extra, { dados: ['lotes', 'nucleos'] });

      const created = await api.call('POST', register, account.token, body);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.any(Number), prop: account.user.id, nome: body.nome, endpoint: body.endpoint, usuario: body.usuario,
        senha_definida: true, agenda: 'diaria', hora: '02:15', dados: ['lotes', 'nucleos'], ativo: true, ...extra,
        segredo_definido: true, estado: 'ativa', proxima_execucao: expect.any(String), segredo: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        created_at: expect.any(String), updated_at: expect.any(String),
      });
      // The signing secret is answered once, at creation: never in a read.
      const { segredo, ...record } = created.body;
      const id = created.body.id as number;
      const sealed = (await storedRow(portal(), id)).senha_enc!;
      expect(passwordCipher(Buffer.from(TEST_SECRET_KEY, 'hex')).open((await storedRow(portal(), id)).segredo_enc!)).toBe(segredo);
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain(body.senha);
      expect(passwordCipher(Buffer.from(TEST_SECRET_KEY, 'hex')).open(sealed)).toBe(body.senha);

      expect((await api.call('GET', get, account.token)).body).toEqual([record]);
      expect((await api.call('GET', `${get}?id=${id}`, account.token)).body).toEqual(record);

      // No senha: the stored password stays as it was.
      const renamed = await api.call('POST', register, account.token, { ...body, id, senha: undefined, nome: 'Renomeada', agenda: 'manual', hora: null, ativo: false });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id, nome: 'Renomeada', agenda: 'manual', hora: null, ativo: false, senha_definida: true });
      expect((await storedRow(portal(), id)).senha_enc).toBe(sealed);

      const replaced = await api.call('POST', register, account.token, { ...body, id, senha: 'Outra-senha-42' });
      expect(replaced.status).toBe(200);
      const resealed = (await storedRow(portal(), id)).senha_enc!;
      expect(resealed).not.toBe(sealed);
      expect(passwordCipher(Buffer.from(TEST_SECRET_KEY, 'hex')).open(resealed)).toBe('Outra-senha-42');

      const withoutPassword = await api.call('POST', register, account.token, validBody(extra, { senha: undefined }));
      expect(withoutPassword.body.senha_definida).toBe(false);
      expect((await storedRow(portal(), withoutPassword.body.id)).senha_enc).toBeNull();

      const deleted = await api.call('POST', del, account.token, { idindice: id });
      expect(deleted.body).toEqual({ ok: true, id });
      expect((await api.call('GET', `${get}?id=${id}`, account.token)).status).toBe(404);
      expect((await api.call('GET', get, account.token)).body.map((item: { id: number }) => item.id)).toEqual([withoutPassword.body.id]);
      expect(renamed.body.segredo).toBeUndefined();
      expect(api.leaked([body.senha, 'Outra-senha-42', sealed, resealed])).toEqual([]);
    });

    it(`${kind}: refuses a bad address, a daily schedule without a time and other bad input, storing nothing`, async () => {
      const account = await createAccount(portal());
      const cases: Array<[object, string, string]> = [
        [{ endpoint: 'ftp://files.example/x' }, 'endpoint', 'URL_INVALID'],
        [{ endpoint: 'not an address' }, 'endpoint', 'URL_INVALID'],
        [{ endpoint: 'https://user:pw@erp.example/' }, 'endpoint', 'URL_INVALID'],
        [{ endpoint: 'https://erp.example/\u0000' }, 'endpoint', 'FIELD_INVALID_CHARACTERS'],
        [{ agenda: 'diaria', hora: null }, 'hora', 'FIELD_REQUIRED'],
        [{ agenda: 'diaria', hora: undefined }, 'hora', 'FIELD_REQUIRED'],
        [{ hora: '24:00' }, 'hora', 'FIELD_INVALID'],
        [{ agenda: 'semanal' }, 'agenda', 'FIELD_INVALID'],
        [{ dados: [] }, 'dados', 'FIELD_REQUIRED'],
        [{ dados: ['lotes', 'lotes'] }, 'dados', 'FIELD_INVALID'],
        [{ senha: '' }, 'senha', 'FIELD_REQUIRED'],
        [{ nome: '' }, 'nome', 'FIELD_REQUIRED'],
      ];
      for (const [overrides, field, code] of cases) {
        const answer = await portal().request('POST', `/api/${register}`, { token: account.token, body: validBody(extra, overrides) });
        expect(answer.status, JSON.stringify(overrides)).toBe(400);
        expect(answer.body.errors[0], JSON.stringify(overrides)).toMatchObject({ field, code });
      }
      const first = await portal().request('POST', `/api/${register}`, { token: account.token, body: validBody(extra, { nome: 'Única' }) });
      expect(first.status).toBe(200);
      const duplicate = await portal().request('POST', `/api/${register}`, { token: account.token, body: validBody(extra, { nome: 'ÚNICA' }) });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors[0]).toMatchObject({ field: 'nome', code: 'DUPLICATE_NAME' });
      const list = await portal().request('GET', `/api/${get}`, { token: account.token });
      expect(list.body).toHaveLength(1);
    });
  }

  it("answers 404 for another owner's idindice, and for an id of the other kind", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const api = recorder(portal);
    const body = validBody({ sistema: 'ERP' });
    const integracao = (await api.call('POST', 'register_config_integracao', owner.token, body)).body;
    const mtech = (await api.call('POST', 'register_config_mtech', owner.token, validBody({ empresa: 'E1' }))).body;

    expect((await api.call('GET', `getintegracao_config?id=${integracao.id}`, stranger.token)).status).toBe(404);
    expect((await api.call('POST', 'register_config_integracao', stranger.token, { ...body, id: integracao.id })).status).toBe(404);
    expect((await api.call('POST', 'delintegracao', stranger.token, { idindice: integracao.id })).status).toBe(404);
    expect((await api.call('GET', `getintegracao_config?prop=${owner.user.id}`, stranger.token)).status).toBe(404);
    expect((await api.call('GET', 'getintegracao_config', stranger.token)).body).toEqual([]);
    // An Mtech id is not an integration id, and the reverse.
    expect((await api.call('GET', `getintegracao_config?id=${mtech.id}`, owner.token)).status).toBe(404);
    expect((await api.call('POST', 'delmtech', owner.token, { idindice: integracao.id })).status).toBe(404);

    expect((await api.call('GET', `getintegracao_config?id=${integracao.id}`, owner.token)).body.nome).toBe(body.nome);
    expect(api.leaked([body.senha])).toEqual([]);
  });

  it('are the owner\'s alone: a grantee acting for the owner gets 403, read or manage', async () => {
    const owner = await createAccount(portal());
    const grantee = await createAccount(portal());
    const config = await portal().request('POST', '/api/register_config_mtech', { token: owner.token, body: validBody({ empresa: 'E2' }) });
    const prop = owner.user.id;
    const tryAll = async (account: TestAccount) => [
      (await portal().request('GET', `/api/getmtech_config?prop=${prop}`, { token: account.token })).status,
      (await portal().request('GET', `/api/getmtech_config?prop=${prop}&id=${config.body.id}`, { token: account.token })).status,
      (await portal().request('POST', '/api/register_config_mtech', { token: account.token, body: validBody({ empresa: 'E3' }, { prop }) })).status,
      (await portal().request('POST', '/api/register_config_mtech', { token: account.token, body: validBody({ empresa: 'E3' }, { prop, id: config.body.id }) })).status,
      (await portal().request('POST', '/api/delmtech', { token: account.token, body: { idindice: config.body.id, prop } })).status,
    ];
    expect(await tryAll(grantee)).toEqual([404, 404, 404, 404, 404]);
    await grantAccess(portal(), owner, grantee, 'leitura');
    expect(await tryAll(grantee)).toEqual([403, 403, 403, 403, 403]);
    await grantAccess(portal(), owner, grantee, 'gestao');
    expect(await tryAll(grantee)).toEqual([403, 403, 403, 403, 403]);
    const kept = await portal().request('GET', '/api/getmtech_config', { token: owner.token });
    const { segredo: _shownOnce, ...record } = config.body;
    expect(kept.body).toEqual([record]);
  });

  it('fails loudly, and logs, when the stored password was sealed with another key', async () => {
    const owner = await createAccount(portal());
    const body = validBody({ sistema: 'ERP' });
    const created = await portal().request('POST', '/api/register_config_integracao', { token: owner.token, body });
    const lines: Array<{ level: number; msg: string }> = [];
    const log = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const deps = { configs: integrationConfigsRepository(portal().database.db), timezoneOf: async () => -3, clock: Date.now, log };

    const sameKey = integrationConfigsService('integracao', { ...deps, cipher: passwordCipher(Buffer.from(TEST_SECRET_KEY, 'hex')) });
    expect(await sameKey.storedPassword(owner.user.id, created.body.id)).toBe(body.senha);
    expect(lines).toEqual([]);

    const otherKey = integrationConfigsService('integracao', { ...deps, cipher: passwordCipher(Buffer.alloc(32, 9)) });
    await expect(otherKey.storedPassword(owner.user.id, created.body.id)).rejects.toThrow(SealedValueError);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: expect.stringMatching(/cannot read the stored integracao password.*SECRET_KEY differs/) });
    expect(JSON.stringify(lines)).not.toContain(body.senha);
  });
});
