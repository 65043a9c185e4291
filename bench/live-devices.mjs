// Worker thread of bench/live.bench.mjs (not a benchmark itself): the simulated devices. Each sends
// `rate` readings a second (1 for the live figures), spread evenly over the second; the send times go back to the main thread at
// the end. Connected once, they may run several loads in turn: {t: 'start', rate, first} numbers the
// readings from `first` (so a late reading of one run is never taken for one of the next), 'stop'
// ends one ('start' alone: workerData.rate from 0). Several workers may share the devices: this one
// has `devices`, numbered from `offset` among all. Mode 'mqtt': one bare MQTT connection per device
// on the portal's broker (bench/mqtt-raw.mjs: ID at QoS 1 after connecting, then PESO at QoS 0).
// Mode 'ws': the limit, one WebSocket to the bare relay carrying the same events the portal would
// send, addressed to the tab watching the device. Mode 'pes' (bench/load.bench.mjs): weighing
// records (PES, QoS 1, numbered) through mqtt.js clients, which read the ACKs, and each ACK's arrival time kept.
import { parentPort, workerData } from 'node:worker_threads';
import { formatDeviceMessage, parsePortalMessage } from '@portal/shared';
import { connect } from 'mqtt';
import WebSocket from 'ws';
import { connectRawDevice, publishPacket } from './mqtt-raw.mjs';

const { mode, url, devices, socketOf, pesoBase } = workerData;
const offset = workerData.offset ?? 0;
const now = () => performance.timeOrigin + performance.now();
/** Devices connecting at once: the broker refuses more than 16 logins pending from one address (PENDING_LOGINS). */
const CONNECT_CONCURRENCY = workerData.connectConcurrency ?? 50;

/** Every reading sent: [device index, its k-th reading, send time] triples. */
let sent = new Float64Array(3 * 65536);
let sentCount = 0;
const record = (index, k, when) => {
  if ((sentCount + 1) * 3 > sent.length) {
    const bigger = new Float64Array(sent.length * 2);
    bigger.set(sent);
    sent = bigger;
  }
  const at3 = sentCount * 3;
  sent[at3] = offset + index;
  sent[at3 + 1] = k;
  sent[at3 + 2] = when;
  sentCount += 1;
};

/** Mode 'pes': every ACK received, as [device index, seq, arrival time] triples. */
const acks = [];
let disconnects = 0;
let clients = [];
let relay;

/** Mode 'mqtt': bare connections (mqtt-raw.mjs); a failed login is counted, not retried. */
async function connectRaw() {
  const { hostname, port } = new URL(url);
  clients = new Array(devices.length);
  let next = 0;
  let failed = 0;
  const one = async (index) => {
    const device = devices[index];
    try {
      const client = await connectRawDevice({ host: hostname, port: Number(port), clientId: `${device.modelo}-${device.serie}`, username: device.usuario, password: device.senha, onClose: () => (disconnects += 1) });
      client.write(publishPacket(device.topic, formatDeviceMessage({ tipo: 'ID', modelo: device.modelo, serie: device.serie, chip_id: device.chip_id, versao: '1.0' }), 1));
      clients[index] = client;
    } catch (error) {
      failed += 1;
      console.error(`device ${device.serie}: ${error.message}`);
    }
  };
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < devices.length) await one(next++);
    }),
  );
  return failed;
}

