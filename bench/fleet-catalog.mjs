// The fleet bench's integrator (bench/fleet.bench.mjs): its records made through the portal's own
// calls (farms, houses, standards, flocks, scales, silo scales and silos, a chart), so every rule
// applies, and the plan of its weighing days the SQL generator (fleet-data.mjs) fills in.
// Not a benchmark itself (run.mjs runs *.bench.mjs only).
import { postJson } from './lib.mjs';

export const FARMS = 50;
export const HOUSES_PER_FARM = 4;
/** Automatic scales per house, one a side (lado 1, 2). */
export const SCALES_PER_HOUSE = 2;
/** Silo scales at full scale (FLEET_SCALE 1): 4 a farm, each weighing one silo. */
export const READING_DEVICES = 200;
export const GROW_OUT_DAYS = 42;
/** A flock every 56 days per farm: 42 days of grow-out, 14 days to clean the houses. */
export const CYCLE_DAYS = 56;
export const YEAR_DAYS = 365;
export const PASSWORD = 'fleet-bench-1';
const DAY_MS = 86_400_000;

export const dayOffset = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 0 ≤ value < 1 from integers, the same every run. */
const unit = (...values) => (values.reduce((hash, value) => Math.imul(hash ^ value, 0x9e3779b1) >>> 0, 0x2545f491) % 1_000_003) / 1_000_003;

