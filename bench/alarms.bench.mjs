// The alarm job (issue 19): one evaluation of every rule over a fleet of farms, each against a
// limit measured in the same run:
// - one pass over OWNERS × FARMS farms, every silo's forecast made again (the pass every 5 minutes) (each: an active flock of 30 days with a standard, 2 houses,
//   daily records of the last 3 days, 3 weighing days × 2 houses × 2 scales × 40 birds, 2 scales
//   with their last contact, a silo scale with a day of readings every minute). Limit: what a person
//   would read to check the same farms by hand over HTTP, one after the other: getdesempenho of the
//   flock and getsilofim of the farm. Target: ≤ 1 ×. (The pass also has to fit its 60 s period with
//   room to spare: printed as a second ratio.)
// - a light call (getnucleo of one farm) while a pass runs, against the same call with the portal
//   idle: p95 over p95. Target: ≤ 3 × (the job runs on the request thread; each of its queries is
//   short, so calls are served between them).
// Records go through the API; weighings, devices and readings straight into the tables with the
// portal's own statements (as the test factories do).
import { loadavg } from 'node:os';
import { ensurePartitionsFor } from '../packages/server/dist/db/dialect.js';
import { ALARM_EVERY_MS } from '../packages/server/dist/modules/alarms/job.js';
import { SILO_FIM_RECALC_MS } from '../packages/server/dist/modules/alarms/rules/silos.js';
import { pesagensDiaRepository } from '../packages/server/dist/modules/weighings/pesagens-dia.repository.js';
import { benchAccountWithStandard, machineLine, onEachDatabase, printTable, quantileOf, startPortal } from './lib.mjs';

const OWNERS = Number(process.env.BENCH_ALARMS_OWNERS ?? 10);
const FARMS = Number(process.env.BENCH_ALARMS_FARMS ?? 10);
const ROUNDS = 3;
const PROBES = 200;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (day, n) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = async (work) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};

/** 40 birds of one scale around the house's mean (deterministic), as pesagens rows. */
function scaleBirds(place, data, idade, serie, now) {
  const mean = 42 + 1.9 * idade * idade + 20 * idade;
  return Array.from({ length: 40 }, (_, i) => ({
    owner_id: place.ownerId, nucleo_id: place.nucleoId, lote_id: place.loteId, data, hora: '08:00:00', aviario: place.aviario, lado: '1', box: '1', sexo: '',
    peso_dg: Math.round(mean * (0.85 + ((i * 7919) % 300) / 1000) * 10), idade_lote: idade, linha: '', score: null, serie_balanca: serie, obs: '',
    importacao_id: null, created_at: now,
  }));
}

let deviceSequence = 0;
async function insertDevice(database, ownerId, nucleoId, modelo, lastContact, now) {
  deviceSequence += 1;
  const tag = `${process.pid}-${now}-${deviceSequence}`;
  const row = { owner_id: ownerId, modelo, serie: `BA-${tag}`, chip_id: 'BENCH01', versao: '1.0', nome: '', nucleo_id: nucleoId, aviario_id: null, obs: '', credential_user: `bench-${tag}`, credential_hash: 'a'.repeat(64), last_contact_at: lastContact, created_at: now, updated_at: now };
  const { id } = await database.db.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, owner_id: ownerId };
}

/** One owner's farms, each with what every rule reads. */
async function seedOwner(base, portal, services, index, now) {
  const { token, post, padrao } = await benchAccountWithStandard(base, `bench-alarms-${now}-${index}@example.test`);
  const today = dayOf(now - 3 * 3_600_000);
  const placed = plusDays(today, -30);
  const weighings = [];
  const readings = [];
  const places = [];
  for (let f = 0; f < FARMS; f += 1) {
    const farm = await post('registernucleo', { nome: `Granja ${f + 1}`, aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }, { nome: 'Aviário 2', lados: 2, boxes: 4 }] });
    const ownerId = farm.prop;
    const houses = farm.aviarios;
    const flock = await post('registerlote', { codigo: `L-${f + 1}`, nucleo_id: farm.id, aviarios: houses.map((house) => house.id), data_alojamento: placed, aves_misto: 20_000, padrao_id: padrao.id, linhagem: 'Ross 308' });
    for (let back = 3; back >= 1; back -= 1) {
      for (const house of houses) await post('registerdiario', { lote_id: flock.id, aviario_id: house.id, data: plusDays(today, -back), mortalidade: [{ causa: 'outras', aves: 8 + ((f + back) % 5) }], eliminados: 2 });
    }
    for (let back = 2; back >= 0; back -= 1) {
      for (const [h, house] of houses.entries()) {
        const place = { ownerId, nucleoId: farm.id, loteId: flock.id, aviario: house.nome };
        weighings.push(...scaleBirds(place, plusDays(today, -back), 30 - back, `A-${f}-${h}`, now), ...scaleBirds(place, plusDays(today, -back), 30 - back, `B-${f}-${h}`, now));
      }
    }
    // One scale heard a minute ago, one silent for 90 minutes (the no-data rule raises it).
    await insertDevice(portal.database, ownerId, farm.id, 'CS', now - MINUTE_MS, now);
    await insertDevice(portal.database, ownerId, farm.id, 'CS', now - 90 * MINUTE_MS, now);
    const scale = await insertDevice(portal.database, ownerId, farm.id, 'BSILO', now - MINUTE_MS, now);
    await post('registersilo', { nome: 'Silo 1', nucleo_id: farm.id, capacidade_kg: 20_000, device_id: scale.id, aviarios: houses.map((house) => house.id) });
    for (let at = now - DAY_MS; at <= now; at += MINUTE_MS) {
      const row = services.readings.rowFor(scale, { tipo: 'SILO', peso_kg: Math.round((9_000 - ((at - (now - DAY_MS)) / 3_600_000) * 60) * 10) / 10 }, at);
      if (row) readings.push(row);
    }
    places.push({ token, nucleoId: farm.id, loteId: flock.id, ownerId });
  }
  await ensurePartitionsFor(portal.database, 'pesagens', [...new Set(weighings.map((row) => row.data))]);
  for (let start = 0; start < weighings.length; start += 1000) await portal.database.db.insertInto('pesagens').values(weighings.slice(start, start + 1000)).execute();
  await pesagensDiaRepository(portal.database).rebuildOwner(places[0].ownerId, now);
  for (let start = 0; start < readings.length; start += 2000) await services.readings.insertMany(readings.slice(start, start + 2000));
  return places;
}

