import { deviceKey, formatDeviceMessage, type Nivel, LIVE_CHANNEL_VERSION, LIVE_CLOSE, LIVE_PATH, type DeviceSaved, type LeiturasResponse, type LiveDevice, type LiveServerMessage, type Nucleo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SimDevice, until } from '../test/device-client.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo, grantAccess } from '../test/factories/farms.js';
import { startTestPortal, testDialects, type TestPortal } from '../test/harness.js';
import { freePort } from '../test/server-process.js';
import { HELLO_TIMEOUT_MS, SESSION_CHECK_MS } from './hub.js';

/** A bare browser tab on /ws: every message it got, and how it was closed. */
class Tab {
  readonly messages: LiveServerMessage[] = [];
  closeCode: number | null = null;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(data.toString()) as LiveServerMessage));
    socket.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static async open(portal: TestPortal): Promise<Tab> {
    const socket = new WebSocket(`${portal.baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Tab(socket);
  }

  /** Opens, says hello and waits for 'ready'. */
  static async signedIn(portal: TestPortal, account: TestAccount): Promise<Tab> {
    const tab = await Tab.open(portal);
    tab.send({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: account.token });
    await tab.next((message) => message.t === 'ready', 'ready');
    return tab;
  }

  send(message: object | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message from index `from` on that matches. */
  async next<T extends LiveServerMessage['t']>(match: (message: LiveServerMessage) => boolean, what: string, from = 0): Promise<Extract<LiveServerMessage, { t: T }>> {
    let found: LiveServerMessage | undefined;
    await until(() => (found = this.messages.slice(from).find(match)) !== undefined, `${what} (got ${JSON.stringify(this.messages).slice(0, 400)})`, 10_000);
    return found as Extract<LiveServerMessage, { t: T }>;
  }

  /** Sends and waits for the answer of type `t` that follows. */
  async ask<T extends LiveServerMessage['t']>(message: object | string, t: T): Promise<Extract<LiveServerMessage, { t: T }>> {
    const from = this.messages.length;
    this.send(message);
    return this.next<T>((answer) => answer.t === t, t, from);
  }

  async registrar(devices: LiveDevice[]) {
    return this.ask({ t: 'registrar', dispositivos: devices }, 'registrado');
  }

  closed(): Promise<number> {
    return until(() => this.closeCode !== null, 'the socket to close').then(() => this.closeCode!);
  }

  close(): void {
    this.socket.close(1000);
  }
}

const keyOf = (saved: DeviceSaved): LiveDevice => ({ modelo: saved.modelo as LiveDevice['modelo'], serie: saved.serie, chip_id: saved.chip_id });

for (const dialect of testDialects()) {
  describe(`live channel /ws [${dialect}]`, () => {
    let portal: TestPortal;
    let brokerUrl: string;
    let owner: TestAccount;
    let stranger: TestAccount;
    let reader: TestAccount;
    let farmA: Nucleo;
    let onA: DeviceSaved;
    let onB: DeviceSaved;
    let noFarm: DeviceSaved;
    let strangers: DeviceSaved;
    const tabs: Tab[] = [];
    const devices: SimDevice[] = [];
    const tab = async (account: TestAccount) => {
      const opened = await Tab.signedIn(portal, account);
      tabs.push(opened);
      return opened;
    };
    const simulate = async (saved: DeviceSaved) => {
      const device = new SimDevice({ ...keyOf(saved), usuario: saved.credencial!.usuario, senha: saved.credencial!.senha }, brokerUrl);
      devices.push(device);
      await device.waitConnected();
      return device;
    };

    beforeAll(async () => {
      const mqttPort = await freePort();
      brokerUrl = `mqtt://127.0.0.1:${mqttPort}`;
      portal = await startTestPortal(dialect, { env: { MQTT_PORT: String(mqttPort) } });
      [owner, stranger, reader] = [await createAccount(portal), await createAccount(portal), await createAccount(portal)];
      const [a, b] = [await createNucleo(portal, owner), await createNucleo(portal, owner)];
      farmA = a;
      onA = await createDevice(portal, owner, { modelo: 'CS', nucleo_id: a.id });
      onB = await createDevice(portal, owner, { modelo: 'SELAUTO', nucleo_id: b.id });
      noFarm = await createDevice(portal, owner, { modelo: 'BSILO' });
      strangers = await createDevice(portal, stranger, { modelo: 'CS' });
    });
    afterAll(async () => {
      for (const opened of tabs) opened.close();
      await Promise.all(devices.map((device) => device.end()));
      await portal?.close();
    });

    it('signs in with hello and answers ping', async () => {
      const opened = await tab(owner);
      expect(opened.messages[0]).toEqual({ t: 'ready', v: LIVE_CHANNEL_VERSION });
      expect(await opened.ask({ t: 'ping' }, 'pong')).toEqual({ t: 'pong' });
    });

    it('closes a bad token with 4401, another version with 4400, and a message before hello with 4401', async () => {
      const badToken = await Tab.open(portal);
      badToken.send({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: 'not-a-session' });
      expect(await badToken.closed()).toBe(LIVE_CLOSE.unauthenticated);

      const oldVersion = await Tab.open(portal);
      oldVersion.send({ t: 'hello', v: LIVE_CHANNEL_VERSION + 1, token: owner.token });
      expect(await oldVersion.closed()).toBe(LIVE_CLOSE.version);

      const noHello = await Tab.open(portal);
      noHello.send({ t: 'ping' });
      expect(await noHello.closed()).toBe(LIVE_CLOSE.unauthenticated);
      expect(noHello.messages).toEqual([]);
    });

    it('closes a socket without hello after 10 s with 4408', async () => {
      const silent = await Tab.open(portal);
      const early = await Tab.open(portal);
      portal.advanceClock(HELLO_TIMEOUT_MS);
      expect(await silent.closed()).toBe(LIVE_CLOSE.timeout);
      expect(await early.closed()).toBe(LIVE_CLOSE.timeout);
      // A socket opened after the deadline moved has its own 10 s.
      const fresh = await Tab.open(portal);
      fresh.send({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: owner.token });
      await fresh.next((message) => message.t === 'ready', 'ready');
      fresh.close();
    });

    it('answers a message it does not understand with LIVE_BAD_MESSAGE and stays open', async () => {
      const opened = await tab(owner);
      for (const bad of ['{not json', JSON.stringify({ t: 'registrar', dispositivos: [{ modelo: 'NOPE', serie: 'x', chip_id: 'AB' }] }), JSON.stringify({ t: 'comando', chave: 'x', comando: 'reboot', pedido: 'p1' }), '[]', 'null']) {
        expect(await opened.ask(bad, 'erro')).toEqual({ t: 'erro', code: 'LIVE_BAD_MESSAGE' });
      }
      // A second hello is refused too, and the socket still works.
      expect(await opened.ask({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: owner.token }, 'erro')).toEqual({ t: 'erro', code: 'LIVE_BAD_MESSAGE' });
      expect(await opened.ask({ t: 'ping' }, 'pong')).toEqual({ t: 'pong' });
      expect(opened.closeCode).toBeNull();
    });

    it("accepts the user's own devices and refuses others', wrong chip ids and unknown ones", async () => {
      const opened = await tab(owner);
      const upper = { ...keyOf(onA), serie: onA.serie.toUpperCase() };
      const wrongChip = { ...keyOf(onB), chip_id: 'OTHER-CHIP' };
      const unknown: LiveDevice = { modelo: 'CS', serie: 'NO-SUCH-SERIAL', chip_id: 'AB12' };
      const answer = await opened.registrar([keyOf(onA), upper, keyOf(noFarm), keyOf(strangers), wrongChip, unknown]);
      expect(answer.aceitos.sort()).toEqual([keyOf(onA), upper, keyOf(noFarm)].map(deviceKey).sort());
      expect(answer.recusados.sort()).toEqual([keyOf(strangers), wrongChip, unknown].map(deviceKey).sort());
    });

    it("a grant over one farm sees only that farm's devices; a whole-account grant sees all", async () => {
      const limited = await createAccount(portal);
      await grantAccess(portal, owner, limited, 'leitura', [farmA.id]);
      const limitedTab = await tab(limited);
      const answer = await limitedTab.registrar([keyOf(onA), keyOf(onB), keyOf(noFarm)]);
      expect(answer.aceitos).toEqual([deviceKey(keyOf(onA))]);
      expect(answer.recusados.sort()).toEqual([keyOf(onB), keyOf(noFarm)].map(deviceKey).sort());

      await grantAccess(portal, owner, reader, 'leitura');
      const readerTab = await tab(reader);
      expect((await readerTab.registrar([keyOf(onA), keyOf(onB), keyOf(noFarm)])).aceitos).toHaveLength(3);
    });

    it('sends a device event only to the sockets that registered it, by the key each registered', async () => {
      const [scale, silo] = [await simulate(onA), await simulate(noFarm)];
      const mine = await tab(owner);
      const other = await tab(owner);
      const strangerTab = await tab(stranger);
      const upper = { ...keyOf(onA), serie: onA.serie.toUpperCase() };
      expect((await mine.registrar([keyOf(onA), upper])).aceitos).toHaveLength(2);
      expect((await other.registrar([keyOf(noFarm)])).aceitos).toHaveLength(1);
      expect((await strangerTab.registrar([keyOf(onA)])).aceitos).toEqual([]);

      scale.sendPeso(1234.5, true, 3);
      const reading = await mine.next((message) => message.t === 'leitura' && message.chave === deviceKey(keyOf(onA)), 'a reading of the scale');
      expect(reading).toMatchObject({ iddevice: onA.id, modelo: 'CS', serie: onA.serie, leitura: { tipo: 'PESO', peso: 1234.5, estavel: true, aves: 3 } });
      // The same device registered under a second key: the message comes again, by that key.
      await mine.next((message) => message.t === 'leitura' && message.chave === deviceKey(upper), 'the reading under the upper-case key');

      // The other tab gets its own device's reading, which the gateway handled after the scale's.
      silo.sendRaw(formatDeviceMessage({ tipo: 'SILO', peso_kg: 1520.5 }), 0);
      await other.next((message) => message.t === 'leitura' && message.iddevice === noFarm.id, "the silo scale's reading");
      expect(other.messages.some((message) => 'iddevice' in message && message.iddevice === onA.id)).toBe(false);
      expect(strangerTab.messages.some((message) => 'iddevice' in message)).toBe(false);
      expect(mine.messages.some((message) => 'iddevice' in message && message.iddevice === noFarm.id)).toBe(false);

      // A new registrar replaces the set: the scale's readings stop for this tab.
      await mine.registrar([keyOf(noFarm)]);
      const from = mine.messages.length;
      scale.sendPeso(1300, true, 1);
      silo.sendRaw(formatDeviceMessage({ tipo: 'SILO', peso_kg: 1600 }), 0);
      await mine.next((message) => message.t === 'leitura' && message.iddevice === noFarm.id, 'the silo reading', from);
      expect(mine.messages.slice(from).some((message) => 'iddevice' in message && message.iddevice === onA.id)).toBe(false);
    });

    it('tells the registered tabs of a stored weighing, which getleituras then lists', async () => {
      const scale = devices.find((device) => device.login.serie === onA.serie) ?? (await simulate(onA));
      const opened = await tab(reader);
      await opened.registrar([keyOf(onA)]);
      scale.sendPeso(1455.5, true, 2);
      await opened.next((message) => message.t === 'leitura' && message.iddevice === onA.id, 'a reading');
      scale.sendPes(7, { nucleo: farmA.nome, aviario: farmA.aviarios[0]!.nome, peso: 1712.3 });
      const told = await opened.next((message) => message.t === 'pesagem' && message.chave === deviceKey(keyOf(onA)), 'the weighing');
      expect(told).toMatchObject({ iddevice: onA.id, pesagem: { seq: 7, peso: 1712.3 } });
      await scale.waitAcked([7]);
      const leituras = await portal.request<LeiturasResponse>('GET', `/api/getleituras?id=${onA.id}&prop=${owner.user.id}`, { token: reader.token });
      expect(leituras.body.pesagens[0]).toMatchObject({ seq: 7, peso: 1712.3, aviario: farmA.aviarios[0]!.nome });
      // The reading is among this instance's recent ones, newest first.
      expect(leituras.body.leituras[0]?.leitura).toMatchObject({ tipo: 'PESO', peso: 1455.5 });
    });

    it("sends 'foto' to a registered device it may read and 'update' only with manage rights", async () => {
      const scale = devices.find((device) => device.login.serie === onA.serie) ?? (await simulate(onA));
      const readerTab = await tab(reader);
      const notRegistered = await readerTab.ask({ t: 'comando', chave: deviceKey(keyOf(onA)), comando: 'foto', pedido: 'p-1' }, 'erro');
      expect(notRegistered).toEqual({ t: 'erro', code: 'LIVE_DEVICE_NOT_REGISTERED', pedido: 'p-1' });

      await readerTab.registrar([keyOf(onA)]);
      const sent = await readerTab.ask({ t: 'comando', chave: deviceKey(keyOf(onA)), comando: 'foto', pedido: 'p-2' }, 'comando_enviado');
      expect(sent).toEqual({ t: 'comando_enviado', chave: deviceKey(keyOf(onA)), pedido: 'p-2', comando: 'foto' });
      await until(() => scale.commands.some((command) => command.tipo === 'CMD' && command.comando === 'foto' && command.pedido === 'p-2'), 'the device to get the foto command');

      const refused = await readerTab.ask({ t: 'comando', chave: deviceKey(keyOf(onA)), comando: 'update', pedido: 'p-3' }, 'erro');
      expect(refused).toEqual({ t: 'erro', code: 'FORBIDDEN', pedido: 'p-3' });

      const ownerTab = await tab(owner);
      await ownerTab.registrar([keyOf(onA)]);
      expect(await ownerTab.ask({ t: 'comando', chave: deviceKey(keyOf(onA)), comando: 'update', pedido: 'p-4' }, 'comando_enviado')).toMatchObject({ comando: 'update', pedido: 'p-4' });
      await until(() => scale.commands.some((command) => command.tipo === 'CMD' && command.comando === 'update'), 'the device to get the update command');
      expect(scale.commands.filter((command) => command.tipo === 'CMD' && command.comando === 'update')).toHaveLength(1);
    });

    it('drops a device whose grant ended at the next check, and says so', async () => {
      const grantee = await createAccount(portal);
      await grantAccess(portal, owner, grantee, 'leitura');
      const opened = await tab(grantee);
      expect((await opened.registrar([keyOf(onA), keyOf(strangers)])).aceitos).toEqual([deviceKey(keyOf(onA))]);
      // The grant ends with no notice reaching this instance (a notice lost on the way from another
      // one): the minute check alone finds it. setpermissoes would tell the sockets at once (next test).
      await portal.database.db.deleteFrom('grants').where('owner_id', '=', owner.user.id).where('grantee_id', '=', grantee.user.id).execute();
      const from = opened.messages.length;
      portal.advanceClock(SESSION_CHECK_MS);
      const update = await opened.next((message) => message.t === 'registrado', 'the registrations checked again', from);
      expect(update).toEqual({ t: 'registrado', aceitos: [], recusados: [deviceKey(keyOf(onA))] });
      const refused = await opened.ask({ t: 'comando', chave: deviceKey(keyOf(onA)), comando: 'foto', pedido: 'p-9' }, 'erro');
      expect(refused).toEqual({ t: 'erro', code: 'LIVE_DEVICE_NOT_REGISTERED', pedido: 'p-9' });
    });

    it('drops a device at once when its grant is narrowed or revoked, without waiting for the minute check', async () => {
      const scale = devices.find((device) => device.login.serie === onA.serie) ?? (await simulate(onA));
      const grantee = await createAccount(portal);
      await grantAccess(portal, owner, grantee, 'leitura');
      const opened = await tab(grantee);
      const ownerTab = await tab(owner);
      expect((await opened.registrar([keyOf(onA), keyOf(onB)])).aceitos).toHaveLength(2);
      expect((await ownerTab.registrar([keyOf(onA)])).aceitos).toHaveLength(1);

      let from = opened.messages.length;
      await grantAccess(portal, owner, grantee, 'leitura', [onB.nucleo_id!]);
      // No clock moved: the change itself made the socket check again.
      expect(await opened.next((message) => message.t === 'registrado', 'the registrations checked after the narrowing', from)).toEqual({
        t: 'registrado',
        aceitos: [deviceKey(keyOf(onB))],
        recusados: [deviceKey(keyOf(onA))],
      });
      from = opened.messages.length;
      const ownerFrom = ownerTab.messages.length;
      scale.sendPeso(1111.1, true, 1);
      await ownerTab.next((message) => message.t === 'leitura' && message.chave === deviceKey(keyOf(onA)), "the owner's reading", ownerFrom);
      // A pong sent after the fan-out: whatever the grantee was sent came before it.
      await opened.ask({ t: 'ping' }, 'pong');
      expect(opened.messages.slice(from).filter((message) => message.t === 'leitura')).toEqual([]);

      from = opened.messages.length;
      await grantAccess(portal, owner, grantee, 'nenhum' as Nivel);
      expect(await opened.next((message) => message.t === 'registrado', 'the registrations checked after the revocation', from)).toEqual({
        t: 'registrado',
        aceitos: [],
        recusados: [deviceKey(keyOf(onB))],
      });
    });

    it("answers a grantee's burst of 'foto' with RATE_LIMITED past the limit; the camera gets only the allowed one", async () => {
      const camera = await createDevice(portal, owner, { modelo: 'CS', nucleo_id: farmA.id });
      const device = await simulate(camera);
      const grantee = await createAccount(portal);
      await grantAccess(portal, owner, grantee, 'leitura');
      const opened = await tab(grantee);
      expect((await opened.registrar([keyOf(camera)])).aceitos).toHaveLength(1);
      const chave = deviceKey(keyOf(camera));
      const from = opened.messages.length;
      for (let i = 0; i < 30; i += 1) opened.send({ t: 'comando', chave, comando: 'foto', pedido: `burst-${i}` });
      type Answer = Extract<LiveServerMessage, { t: 'erro' | 'comando_enviado' }>;
      const isAnswer = (message: LiveServerMessage): message is Answer => (message.t === 'erro' || message.t === 'comando_enviado') && message.pedido?.startsWith('burst-') === true;
      await until(() => opened.messages.slice(from).filter(isAnswer).length === 30, 'an answer to each command');
      const answers = opened.messages.slice(from).filter(isAnswer);
      expect(answers.filter((answer) => answer.t === 'comando_enviado').map((answer) => answer.pedido)).toEqual(['burst-0']);
      const refused = answers.filter((answer) => answer.t === 'erro');
      expect(refused).toHaveLength(29);
      for (const answer of refused) expect(answer).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });

      const fotos = () => device.commands.filter((command) => command.tipo === 'CMD' && command.comando === 'foto');
      await until(() => fotos().length > 0, 'the allowed command to reach the camera');
      // The camera answers an unasked pedido, then the asked one: only the asked one is stored and shown.
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]).toString('base64');
      device.sendRaw(formatDeviceMessage({ tipo: 'IMAGEM', pedido: 'burst-5', mime: 'image/png', base64: png }));
      device.sendRaw(formatDeviceMessage({ tipo: 'IMAGEM', pedido: 'burst-0', mime: 'image/png', base64: png }));
      await opened.next((message) => message.t === 'imagem' && message.pedido === 'burst-0', 'the picture asked for', from);
      const stored = await portal.database.db.selectFrom('device_fotos').select('pedido').where('device_id', '=', camera.id).execute();
      expect(stored.map((row) => row.pedido)).toEqual(['burst-0']);
      expect(opened.messages.slice(from).filter((message) => message.t === 'imagem').map((message) => (message.t === 'imagem' ? message.pedido : ''))).toEqual(['burst-0']);
      expect(fotos().map((command) => (command.tipo === 'CMD' && command.comando === 'foto' ? command.pedido : ''))).toEqual(['burst-0']);
    });

    it('closes the socket of a session ended elsewhere at the next check, with 4401', async () => {
      const account = await createAccount(portal);
      const opened = await tab(account);
      const kept = await tab(owner);
      expect((await portal.request('POST', '/api/logout', { token: account.token })).status).toBe(200);
      portal.advanceClock(SESSION_CHECK_MS);
      expect(await opened.closed()).toBe(LIVE_CLOSE.unauthenticated);
      // A live session's socket stays open through the same check (its messages queue behind the check).
      expect(await kept.ask({ t: 'ping' }, 'pong')).toEqual({ t: 'pong' });
      expect(kept.closeCode).toBeNull();
    });
  });
}
