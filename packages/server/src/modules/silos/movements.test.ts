import type { SiloMovimento } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { describeEachDialect } from '../../test/harness.js';

const balances = (list: SiloMovimento[]) => list.map((movement) => [movement.tipo, movement.data, movement.quantidade_kg, movement.saldo_kg]);

describeEachDialect('silo movements', (portal) => {
  it('lists movements oldest first with the running balance, transfers on both silos', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const source = await createSilo(portal(), account, farm, { nome: 'Silo A' });
    const destination = await createSilo(portal(), account, farm, { nome: 'Silo B' });

    const afterDelivery = await addMovement(portal(), account, {
      idsilo: source.id, tipo: 'entrada', data: '2024-06-01', quantidade_kg: 1000.5, nota_fiscal: 'NF 123', obs: 'Fornecedor X',
    });
    expect(afterDelivery).toHaveLength(1);
    expect(afterDelivery[0]).toMatchObject({
      idsilo: source.id, tipo: 'entrada', data: '2024-06-01', quantidade_kg: 1000.5, saldo_kg: 1000.5,
      silo_destino_id: null, silo_origem_id: source.id, outro_silo_nome: null, nota_fiscal: 'NF 123', obs: 'Fornecedor X',
    });
    await addMovement(portal(), account, { idsilo: source.id, tipo: 'consumo', data: '2024-06-05', quantidade_kg: 300.2 });
    await addMovement(portal(), account, { idsilo: source.id, tipo: 'transferencia', data: '2024-06-03', quantidade_kg: 200.1, silo_destino_id: destination.id });
    // Registered last, dated first: the list is in date order.
    const list = await addMovement(portal(), account, { idsilo: source.id, tipo: 'ajuste', data: '2024-06-06', quantidade_kg: -0.1 });
    expect(balances(list)).toEqual([
      ['entrada', '2024-06-01', 1000.5, 1000.5],
      ['transferencia', '2024-06-03', -200.1, 800.4],
      ['consumo', '2024-06-05', -300.2, 500.2],
      ['ajuste', '2024-06-06', -0.1, 500.1],
    ]);
    expect(list[1]).toMatchObject({ silo_destino_id: destination.id, silo_origem_id: source.id, outro_silo_nome: 'Silo B' });

    const read = await portal().request('GET', `/api/getsilomov?id=${source.id}`, { token: account.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(list);
    const incoming = await portal().request<SiloMovimento[]>('GET', `/api/getsilomov?id=${destination.id}`, { token: account.token });
    expect(incoming.body).toHaveLength(1);
    expect(incoming.body[0]).toMatchObject({
      id: list[1]!.id, idsilo: destination.id, tipo: 'transferencia', quantidade_kg: 200.1, saldo_kg: 200.1,
      silo_destino_id: destination.id, silo_origem_id: source.id, outro_silo_nome: 'Silo A',
    });

    const silos = await portal().request('GET', '/api/getsilo', { token: account.token });
    expect(silos.body.map((silo: { nome: string; saldo_kg: number; ultimo_movimento: string }) => [silo.nome, silo.saldo_kg, silo.ultimo_movimento])).toEqual([
      ['Silo A', 500.1, '2024-06-06'],
      ['Silo B', 200.1, '2024-06-03'],
    ]);

    const deleted = await portal().request('POST', '/api/delsilomov', { token: account.token, body: { idmov: list[3]!.id } });
    expect(deleted.body).toEqual({ ok: true, id: list[3]!.id });
    expect((await portal().request('GET', `/api/getsilo?id=${source.id}`, { token: account.token })).body.saldo_kg).toBe(500.2);
    expect((await portal().request('POST', '/api/delsilomov', { token: account.token, body: { idmov: list[3]!.id } })).status).toBe(404);
  });

  it('refuses a movement that would leave any balance below zero at any point, and stores nothing', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const other = await createSilo(portal(), account, farm);
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'entrada', data: '2024-01-10', quantidade_kg: 100 });
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'consumo', data: '2024-01-20', quantidade_kg: 80 });

    const refusals = [
      { idsilo: silo.id, tipo: 'consumo', data: '2024-01-21', quantidade_kg: 20.1 },
      // Backdated: the balance is fine today, but would have been negative on the 20th.
      { idsilo: silo.id, tipo: 'consumo', data: '2024-01-15', quantidade_kg: 30 },
      { idsilo: silo.id, tipo: 'ajuste', data: '2024-01-09', quantidade_kg: -1 },
      { idsilo: silo.id, tipo: 'transferencia', data: '2024-01-25', quantidade_kg: 20.1, silo_destino_id: other.id },
      { idsilo: other.id, tipo: 'consumo', data: '2024-01-25', quantidade_kg: 0.1 },
    ];
    for (const body of refusals) {
      const answer = await portal().request('POST', '/api/registersilomov', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(409);
      expect(answer.body.code).toBe('SILO_BALANCE_NEGATIVE');
    }
    const list = await portal().request<SiloMovimento[]>('GET', `/api/getsilomov?id=${silo.id}`, { token: account.token });
    expect(balances(list.body)).toEqual([
      ['entrada', '2024-01-10', 100, 100],
      ['consumo', '2024-01-20', -80, 20],
    ]);
    expect((await portal().request('GET', `/api/getsilomov?id=${other.id}`, { token: account.token })).body).toEqual([]);

    // Deleting the delivery the consumption came from would leave the silo at -80.
    const refused = await portal().request('POST', '/api/delsilomov', { token: account.token, body: { idmov: list.body[0]!.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SILO_BALANCE_NEGATIVE');
    expect((await portal().request('GET', `/api/getsilomov?id=${silo.id}`, { token: account.token })).body).toEqual(list.body);

    // Nor may a transfer in be deleted once the destination used the feed.
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'transferencia', data: '2024-01-21', quantidade_kg: 20, silo_destino_id: other.id });
    const used = await addMovement(portal(), account, { idsilo: other.id, tipo: 'consumo', data: '2024-01-22', quantidade_kg: 5 });
    const transfer = used.find((movement) => movement.tipo === 'transferencia')!;
    expect((await portal().request('POST', '/api/delsilomov', { token: account.token, body: { idmov: transfer.id } })).status).toBe(409);
    // Emptying a silo to exactly zero is allowed.
    expect(balances(await addMovement(portal(), account, { idsilo: other.id, tipo: 'consumo', data: '2024-01-23', quantidade_kg: 15 })).at(-1)).toEqual([
      'consumo', '2024-01-23', -15, 0,
    ]);
  });

  it('checks concurrent movements one after the other, so together they cannot overdraw a silo', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const other = await createSilo(portal(), account, farm);
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'entrada', data: '2024-04-01', quantidade_kg: 100 });
    const bodies = Array.from({ length: 8 }, (_, index) =>
      index % 2 === 0
        ? { idsilo: silo.id, tipo: 'consumo', data: '2024-04-02', quantidade_kg: 30 }
        : { idsilo: silo.id, tipo: 'transferencia', data: '2024-04-02', quantidade_kg: 30, silo_destino_id: other.id },
    );
    const answers = await Promise.all(bodies.map((body) => portal().request('POST', '/api/registersilomov', { token: account.token, body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect((await portal().request('GET', `/api/getsilo?id=${silo.id}`, { token: account.token })).body.saldo_kg).toBe(10);
  });

  it('refuses bad movements with field errors', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    const strangersSilo = await createSilo(portal(), stranger, await createNucleo(portal(), stranger));
    const valid = { idsilo: silo.id, tipo: 'entrada', data: '2024-02-01', quantidade_kg: 10 };
    const cases = [
      [{ ...valid, tipo: 'roubo' }, 400, 'tipo', 'FIELD_INVALID'],
      [{ ...valid, data: '2024-02-30' }, 400, 'data', 'FIELD_INVALID'],
      [{ ...valid, quantidade_kg: 0.05 }, 400, 'quantidade_kg', 'FIELD_INVALID'],
      [{ ...valid, quantidade_kg: -5 }, 400, 'quantidade_kg', 'FIELD_OUT_OF_RANGE'],
      [{ ...valid, tipo: 'ajuste', quantidade_kg: 0 }, 400, 'quantidade_kg', 'FIELD_OUT_OF_RANGE'],
      [{ ...valid, tipo: 'transferencia' }, 400, 'silo_destino_id', 'FIELD_REQUIRED'],
      [{ ...valid, tipo: 'transferencia', silo_destino_id: silo.id }, 400, 'silo_destino_id', 'FIELD_INVALID'],
      [{ ...valid, silo_destino_id: strangersSilo.id }, 400, 'silo_destino_id', 'FIELD_INVALID'],
      [{ ...valid, tipo: 'transferencia', silo_destino_id: strangersSilo.id }, 400, 'silo_destino_id', 'FIELD_INVALID'],
      [{ ...valid, tipo: 'transferencia', silo_destino_id: 2_000_000_000 }, 400, 'silo_destino_id', 'FIELD_INVALID'],
      [{ ...valid, idsilo: strangersSilo.id }, 404, undefined, undefined],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registersilomov', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', `/api/getsilomov?id=${silo.id}`, { token: account.token })).body).toEqual([]);
    expect((await portal().request('GET', `/api/getsilomov?id=${strangersSilo.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getsilomov', { token: account.token })).status).toBe(400);
  });

  it("keeps another owner's movements out of reach; a read grant reads, a farm grant reaches its farm's silos only", async () => {
    const owner = await createAccount(portal());
    const grantee = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const silo = await createSilo(portal(), owner, farm);
    const elsewhere = await createSilo(portal(), owner, other);
    const [delivery] = await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'entrada', data: '2024-03-01', quantidade_kg: 50 });
    const prop = owner.user.id;

    expect((await portal().request('GET', `/api/getsilomov?id=${silo.id}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getsilomov?id=${silo.id}&prop=${prop}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delsilomov', { token: grantee.token, body: { idmov: delivery!.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/registersilomov', { token: grantee.token, body: { idsilo: silo.id, tipo: 'entrada', data: '2024-03-02', quantidade_kg: 1 } })).status).toBe(404);

    await grantAccess(portal(), owner, grantee, 'leitura', [farm.id]);
    expect((await portal().request('GET', `/api/getsilomov?id=${silo.id}&prop=${prop}`, { token: grantee.token })).body).toHaveLength(1);
    expect((await portal().request('GET', `/api/getsilomov?id=${elsewhere.id}&prop=${prop}`, { token: grantee.token })).status).toBe(404);
    const write = await portal().request('POST', '/api/registersilomov', { token: grantee.token, body: { prop, idsilo: silo.id, tipo: 'entrada', data: '2024-03-02', quantidade_kg: 1 } });
    expect(write.status).toBe(403);
    expect((await portal().request('POST', '/api/delsilomov', { token: grantee.token, body: { prop, idmov: delivery!.id } })).status).toBe(403);

    await grantAccess(portal(), owner, grantee, 'gestao', [farm.id]);
    const added = await portal().request('POST', '/api/registersilomov', { token: grantee.token, body: { prop, idsilo: silo.id, tipo: 'consumo', data: '2024-03-02', quantidade_kg: 1 } });
    expect(added.status).toBe(200);
    // The destination must be within the grant too.
    const transfer = await portal().request('POST', '/api/registersilomov', {
      token: grantee.token,
      body: { prop, idsilo: silo.id, tipo: 'transferencia', data: '2024-03-03', quantidade_kg: 1, silo_destino_id: elsewhere.id },
    });
    expect(transfer.status).toBe(400);
    expect(transfer.body.errors[0]).toMatchObject({ field: 'silo_destino_id', code: 'FIELD_INVALID' });

    // A transfer between the two farms is out of reach of a grant over one of them.
    const ownerTransfer = await addMovement(portal(), owner, { idsilo: silo.id, tipo: 'transferencia', data: '2024-03-04', quantidade_kg: 10, silo_destino_id: elsewhere.id });
    const crossing = ownerTransfer.at(-1)!;
    expect((await portal().request('POST', '/api/delsilomov', { token: grantee.token, body: { prop, idmov: crossing.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/delsilomov', { token: grantee.token, body: { prop, idmov: added.body[1].id } })).status).toBe(200);
  });
});
