import type { Grafico } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createGrafico } from '../../test/factories/charts.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createSilo } from '../../test/factories/silos.js';
import { createPadrao } from '../../test/factories/standards.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('charts (graficos)', (portal) => {
  it('creates, lists, reads, updates and deletes a chart with its lines in order', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const padrao = await createPadrao(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const device = await createDevice(portal(), account, { nucleo_id: farm.id });
    const created = await createGrafico(portal(), account, {
      titulo: 'Peso x padrão',
      tipo: 'barra',
      periodo: 'personalizado',
      data_inicio: '2026-11-01',
      data_fim: '2026-11-21',
      linhas: [
        { tit: 'Lote A', fonte: 'peso_medio', lote_id: lote.id, device_id: device.id },
        { tit: 'Ross', fonte: 'padrao', padrao_id: padrao.id },
        { tit: 'Silo', fonte: 'saldo_silo', silo_id: silo.id },
      ],
    });
    expect(created).toMatchObject({ titulo: 'Peso x padrão', tipo: 'barra', periodo: 'personalizado', data_inicio: '2026-11-01', data_fim: '2026-11-21', prop: account.user.id });
    expect(created.linhas).toEqual([
      { tit: 'Lote A', fonte: 'peso_medio', device_id: device.id, lote_id: lote.id, silo_id: null, padrao_id: null },
      { tit: 'Ross', fonte: 'padrao', device_id: null, lote_id: null, silo_id: null, padrao_id: padrao.id },
      { tit: 'Silo', fonte: 'saldo_silo', device_id: null, lote_id: null, silo_id: silo.id, padrao_id: null },
    ]);

    const list = await portal().request('GET', '/api/getgrafico', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await portal().request('GET', `/api/getgrafico?id=${created.id}`, { token: account.token })).body).toEqual(created);

    // A rolling range keeps no fixed dates; the lines are replaced, in the order given.
    const updated = await portal().request<Grafico>('POST', '/api/registergrafico', {
      token: account.token,
      body: {
        id: created.id, titulo: 'Silo e uniformidade', periodo: '30', data_inicio: '2026-11-01', data_fim: '2026-11-21',
        linhas: [{ tit: 'Silo', fonte: 'consumo_racao', silo_id: silo.id }, { tit: 'Uni', fonte: 'uniformidade', lote_id: lote.id }],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, titulo: 'Silo e uniformidade', tipo: 'linha', periodo: '30', data_inicio: null, data_fim: null });
    expect(updated.body.linhas.map((linha) => linha.tit)).toEqual(['Silo', 'Uni']);

    const deleted = await portal().request('POST', '/api/delgrafico', { token: account.token, body: { idgrafico: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getgrafico?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getgrafico', { token: account.token })).body).toEqual([]);
    expect(await portal().database.db.selectFrom('grafico_linhas').select('id').where('grafico_id', '=', created.id).execute()).toEqual([]);
  });

  it("refuses bad input and another owner's records in a line, storing nothing", async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const strangersFarm = await createNucleo(portal(), stranger);
    const strangersLote = await createLote(portal(), stranger, strangersFarm);
    const strangersSilo = await createSilo(portal(), stranger, strangersFarm);
    const strangersDevice = await createDevice(portal(), stranger);
    const line = { tit: 'Peso', fonte: 'peso_medio' as const, lote_id: lote.id };
    const base = { titulo: 'Gráfico', linhas: [line] };
    const cases = [
      [{ ...base, titulo: '' }, 'titulo', 'FIELD_REQUIRED'],
      [{ ...base, tipo: 'pizza' }, 'tipo', 'FIELD_INVALID'],
      [{ ...base, linhas: [] }, 'linhas', 'FIELD_REQUIRED'],
      [{ ...base, linhas: [{ ...line, fonte: 'temperatura' }] }, 'linhas.0.fonte', 'FIELD_INVALID'],
      [{ ...base, linhas: [{ tit: 'Padrão', fonte: 'padrao' }] }, 'linhas.0.padrao_id', 'FIELD_REQUIRED'],
      [{ ...base, periodo: 'personalizado', data_fim: '2026-11-21' }, 'data_inicio', 'FIELD_REQUIRED'],
      [{ ...base, periodo: 'personalizado', data_inicio: '2026-11-21', data_fim: '2026-11-01' }, 'data_fim', 'DATE_RANGE_INVALID'],
      [{ ...base, linhas: [line, { ...line, lote_id: strangersLote.id }] }, 'linhas.1.lote_id', 'FIELD_INVALID'],
      [{ ...base, linhas: [{ tit: 'Silo', fonte: 'saldo_silo', silo_id: strangersSilo.id }] }, 'linhas.0.silo_id', 'FIELD_INVALID'],
      [{ ...base, linhas: [{ tit: 'Padrão', fonte: 'padrao', padrao_id: 2_000_000_000 }] }, 'linhas.0.padrao_id', 'FIELD_INVALID'],
      [{ ...base, linhas: [{ ...line, device_id: strangersDevice.id }] }, 'linhas.0.device_id', 'FIELD_INVALID'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registergrafico', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getgrafico', { token: account.token })).body).toEqual([]);

    const stored = await createGrafico(portal(), account, base);
    const refused = await portal().request('POST', '/api/registergrafico', {
      token: account.token,
      body: { id: stored.id, titulo: 'Outro', linhas: [line, { ...line, lote_id: strangersLote.id }] },
    });
    expect(refused.status).toBe(400);
    expect((await portal().request('GET', `/api/getgrafico?id=${stored.id}`, { token: account.token })).body).toEqual(stored);
  });

  it('keeps the flocks, standards and silos its lines plot from being deleted', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const padrao = await createPadrao(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const chart = await createGrafico(portal(), account, {
      linhas: [
        { tit: 'Lote', fonte: 'cv', lote_id: lote.id },
        { tit: 'Padrão', fonte: 'padrao', padrao_id: padrao.id },
        { tit: 'Silo', fonte: 'saldo_silo', silo_id: silo.id },
      ],
    });
    const deletions = [
      ['dellote', { idlote: lote.id }],
      ['delpadrao', { idpadrao: padrao.id }],
      ['delsilo', { idsilo: silo.id }],
    ] as const;
    for (const [call, body] of deletions) {
      const refused = await portal().request('POST', `/api/${call}`, { token: account.token, body });
      expect(refused.status, call).toBe(409);
      expect(refused.body.code).toBe('RECORD_IN_USE');
    }
    expect((await portal().request('POST', '/api/delgrafico', { token: account.token, body: { idgrafico: chart.id } })).status).toBe(200);
    for (const [call, body] of deletions) {
      expect((await portal().request('POST', `/api/${call}`, { token: account.token, body })).status, call).toBe(200);
    }
  });

  it('belongs to the whole account: per-farm grants neither see nor change charts', async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm);
    const chart = await createGrafico(portal(), owner, { titulo: 'Do dono', linhas: [{ tit: 'Peso', fonte: 'peso_medio', lote_id: lote.id }] });
    const edit = { id: chart.id, prop: owner.user.id, titulo: 'Mudado', linhas: [{ tit: 'Peso', fonte: 'peso_medio', lote_id: lote.id }] };
    const asStranger = {
      list: () => portal().request('GET', `/api/getgrafico?prop=${owner.user.id}`, { token: stranger.token }),
      get: () => portal().request('GET', `/api/getgrafico?id=${chart.id}&prop=${owner.user.id}`, { token: stranger.token }),
      save: (body: Record<string, unknown> = edit) => portal().request('POST', '/api/registergrafico', { token: stranger.token, body }),
      remove: () => portal().request('POST', '/api/delgrafico', { token: stranger.token, body: { idgrafico: chart.id, prop: owner.user.id } }),
    };

    expect((await portal().request('GET', `/api/getgrafico?id=${chart.id}`, { token: stranger.token })).status).toBe(404);
    expect((await asStranger.list()).status).toBe(404);
    expect((await portal().request('POST', '/api/delgrafico', { token: stranger.token, body: { idgrafico: chart.id } })).status).toBe(404);

    // Per-farm read grant: the charts screen opens empty; the chart itself does not exist for it.
    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    const emptyList = await asStranger.list();
    expect(emptyList.status).toBe(200);
    expect(emptyList.body).toEqual([]);
    expect((await asStranger.get()).status).toBe(404);
    expect((await asStranger.save()).status).toBe(403);

    // Per-farm management grant: still no charts to read, and writing them is refused.
    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    expect((await asStranger.list()).body).toEqual([]);
    const save = await asStranger.save();
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('FORBIDDEN');
    expect((await asStranger.save({ ...edit, id: undefined })).status).toBe(403);
    expect((await asStranger.remove()).status).toBe(403);

    // Whole-account grants: read, then manage.
    await grantAccess(portal(), owner, stranger, 'leitura', null);
    expect((await asStranger.list()).body).toEqual([chart]);
    expect((await asStranger.get()).body).toEqual(chart);
    expect((await asStranger.save()).status).toBe(403);
    await grantAccess(portal(), owner, stranger, 'gestao', null);
    const saved = await asStranger.save();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ prop: owner.user.id, titulo: 'Mudado' });
    expect((await asStranger.remove()).status).toBe(200);
  });
});
