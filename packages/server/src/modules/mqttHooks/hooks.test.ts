import type { DeviceSaved } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { commandTopic, dataTopic } from '../devices/index.js';
import { createAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { describeEachDialect } from '../../test/harness.js';

const KEY = 'broker-hook-key-0123456789';

/** A request as a reverse proxy on this machine forwards it: the socket is loopback, the caller is not. */
const PROXIED = { 'x-forwarded-for': '203.0.113.9' };

describeEachDialect(
  'external broker hooks (/api/mqtt/auth, /api/mqtt/acl)',
  (portal) => {
    let device: DeviceSaved;
    let other: DeviceSaved;
    const auth = (body: object, headers: Record<string, string> = {}) => portal().request('POST', '/api/mqtt/auth', { body, headers });
    const acl = (body: object, headers: Record<string, string> = {}) => portal().request('POST', '/api/mqtt/acl', { body, headers });

    beforeAll(async () => {
      const account = await createAccount(portal());
      device = await createDevice(portal(), account);
      other = await createDevice(portal(), account);
    });

    it("allows a device's login from this machine and denies wrong or anonymous ones", async () => {
      const { usuario, senha } = device.credencial!;
      expect(await auth({ username: usuario, password: senha, clientid: `${device.modelo}-${device.serie}` })).toMatchObject({ status: 200, body: { result: 'allow' } });
      for (const body of [
        { username: usuario, password: `${senha}x` },
        { username: usuario, password: other.credencial!.senha },
        { username: '', password: '' },
        { username: 'cs-nobody', password: senha },
      ]) {
        expect(await auth(body)).toMatchObject({ status: 403, body: { result: 'deny', code: 'FORBIDDEN' } });
      }
    });

    it("denies a device's good login with another device's client id, another account's included, or none", async () => {
    const { usuario, senha } = device.credencial!;
    const foreignAccount = await createAccount(portal());
    const foreign = await createDevice(portal(), foreignAccount);
    const own = `${device.modelo}-${device.serie}`;
    expect(await auth({ username: usuario, password: senha, clientid: `${own}~2` })).toMatchObject({ status: 200 });
    for (const clientid of [`${foreign.modelo}-${foreign.serie}`, `${other.modelo}-${other.serie}`, `${own}x`, 'mqttjs_1234', '']) {
      expect(await auth({ username: usuario, password: senha, clientid }), clientid).toMatchObject({ status: 403, body: { result: 'deny', code: 'FORBIDDEN' } });
    }
    // A broker that does not send the client id is refused: it could not keep the session bound.
    expect(await auth({ username: usuario, password: senha })).toMatchObject({ status: 403, body: { message: 'The client id is required.' } });
    // Topics: the client id, when sent, must be the device's own too.
    const topic = { username: usuario, topic: dataTopic(device.modelo, device.serie), action: 'publish' };
    expect((await acl({ ...topic, clientid: own })).status).toBe(200);
    expect((await acl({ ...topic, clientid: `${foreign.modelo}-${foreign.serie}` })).status).toBe(403);
  });

  it('allows a device only its own data topic to publish and its own command topic to subscribe', async () => {
      const username = device.credencial!.usuario;
      const answer = async (topic: string, action: 'publish' | 'subscribe') => (await acl({ username, topic, action })).body.result;
      expect(await answer(dataTopic(device.modelo, device.serie), 'publish')).toBe('allow');
      expect(await answer(commandTopic(device.modelo, device.serie), 'subscribe')).toBe('allow');
      expect(await answer(dataTopic(device.modelo, device.serie), 'subscribe')).toBe('deny');
      expect(await answer(commandTopic(device.modelo, device.serie), 'publish')).toBe('deny');
      expect(await answer(dataTopic(other.modelo, other.serie), 'publish')).toBe('deny');
      expect(await answer('portal/#', 'subscribe')).toBe('deny');
      expect((await acl({ username: 'cs-nobody', topic: 'portal/CS/x/dados', action: 'publish' })).status).toBe(403);
    });

    it('answers a proxied caller only with the broker key', async () => {
      const { usuario, senha } = device.credencial!;
      const body = { username: usuario, password: senha, clientid: `${device.modelo}-${device.serie}` };
      expect(await auth(body, PROXIED)).toMatchObject({ status: 403, body: { result: 'deny' } });
      expect(await auth(body, { ...PROXIED, 'x-portal-broker-key': `${KEY}x` })).toMatchObject({ status: 403 });
      expect(await auth(body, { ...PROXIED, 'x-portal-broker-key': KEY })).toMatchObject({ status: 200, body: { result: 'allow' } });
      const topic = { username: usuario, topic: dataTopic(device.modelo, device.serie), action: 'publish' };
      expect((await acl(topic, PROXIED)).status).toBe(403);
      expect((await acl(topic, { ...PROXIED, 'x-portal-broker-key': KEY })).status).toBe(200);
    });

    it('refuses a malformed call with the usual error body', async () => {
      const answer = await acl({ username: 'x', topic: 't', action: 'read' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  },
  { MQTT_HOOK_KEY: KEY },
);