async function connectMqtt() {
  clients = new Array(devices.length);
  const connectedOnce = new Set();
  let next = 0;
  let failed = 0;
  const one = (index) =>
    new Promise((resolve) => {
      const device = devices[index];
      const client = connect(url, { clientId: `${device.modelo}-${device.serie}`, username: device.usuario, password: device.senha, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 60, queueQoSZero: false });
      clients[index] = client;
      client.once('connect', () => {
        connectedOnce.add(index);
        if (mode === 'pes') {
          client.subscribe(device.topic.replace(/dados$/, 'cmd'), { qos: 1 });
          client.on('message', (_topic, payload) => {
            const message = parsePortalMessage(payload.toString());
            if (message.ok && message.message.tipo === 'ACK') acks.push(offset + index, message.message.seq, now());
          });
        }
        client.publish(device.topic, formatDeviceMessage({ tipo: 'ID', modelo: device.modelo, serie: device.serie, chip_id: device.chip_id, versao: '1.0' }), { qos: 1 });
        client.on('close', () => (disconnects += 1));
        resolve();
      });
      client.once('error', (error) => {
        failed += 1;
        console.error(`device ${device.serie}: ${error.message}`);
        resolve();
      });
      // A broker that closes the connection before CONNACK sends no error.
      client.once('close', () => {
        if (client.connected || connectedOnce.has(index)) return;
        failed += 1;
        console.error(`device ${device.serie}: closed before connecting`);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < devices.length) await one(next++);
    }),
  );
  return failed;
}

async function connectRelay() {
  relay = new WebSocket(`${url}/send`);
  await new Promise((resolve, reject) => {
    relay.once('open', resolve);
    relay.once('error', reject);
  });
  relay.on('close', () => (disconnects += 1));
  return 0;
}

function sendOne(index, k) {
  const device = devices[index];
  const peso = pesoBase + k;
  if (mode === 'pes') {
    const client = clients[index];
    const at = new Date();
    const pad = (value) => String(value).padStart(2, '0');
    const message = {
      tipo: 'PES',
      seq: k + 1,
      data: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      hora: `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`,
      nucleo: '',
      lote: '',
      aviario: '1',
      lado: '1',
      box: '1',
      sexo: 'M',
      peso: peso + 0.5,
      idade_lote: null,
      linha: '',
      score: null,
      obs: '',
    };
    if (client.connected) client.publish(device.topic, formatDeviceMessage(message), { qos: 1 });
  } else if (mode === 'mqtt') {
    const client = clients[index];
    // A reading while disconnected is lost: it is counted as sent all the same.
    if (client?.connected()) client.write(publishPacket(device.topic, formatDeviceMessage({ tipo: 'PESO', peso, estavel: true, aves: 1 })));
  } else {
    // What the portal would send the tab: the same event shape and size.
    const event = { t: 'leitura', em: new Date().toISOString(), leitura: { tipo: 'PESO', peso, estavel: true, aves: 1 }, chave: device.chave, iddevice: device.id, modelo: device.modelo, serie: device.serie };
    relay.send(`${socketOf[index]}\n${JSON.stringify(event)}`);
  }
  record(index, k, now());
}

let timer;
/** Each device sends `rate` readings a second, numbered from `first`. */
function start(rate, first) {
  const PERIOD_MS = 1000 / rate;
  sentCount = 0;
  const began = now();
  // Device i sends first at began + i/N of a period, then once a period.
  const due = devices.map((_, index) => began + (index * PERIOD_MS) / devices.length);
  const counts = new Array(devices.length).fill(first);
  let cursor = 0;
  timer = setInterval(() => {
    const at = now();
    // Dues rise with the index within a round: walk from where the last tick stopped.
    for (let step = 0; step < devices.length && due[cursor] <= at; step += 1) {
      sendOne(cursor, counts[cursor]);
      counts[cursor] += 1;
      due[cursor] += PERIOD_MS;
      cursor = (cursor + 1) % devices.length;
    }
  }, 2);
}

parentPort.on('message', async (message) => {
  if (message === 'connect') {
    const failed = mode === 'ws' ? await connectRelay() : mode === 'mqtt' ? await connectRaw() : await connectMqtt();
    parentPort.postMessage({ t: 'connected', failed });
  } else if (message === 'start') start(workerData.rate, 0);
  else if (message?.t === 'start') start(message.rate, message.first);
  else if (message === 'stop') {
    clearInterval(timer);
    parentPort.postMessage({ t: 'sent', sent: sent.slice(0, sentCount * 3), acks: Float64Array.from(acks), disconnects });
  } else if (message === 'close') {
    await Promise.all(clients.map((client) => (mode === 'mqtt' ? client?.end() : client?.endAsync(true))));
    relay?.close();
    parentPort.postMessage({ t: 'closed' });
  }
});
