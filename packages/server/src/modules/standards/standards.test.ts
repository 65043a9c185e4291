import { readFileSync } from 'node:fs';
import type { Padrao, PadraoPreset } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createGrafico } from '../../test/factories/charts.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { describeEachDialect } from '../../test/harness.js';
import { PRESETS_DIR } from './presets.js';

describeEachDialect('standards (padroes)', (portal) => {
  it('creates, lists, reads, updates and deletes a standard with its points', async () => {
    const account = await createAccount(portal());
    const created = await createPadrao(portal(), account, {
      nome: 'Ross 308 Misto',
      fonte: 'Aviagen 2019',
      // Given out of order: answered by day.
      pontos: [{ idade: 7, peso: 208.5, conversao: 0.821 }, { idade: 0, peso: 43 }],
    });
    expect(created).toMatchObject({ nome: 'Ross 308 Misto', linhagem: 'Ross 308', edicao: '2019', sexo: 'misto', fonte: 'Aviagen 2019', prop: account.user.id, lotes: 0 });
    expect(created.pontos).toEqual([
      { idade: 0, peso: 43, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 7, peso: 208.5, ganho_diario: null, conversao: 0.821, consumo_acumulado: null, mortalidade_pct: null },
    ]);

    const list = await portal().request('GET', '/api/getpadrao', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await portal().request('GET', `/api/getpadrao?id=${created.id}`, { token: account.token })).body).toEqual(created);

    const updated = await portal().request<Padrao>('POST', '/api/registerpadrao', {
      token: account.token,
      body: { id: created.id, nome: 'Ross 308 Macho', linhagem: 'Ross 308', sexo: 'macho', pontos: [{ idade: 1, peso: 62, ganho_diario: 19, consumo_acumulado: 13.5, mortalidade_pct: 0.35 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, nome: 'Ross 308 Macho', sexo: 'macho', edicao: '', fonte: '' });
    // The cumulative mortality curve (migration 0014) is stored and read back.
    expect(updated.body.pontos).toEqual([{ idade: 1, peso: 62, ganho_diario: 19, conversao: null, consumo_acumulado: 13.5, mortalidade_pct: 0.35 }]);

    const deleted = await portal().request('POST', '/api/delpadrao', { token: account.token, body: { idpadrao: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getpadrao?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getpadrao', { token: account.token })).body).toEqual([]);
    const points = await portal().database.db.selectFrom('padrao_pontos').select('idade').where('padrao_id', '=', created.id).execute();
    expect(points).toEqual([]);
  });

  it('refuses bad input with field errors and keeps the stored standard whole', async () => {
    const account = await createAccount(portal());
    const base = { nome: 'Cobb', linhagem: 'Cobb 500', pontos: [{ idade: 0, peso: 42 }] };
    const cases = [
      [{ ...base, nome: '' }, 'nome', 'FIELD_REQUIRED'],
      [{ ...base, linhagem: undefined }, 'linhagem', 'FIELD_REQUIRED'],
      [{ ...base, sexo: 'galo' }, 'sexo', 'FIELD_INVALID'],
      [{ ...base, pontos: [] }, 'pontos', 'FIELD_REQUIRED'],
      [{ ...base, pontos: [{ idade: 0, peso: 42 }, { idade: 0, peso: 43 }] }, 'pontos', 'DUPLICATE_AGE'],
      [{ ...base, pontos: [{ idade: 201, peso: 42 }] }, 'pontos.0.idade', 'FIELD_OUT_OF_RANGE'],
      [{ ...base, pontos: [{ idade: 1, peso: 42.25 }] }, 'pontos.0.peso', 'FIELD_INVALID'],
      [{ ...base, pontos: [{ idade: 1, peso: 42, conversao: 21 }] }, 'pontos.0.conversao', 'FIELD_OUT_OF_RANGE'],
      [{ ...base, pontos: [{ idade: 1, peso: 42, mortalidade_pct: 100.5 }] }, 'pontos.0.mortalidade_pct', 'FIELD_OUT_OF_RANGE'],
      [{ ...base, pontos: [{ idade: 1, peso: 42, mortalidade_pct: 0.125 }] }, 'pontos.0.mortalidade_pct', 'FIELD_INVALID'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerpadrao', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getpadrao', { token: account.token })).body).toEqual([]);

    const stored = await createPadrao(portal(), account);
    const refused = await portal().request('POST', '/api/registerpadrao', {
      token: account.token,
      body: { id: stored.id, nome: 'Outro', linhagem: 'X', pontos: [{ idade: 3, peso: 90 }, { idade: 3, peso: 91 }] },
    });
    expect(refused.status).toBe(400);
    expect((await portal().request('GET', `/api/getpadrao?id=${stored.id}`, { token: account.token })).body).toEqual(stored);
  });

  it('counts the flocks judged against it and refuses deletion while a flock or a chart line uses it', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const padrao = await createPadrao(portal(), account);
    const lote = await createLote(portal(), account, farm, { padrao_id: padrao.id });
    expect(lote.padrao_nome).toBe(padrao.nome);
    expect((await portal().request('GET', `/api/getpadrao?id=${padrao.id}`, { token: account.token })).body.lotes).toBe(1);

    const usedByFlock = await portal().request('POST', '/api/delpadrao', { token: account.token, body: { idpadrao: padrao.id } });
    expect(usedByFlock.status).toBe(409);
    expect(usedByFlock.body.code).toBe('RECORD_IN_USE');

    await portal().request('POST', '/api/registerlote', {
      token: account.token,
      body: { id: lote.id, codigo: lote.codigo, nucleo_id: farm.id, aviarios: [farm.aviarios[0]!.id], padrao_id: null },
    });
    const chart = await createGrafico(portal(), account, { linhas: [{ tit: 'Padrão', fonte: 'padrao', padrao_id: padrao.id }] });
    const usedByChart = await portal().request('POST', '/api/delpadrao', { token: account.token, body: { idpadrao: padrao.id } });
    expect(usedByChart.status).toBe(409);
    expect(usedByChart.body.code).toBe('RECORD_IN_USE');
    expect((await portal().request('GET', `/api/getpadrao?id=${padrao.id}`, { token: account.token })).body.pontos).toEqual(padrao.pontos);

    await portal().request('POST', '/api/delgrafico', { token: account.token, body: { idgrafico: chart.id } });
    expect((await portal().request('POST', '/api/delpadrao', { token: account.token, body: { idpadrao: padrao.id } })).status).toBe(200);
  });

  it('lets any grant read standards, and only a grant over all the data change them', async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const padrao = await createPadrao(portal(), owner);
    await createLote(portal(), owner, farm, { padrao_id: padrao.id });
    await createLote(portal(), owner, other, { padrao_id: padrao.id });
    const edit = { id: padrao.id, prop: owner.user.id, nome: 'Mudado', linhagem: 'Ross 308', pontos: [{ idade: 0, peso: 44 }] };

    expect((await portal().request('GET', `/api/getpadrao?id=${padrao.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getpadrao?prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/registerpadrao', { token: stranger.token, body: { ...edit, prop: undefined } })).status).toBe(404);
    expect((await portal().request('POST', '/api/delpadrao', { token: stranger.token, body: { idpadrao: padrao.id } })).status).toBe(404);

    // A grant over one farm reads the standards (its flocks use them), counting only that farm's flocks.
    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getpadrao?prop=${owner.user.id}`, { token: stranger.token });
    expect(seen.body.map((item: Padrao) => [item.id, item.lotes])).toEqual([[padrao.id, 1]]);
    expect((await portal().request('POST', '/api/registerpadrao', { token: stranger.token, body: edit })).status).toBe(403);

    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    const farmManager = await portal().request('POST', '/api/registerpadrao', { token: stranger.token, body: edit });
    expect(farmManager.status).toBe(403);
    expect(farmManager.body.code).toBe('FORBIDDEN');
    expect((await portal().request('POST', '/api/delpadrao', { token: stranger.token, body: { idpadrao: padrao.id, prop: owner.user.id } })).status).toBe(403);

    await grantAccess(portal(), owner, stranger, 'gestao', null);
    const manager = await portal().request('POST', '/api/registerpadrao', { token: stranger.token, body: edit });
    expect(manager.status).toBe(200);
    expect(manager.body).toMatchObject({ prop: owner.user.id, nome: 'Mudado', lotes: 2 });
    expect((await portal().request('GET', '/api/getpadrao', { token: stranger.token })).body).toEqual([]);
  });

  it('offers the Ross 308 2019 and Cobb 500 2018 presets, citing their source documents', async () => {
    const account = await createAccount(portal());
    expect((await portal().request('GET', '/api/getpadrao_presets')).status).toBe(401);
    const answer = await portal().request<PadraoPreset[]>('GET', '/api/getpadrao_presets', { token: account.token });
    expect(answer.status).toBe(200);
    const [ross, cobb] = answer.body;
    expect(ross).toMatchObject({ chave: 'ross308-2019-as-hatched', linhagem: 'Ross 308', edicao: '2019', sexo: 'misto' });
    expect(cobb).toMatchObject({ chave: 'cobb500-2018-as-hatched', linhagem: 'Cobb 500', edicao: '2018', sexo: 'misto' });
    const readme = readFileSync(new URL('README.md', PRESETS_DIR), 'utf8');
    for (const preset of [ross!, cobb!]) expect(readme).toContain(`| ${preset.chave}.csv | ${preset.linhagem} | ${preset.fonte} |`);
    expect(ross!.pontos).toHaveLength(71);
    // The presets carry no mortality curve: null.
    expect(ross!.pontos[35]).toEqual({ idade: 35, peso: 2235, ganho_diario: 97, conversao: 1.473, consumo_acumulado: 3290, mortalidade_pct: null });
    expect(cobb!.pontos).toHaveLength(64);
    expect(cobb!.pontos[0]).toEqual({ idade: 0, peso: 42, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null });

    // A preset is a valid standard as it comes.
    const { chave: _chave, ...body } = ross!;
    const saved = await portal().request<Padrao>('POST', '/api/registerpadrao', { token: account.token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.pontos).toEqual(ross!.pontos);
  });
});
