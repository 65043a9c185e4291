// Helper of bench/import.bench.mjs (not a benchmark itself): other accounts using the portal while
// one account imports. Each prober account signs up, registers a farm and a live scale, and then,
// until stopped, calls `/api/health` and its own `/api/getuser` back to back (one call in flight per
// account), while its scale publishes a weighing (PES, QoS 1) each second and times the
// portal's ACK. Latencies are kept per kind; `percentile` summarises them.
import { formatDeviceMessage, parsePortalMessage } from '@portal/shared';
import { connect } from 'mqtt';
import { commandTopic, dataTopic } from '../packages/server/dist/modules/devices/protocol.js';
import { postJson } from './lib.mjs';

/** A scale sends a weighing a second (a busy grader's pace). */
const PES_EVERY_MS = 1000;
/** Pause between one account's calls: the probes measure waiting, they are not a load test. */
const CALL_GAP_MS = 20;

export function percentile(values, fraction) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const pad = (value) => String(value).padStart(2, '0');

/** One other account with its farm and connected scale. */
async function prober(base, mqttUrl, index) {
  const account = { name: `Probe ${index}`, email: `probe-${index}-${Date.now()}@example.test`, password: 'probe-pass-1', company: 'Probe' };
  await postJson(base, 'register', account);
  const { token } = await postJson(base, 'login', { email: account.email, password: account.password });
  const farm = await postJson(base, 'registernucleo', { nome: `Granja Probe ${index}`, cidade: 'Chapecó', estado: 'SC', pais: 'Brasil', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4, capacidade: 24000 }] }, token);
  const device = await postJson(base, 'registerdevice', { modelo: 'CS', serie: `PROBE-${index}-${Date.now()}`, chip_id: 'PROBE', nome: 'Probe', nucleo_id: farm.id }, token);
  const { modelo, serie, chip_id, credencial } = device;
  const client = connect(mqttUrl, { clientId: `${modelo}-${serie}`, username: credencial.usuario, password: credencial.senha, reconnectPeriod: 500, connectTimeout: 30_000, keepalive: 60 });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  await client.subscribeAsync(commandTopic(modelo, serie), { qos: 1 });
  await client.publishAsync(dataTopic(modelo, serie), formatDeviceMessage({ tipo: 'ID', modelo, serie, chip_id, versao: '1.0' }), { qos: 1 });
  const sentAt = new Map();
  const acks = [];
  client.on('message', (_topic, payload) => {
    const message = parsePortalMessage(payload.toString());
    if (message.ok && message.message.tipo === 'ACK' && sentAt.has(message.message.seq)) {
      acks.push(performance.now() - sentAt.get(message.message.seq));
      sentAt.delete(message.message.seq);
    }
  });
  return { token, farm, modelo, serie, client, sentAt, acks };
}

/** `count` probing accounts; `run()` probes until the returned stop() is called, which answers the latencies. */
export async function setUpProbes(base, mqttUrl, count) {
  const probers = [];
  for (let index = 0; index < count; index += 1) probers.push(await prober(base, mqttUrl, index));
  let seq = 0;

  return {
    run() {
      const calls = [];
      let running = true;
      const callLoops = probers.map(async (probe) => {
        while (running) {
          for (const [path, headers] of [['health', {}], ['getuser', { authorization: `Bearer ${probe.token}` }]]) {
            const started = performance.now();
            const response = await fetch(`${base}/api/${path}`, { headers });
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`${path} answered ${response.status}`);
            calls.push(performance.now() - started);
          }
          await new Promise((resolve) => setTimeout(resolve, CALL_GAP_MS));
        }
      });
      for (const probe of probers) probe.acks.length = 0;
      const now = new Date();
      const timer = setInterval(() => {
        for (const probe of probers) {
          seq += 1;
          probe.sentAt.set(seq, performance.now());
          const pes = {
            tipo: 'PES', seq, data: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`, hora: '08:00:00',
            nucleo: probe.farm.nome, lote: '', aviario: '1', lado: '1', box: '1', sexo: 'M', peso: 1500 + (seq % 1000) / 10,
            idade_lote: null, linha: '', score: null, obs: '',
          };
          probe.client.publish(dataTopic(probe.modelo, probe.serie), formatDeviceMessage(pes), { qos: 1 });
        }
      }, PES_EVERY_MS);
      return async function stop() {
        running = false;
        clearInterval(timer);
        await Promise.all(callLoops);
        // Acknowledgements still due are waited for (a little), then counted as missing.
        const deadline = performance.now() + 10_000;
        while (probers.some((probe) => probe.sentAt.size > 0) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        const missing = probers.reduce((sum, probe) => sum + probe.sentAt.size, 0);
        for (const probe of probers) probe.sentAt.clear();
        return { calls, acks: probers.flatMap((probe) => probe.acks), missing };
      };
    },
    async close() {
      await Promise.all(probers.map((probe) => probe.client.endAsync(true)));
    },
  };
}