async function bench(label, databaseUrl, dir) {
  let services;
  const portal = await startPortal(databaseUrl, dir, {}, { expose: (built) => (services = built.services) });
  const { base } = portal;
  // The bench drives the passes itself: the portal's own timer would run one in the middle.
  await services.alarmsJob.stop();
  try {
    const now = Date.now();
    const t0 = performance.now();
    const places = [];
    for (let owner = 0; owner < OWNERS; owner += 1) places.push(...(await seedOwner(base, portal, services, owner, now)));
    console.error(`${label}: ${places.length} farms stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const job = services.alarmsJob;

    // The evaluation pass, the first raising the alarms, the next ones finding them open (the steady state).
    await job.evaluate(Date.now());
    const raised = await portal.database.db.selectFrom('alarmes').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (Number(raised.n) < places.length) throw new Error(`expected a no-data alarm per farm, found ${raised.n}`);
    // Each pass a recompute period after the last, so every silo's forecast is made again (the worst pass).
    let at = Date.now();
    const nextPass = () => (at += SILO_FIM_RECALC_MS);
    const passes = [];
    for (let round = 0; round < ROUNDS; round += 1) passes.push(await time(() => job.evaluate(nextPass())));

    // What a person would read to check the same farms by hand.
    const read = async (place, path) => {
      const response = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${place.token}` } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    const byHand = await time(async () => {
      for (const place of places) {
        await read(place, `getdesempenho?lote_id=${place.loteId}`);
        await read(place, `getsilofim?nucleo_id=${place.nucleoId}`);
      }
    });

    // A light call idle, then while a pass runs.
    const probe = places[0];
    const probeOnce = () => time(() => read(probe, `getnucleo?id=${probe.nucleoId}`));
    const idle = [];
    for (let i = 0; i < PROBES; i += 1) idle.push(await probeOnce());
    const during = [];
    let done = false;
    const pass = job.evaluate(nextPass()).finally(() => (done = true));
    while (!done) during.push(await probeOnce());
    await pass;
    const p95 = (values) => quantileOf([...values].sort((a, b) => a - b), 0.95);

    const pass1 = median(passes);
    return [
      [label, `evaluation of ${places.length} farms (${OWNERS} owners)`, `${places.length} × (getdesempenho + getsilofim)`, `${byHand.toFixed(0)} ms`, `${pass1.toFixed(0)} ms`, (pass1 / byHand).toFixed(2), '≤ 1'],
      [label, 'the same pass', `its period (ALARM_EVERY_MS)`, `${ALARM_EVERY_MS} ms`, `${pass1.toFixed(0)} ms`, (pass1 / ALARM_EVERY_MS).toFixed(3), '≤ 0.25'],
      [label, `getnucleo p95 during a pass (${during.length} calls)`, `getnucleo p95 idle (${PROBES} calls)`, `${p95(idle).toFixed(1)} ms`, `${p95(during).toFixed(1)} ms`, (p95(during) / p95(idle)).toFixed(2), '≤ 3'],
    ];
  } finally {
    await portal.close();
  }
}

const only = process.env.BENCH_ALARMS_ONLY;
const loadBefore = loadavg()[0].toFixed(2);
const results = await onEachDatabase('alarms', only, bench);
console.log(machineLine(`${OWNERS} owners × ${FARMS} farms`, `load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`));
printTable(['database', 'work', 'limit', 'limit time', 'time', 'ratio', 'target'], results);
