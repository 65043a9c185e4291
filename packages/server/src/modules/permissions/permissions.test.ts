import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('permissions (permissoes, proprietarios, setpermissoes)', (portal) => {
  it('lists the caller first, then the owners that granted it access', async () => {
    const owner = await createAccount(portal(), { name: 'Otávio Dono' });
    const tech = await createAccount(portal(), { name: 'Técnico' });
    const farm = await createNucleo(portal(), owner);

    const alone = await portal().request('POST', '/api/proprietarios', { token: tech.token, body: {} });
    expect(alone.body).toEqual([{ id: tech.user.id, nome: tech.user.name, email: tech.email, company: tech.user.company, nivel: 'proprietario', nucleos: null }]);

    await grantAccess(portal(), owner, tech, 'leitura', [farm.id]);
    const owners = await portal().request('POST', '/api/proprietarios', { token: tech.token, body: {} });
    expect(owners.body.map((item: { id: number; nivel: string; nucleos: number[] | null }) => [item.id, item.nivel, item.nucleos])).toEqual([
      [tech.user.id, 'proprietario', null],
      [owner.user.id, 'leitura', [farm.id]],
    ]);

    const given = await portal().request('POST', '/api/permissoes', { token: owner.token, body: {} });
    expect(given.body).toEqual([
      { iduser: tech.user.id, nome: tech.user.name, email: tech.email, nivel: 'leitura', nucleos: [{ id: farm.id, nome: farm.nome }], updated_at: expect.any(String) },
    ]);
    // The grantee sees no grants of its own to manage.
    expect((await portal().request('POST', '/api/permissoes', { token: tech.token })).body).toEqual([]);
  });

  it('changes a grant to manage over everything, then removes it', async () => {
    const owner = await createAccount(portal());
    const tech = await createAccount(portal());
    await grantAccess(portal(), owner, tech, 'leitura');
    const changed = await portal().request('POST', '/api/setpermissoes', { token: owner.token, body: { email: tech.email.toUpperCase(), nivel: 'gestao', nucleos: null } });
    expect(changed.status).toBe(200);
    expect(changed.body.permissoes).toHaveLength(1);
    expect(changed.body.permissoes[0]).toMatchObject({ iduser: tech.user.id, nivel: 'gestao', nucleos: null });

    const removed = await portal().request('POST', '/api/setpermissoes', { token: owner.token, body: { email: tech.email, nivel: 'nenhum' } });
    expect(removed.body).toEqual({ ok: true, permissoes: [] });
    expect((await portal().request('GET', `/api/getnucleo?prop=${owner.user.id}`, { token: tech.token })).status).toBe(404);
  });

  it('refuses unknown e-mails, oneself, farms of others and bad levels, storing nothing', async () => {
    const owner = await createAccount(portal());
    const tech = await createAccount(portal());
    const stranger = await createAccount(portal());
    const foreignFarm = await createNucleo(portal(), stranger);
    const cases = [
      [{ email: 'ninguem@example.test', nivel: 'leitura' }, 404, 'email', 'USER_NOT_FOUND'],
      [{ email: owner.email, nivel: 'leitura' }, 400, 'email', 'PERMISSION_SELF'],
      [{ email: tech.email, nivel: 'leitura', nucleos: [foreignFarm.id] }, 400, 'nucleos', 'FIELD_INVALID'],
      [{ email: tech.email, nivel: 'admin' }, 400, 'nivel', 'FIELD_INVALID'],
      [{ email: tech.email, nivel: 'leitura', nucleos: [] }, 400, 'nucleos', 'FIELD_REQUIRED'],
      [{ email: 'not-an-email', nivel: 'leitura' }, 400, 'email', 'INVALID_EMAIL'],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/setpermissoes', { token: owner.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await portal().request('POST', '/api/permissoes', { token: owner.token, body: {} })).body).toEqual([]);
    expect((await portal().request('POST', '/api/proprietarios', { token: owner.token, body: { extra: 1 } })).status).toBe(400);
  });
});
