import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createDevice, uniqueSerial } from '../../test/factories/devices.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createChave } from '../../test/factories/keys.js';
import { describeEachDialect } from '../../test/harness.js';

/** A farm id no account has. */
const NO_FARM = 2_000_000_000;

/**
 * Issue 22: registerdevice told an access-key holder which of the owner's farm ids exist (a taken
 * serial answered 409 on the owner's farms and 400 elsewhere; a house id named the farm's).
 * Every farm id a caller may not use gets one answer: same status, code and message.
 */
describeEachDialect('registerdevice: farm ids a caller may not use all answer alike', (portal) => {
  it('with an access key: the owner’s farms, another owner’s and none at all', async () => {
    const owner = await createAccount(portal());
    const holder = await createAccount(portal());
    const stranger = await createAccount(portal());
    const ownersFarm = await createNucleo(portal(), owner);
    const strangersFarm = await createNucleo(portal(), stranger);
    const key = await createChave(portal(), owner, { descricao: 'Instalador' });
    const taken = (await createDevice(portal(), stranger, { modelo: 'FC', chip_id: '' })).serie;

    const register = (body: object) => portal().request('POST', '/api/registerdevice', { token: holder.token, body: { chave: key.chave, modelo: 'FC', ...body } });
    const answers = [];
    for (const serie of [uniqueSerial(), taken]) {
      answers.push(await register({ serie, nucleo_id: ownersFarm.id }));
      answers.push(await register({ serie, nucleo_id: ownersFarm.id, aviario_id: strangersFarm.aviarios[0]!.id }));
      answers.push(await register({ serie, nucleo_id: ownersFarm.id, aviario_id: ownersFarm.aviarios[0]!.id }));
      answers.push(await register({ serie, nucleo_id: strangersFarm.id }));
      answers.push(await register({ serie, nucleo_id: NO_FARM }));
    }
    const first = { status: answers[0]!.status, body: answers[0]!.body };
    expect(first).toMatchObject({ status: 400, body: { code: 'FIELD_INVALID', errors: [{ field: 'nucleo_id', code: 'FIELD_INVALID' }] } });
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual(first);
    // Nothing was registered; without a farm the key still works.
    expect((await portal().request('GET', '/api/getdevice', { token: owner.token })).body).toEqual([]);
    expect((await register({ serie: uniqueSerial() })).status).toBe(200);
  });

  it('with a grant over some farms: the owner’s other farms, another owner’s and none at all', async () => {
    const owner = await createAccount(portal());
    const manager = await createAccount(portal());
    const stranger = await createAccount(portal());
    const granted = await createNucleo(portal(), owner);
    const notGranted = await createNucleo(portal(), owner);
    const strangersFarm = await createNucleo(portal(), stranger);
    await grantAccess(portal(), owner, manager, 'gestao', [granted.id]);
    const taken = (await createDevice(portal(), stranger, { modelo: 'FC', chip_id: '' })).serie;

    const register = (body: object) => portal().request('POST', '/api/registerdevice', { token: manager.token, body: { prop: owner.user.id, modelo: 'FC', ...body } });
    const answers = [];
    for (const serie of [uniqueSerial(), taken]) {
      answers.push(await register({ serie, nucleo_id: notGranted.id }));
      answers.push(await register({ serie, nucleo_id: notGranted.id, aviario_id: notGranted.aviarios[0]!.id }));
      answers.push(await register({ serie, nucleo_id: strangersFarm.id }));
      answers.push(await register({ serie, nucleo_id: NO_FARM }));
    }
    const first = { status: answers[0]!.status, body: answers[0]!.body };
    expect(first).toMatchObject({ status: 400, body: { errors: [{ field: 'nucleo_id', code: 'FIELD_INVALID' }] } });
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual(first);
    expect((await register({ serie: uniqueSerial(), nucleo_id: granted.id })).status).toBe(200);
  });
});