async function getJson(base, path, token) {
  const response = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Registers the integrator and its records on a running portal (`base`); `readingDevices` silo
 * scales get a silo each. Answers what the generator and the measurements need.
 */
export async function createIntegrator(base, { email, readingDevices }) {
  await postJson(base, 'register', { name: 'Integradora Frota', email, password: PASSWORD, company: 'Integradora Frota', language: 'pt' });
  const { token, user } = await postJson(base, 'login', { email, password: PASSWORD });
  const today = new Date(Date.now() + user.timezone * 3_600_000).toISOString().slice(0, 10);
  const firstDay = dayOffset(today, -(YEAR_DAYS - 1));
  const call = (path, body) => postJson(base, path, body, token);

  const presets = await getJson(base, 'getpadrao_presets', token);
  const padroes = [];
  for (const { chave: _chave, ...standard } of presets.slice(0, 2)) padroes.push(await call('registerpadrao', standard));

  const farms = [];
  const flocks = [];
  const scales = new Map();
  const silos = [];
  for (let farmIndex = 0; farmIndex < FARMS; farmIndex += 1) {
    const farm = await call('registernucleo', {
      nome: `Granja ${String(farmIndex + 1).padStart(2, '0')}`,
      codigo: `F${farmIndex + 1}`,
      cidade: 'Chapecó',
      estado: 'SC',
      pais: 'Brasil',
      aviarios: Array.from({ length: HOUSES_PER_FARM }, (_, house) => ({ nome: `Aviário ${house + 1}`, lados: SCALES_PER_HOUSE, boxes: 1, capacidade: 25_000, area_m2: 1800 })),
    });
    farms.push(farm);
    for (const [houseIndex, house] of farm.aviarios.entries()) {
      const pair = [];
      for (let lado = 1; lado <= SCALES_PER_HOUSE; lado += 1) {
        const serie = `FL-CS-${farmIndex + 1}-${houseIndex + 1}-${lado}`;
        const device = await call('registerdevice', { modelo: 'CS', serie, chip_id: 'FLEET01', versao: '2.4.1', nome: `Balança ${house.nome} lado ${lado}`, nucleo_id: farm.id, aviario_id: house.id });
        pair.push({ id: device.id, serie, lado: String(lado) });
      }
      scales.set(house.id, pair);
    }
    // Staggered placements: the farms' flocks are at every age on any day.
    const offset = Math.floor((farmIndex * CYCLE_DAYS) / FARMS);
    for (let cycle = 0; ; cycle += 1) {
      const placed = dayOffset(firstDay, offset - GROW_OUT_DAYS + cycle * CYCLE_DAYS);
      if (placed >= today) break;
      const closing = dayOffset(placed, GROW_OUT_DAYS);
      const padrao = padroes[(farmIndex + cycle) % padroes.length];
      const lote = await call('registerlote', {
        codigo: `L${farmIndex + 1}-${cycle + 1}`,
        nucleo_id: farm.id,
        aviarios: farm.aviarios.map((house) => house.id),
        data_alojamento: placed,
        data_encerramento: closing < today ? closing : null,
        linhagem: padrao.linhagem,
        padrao_id: padrao.id,
        aves_misto: 100_000,
      });
      flocks.push({ id: lote.id, nucleo_id: farm.id, padrao_id: padrao.id, placed, closed: lote.data_encerramento, factor: 0.93 + 0.14 * unit(lote.id, 7) });
    }
  }
  for (let index = 0; index < readingDevices; index += 1) {
    const farm = farms[index % FARMS];
    const serie = `FL-SILO-${index + 1}`;
    const device = await call('registerdevice', { modelo: 'BSILO', serie, chip_id: 'FLEET01', versao: '2.4.1', nome: `Balança silo ${index + 1}`, nucleo_id: farm.id, aviario_id: null });
    const houseIndex = Math.floor(index / FARMS) % HOUSES_PER_FARM;
    await call('registersilo', { nome: `Silo ${houseIndex + 1}${index >= FARMS * HOUSES_PER_FARM ? `-${index}` : ''}`, nucleo_id: farm.id, capacidade_kg: 18_000, tipo_racao: 'Crescimento', device_id: device.id, aviarios: [farm.aviarios[houseIndex].id] });
    silos.push(device.id);
  }

  // The chart: the latest closed flock's 42 days, its weight, uniformity and CV against its standard.
  const charted = flocks.filter((flock) => flock.closed !== null).at(-1);
  const grafico = await call('registergrafico', {
    titulo: `Lote ${charted.id}: 42 dias`,
    tipo: 'linha',
    periodo: 'personalizado',
    data_inicio: charted.placed,
    data_fim: charted.closed,
    linhas: [
      { tit: 'Peso médio', fonte: 'peso_medio', lote_id: charted.id },
      { tit: 'Uniformidade', fonte: 'uniformidade', lote_id: charted.id },
      { tit: 'CV', fonte: 'cv', lote_id: charted.id },
      { tit: 'Padrão', fonte: 'padrao', padrao_id: charted.padrao_id, lote_id: charted.id },
    ],
  });
  return { ownerId: user.id, timezone: user.timezone, today, firstDay, farms, flocks, scales, silos, graficoId: grafico.id };
}

/** Mean weight (dg) of a flock at `age` days: a broiler's growth, scaled by the flock's own factor. */
const meanDg = (age, factor) => Math.round(10 * (42 + 1.66 * age * age) * factor);

/**
 * One row per weighing day of each flock's house and scale inside the year: a day aggregate row
 * (pesagens_dia, id = its index + 1) and what the SQL makes of it: `birds` weighings around
 * `mean_dg`, sequence numbers of its scale from `seq0`.
 */
export function weighingPlan(integrator, weighings) {
  const rows = [];
  for (const flock of integrator.flocks) {
    const farm = integrator.farms.find((item) => item.id === flock.nucleo_id);
    for (let age = 1; age <= GROW_OUT_DAYS; age += 1) {
      const data = dayOffset(flock.placed, age);
      if (data < integrator.firstDay || data > integrator.today) continue;
      for (const house of farm.aviarios) {
        for (const scale of integrator.scales.get(house.id)) {
          rows.push({ nucleo_id: farm.id, lote_id: flock.id, data, aviario: house.nome, lado: scale.lado, device_id: scale.id, serie: scale.serie, idade: age, mean_dg: meanDg(age, flock.factor) });
        }
      }
    }
  }
  rows.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : a.device_id - b.device_id));
  const perRow = weighings / rows.length;
  const seqOf = new Map();
  rows.forEach((row, index) => {
    row.id = index + 1;
    row.birds = Math.max(1, Math.round(perRow * (0.8 + 0.4 * unit(row.device_id, index))));
    row.seq0 = seqOf.get(row.device_id) ?? 0;
    seqOf.set(row.device_id, row.seq0 + row.birds);
    row.day_ms = Date.parse(`${row.data}T00:00:00Z`) - integrator.timezone * 3_600_000;
  });
  return rows;
}
