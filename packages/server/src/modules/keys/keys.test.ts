import { CHAVE_PATTERN } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { uniqueSerial } from '../../test/factories/devices.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createChave } from '../../test/factories/keys.js';
import { describeEachDialect } from '../../test/harness.js';

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDialect('access keys (chaves)', (portal) => {
  it('creates a key shown once, lists, reads, updates and deletes it', async () => {
    const account = await createAccount(portal());
    const created = await createChave(portal(), account, { descricao: 'Técnico João', validade: '2030-12-31' });
    expect(created.chave).toMatch(CHAVE_PATTERN);
    expect(created).toMatchObject({
      prop: account.user.id, descricao: 'Técnico João', escopo: 'dispositivo', validade: '2030-12-31', ativa: true,
      inicio: created.chave.slice(0, 4), usos: 0, ultimo_uso: null,
    });
    const { chave: key, ...record } = created;
    const stored = await portal().database.db.selectFrom('chaves').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key);

    const list = await portal().request('GET', '/api/getchave', { token: account.token });
    expect(list.body).toEqual([record]);
    expect((await portal().request('GET', `/api/getchave?id=${created.id}`, { token: account.token })).body).toEqual(record);

    const updated = await portal().request('POST', '/api/registerchave', {
      token: account.token,
      body: { id: created.id, descricao: 'Integração ERP', escopo: 'integracao', ativa: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ descricao: 'Integração ERP', escopo: 'integracao', ativa: false, validade: null, inicio: record.inicio });
    expect(updated.body.chave).toBeUndefined();

    const deleted = await portal().request('POST', '/api/delchave', { token: account.token, body: { idchave: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getchave?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getchave', { token: account.token })).body).toEqual([]);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const account = await createAccount(portal());
    const cases = [
      [{ descricao: '' }, 'descricao', 'FIELD_REQUIRED'],
      [{ descricao: 'A', escopo: 'tudo' }, 'escopo', 'FIELD_INVALID'],
      [{ descricao: 'A', validade: '2030-02-30' }, 'validade', 'FIELD_INVALID'],
      [{ descricao: 'A', ativa: 'sim' }, 'ativa', 'FIELD_INVALID'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerchave', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getchave', { token: account.token })).body).toEqual([]);
    const missing = await portal().request('POST', '/api/getchavehist', { token: account.token, body: { idchave: 999_999 } });
    expect(missing.status).toBe(404);
  });

  it("is the owner's alone: another owner gets 404, a grantee of any level 403", async () => {
    const owner = await createAccount(portal());
    const other = await createAccount(portal());
    const created = await createChave(portal(), owner);
    expect((await portal().request('GET', `/api/getchave?id=${created.id}`, { token: other.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delchave', { token: other.token, body: { idchave: created.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/registerchave', { token: other.token, body: { id: created.id, descricao: 'X' } })).status).toBe(404);
    expect((await portal().request('POST', '/api/getchavehist', { token: other.token, body: { idchave: created.id } })).status).toBe(404);

    for (const nivel of ['leitura', 'gestao'] as const) {
      await grantAccess(portal(), owner, other, nivel);
      for (const [method, path, body] of [
        ['GET', `/api/getchave?prop=${owner.user.id}`, undefined],
        ['GET', `/api/getchave?id=${created.id}&prop=${owner.user.id}`, undefined],
        ['POST', '/api/registerchave', { prop: owner.user.id, descricao: 'Minha' }],
        ['POST', '/api/delchave', { prop: owner.user.id, idchave: created.id }],
        ['POST', '/api/getchavehist', { prop: owner.user.id }],
      ] as const) {
        const answer = await portal().request(method, path, { token: other.token, body });
        expect(answer.status, `${nivel} ${path}`).toBe(403);
      }
    }
    expect((await portal().request('GET', '/api/getchave', { token: owner.token })).body).toHaveLength(1);
  });

  it("registers a device into the key owner's account and writes every use to the history", async () => {
    const owner = await createAccount(portal());
    const installer = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const key = await createChave(portal(), owner, { descricao: 'Instalador', validade: today() });
    const serie = uniqueSerial();

    // The holder sees none of the owner's farms: the device comes without one (the owner places it).
    const placed = await portal().request('POST', '/api/registerdevice', { token: installer.token, body: { chave: key.chave, modelo: 'FC', serie, nucleo_id: farm.id } });
    expect(placed.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    const registered = await portal().request('POST', '/api/registerdevice', {
      token: installer.token,
      body: { chave: key.chave.toLowerCase(), modelo: 'FC', serie },
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ prop: owner.user.id, modelo: 'FC', serie, nucleo_id: null });
    expect(registered.body.credencial.senha).toBeTruthy();
    expect((await portal().request('GET', '/api/getdevice', { token: owner.token })).body.map((item: { id: number }) => item.id)).toEqual([registered.body.id]);
    expect((await portal().request('GET', '/api/getdevice', { token: installer.token })).body).toEqual([]);

    // Refused: turned off, expired, meant for integrations; an unknown key leaves no trace.
    const refuse = async (chave: string, extra: object = {}) => {
      const answer = await portal().request('POST', '/api/registerdevice', { token: installer.token, body: { chave, modelo: 'FC', serie: uniqueSerial(), ...extra } });
      expect(answer.status).toBe(403);
      expect(answer.body.errors[0]).toMatchObject({ field: 'chave', code: 'KEY_INVALID' });
    };
    await portal().request('POST', '/api/registerchave', { token: owner.token, body: { id: key.id, descricao: 'Instalador', ativa: false } });
    await refuse(key.chave);
    const expired = await createChave(portal(), owner, { descricao: 'Vencida', validade: daysFromToday(-1) });
    await refuse(expired.chave);
    const integration = await createChave(portal(), owner, { descricao: 'ERP', escopo: 'integracao' });
    await refuse(integration.chave);
    await refuse('A'.repeat(21));
    // A key does not lend the owner's farms to a device elsewhere: the farm must still be the owner's.
    const strangersFarm = await createNucleo(portal(), installer);
    const good = await createChave(portal(), owner, { descricao: 'Outra' });
    const elsewhere = await portal().request('POST', '/api/registerdevice', { token: installer.token, body: { chave: good.chave, modelo: 'FC', serie: uniqueSerial(), nucleo_id: strangersFarm.id } });
    expect(elsewhere.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    expect((await portal().request('GET', '/api/getdevice', { token: owner.token })).body).toHaveLength(1);

    const history = await portal().request('POST', '/api/getchavehist', { token: owner.token, body: {} });
    expect(history.status).toBe(200);
    expect(history.body.map((use: { descricao: string; acao: string }) => [use.descricao, use.acao])).toEqual([
      ['ERP', 'recusada'],
      ['Vencida', 'recusada'],
      ['Instalador', 'recusada'],
      ['Instalador', 'dispositivo_registrado'],
    ]);
    expect(history.body[3]).toMatchObject({ idchave: key.id, detalhe: `FC ${serie}`, ip: expect.stringContaining('127.0.0.1'), user_email: installer.email });
    const one = await portal().request('POST', '/api/getchavehist', { token: owner.token, body: { idchave: expired.id } });
    expect(one.body).toHaveLength(1);
    expect(one.body[0].detalhe).toMatch(/vencida/);
    const keys = await portal().request('GET', `/api/getchave?id=${key.id}`, { token: owner.token });
    expect(keys.body).toMatchObject({ usos: 1, ativa: false });
    expect(keys.body.ultimo_uso).toBe(history.body[3].data);
  });
});
