// The weight report the browser benchmark opens (bench/report-browser.bench.mjs): one account with 4
// farms of 5 houses × 2 sides × 5 pens, one flock each on a standard, weighed weekly by sex up to today,
// `boxes` distinct date|flock|sex|house|side|box of 30–80 birds each. Account, farms, flocks and
// standard through the API; the weighings straight into pesagens through the portal's own Kysely
// database in chunks of 1,000 (an import would time the import, not the report).
// Not a benchmark itself (run.mjs runs *.bench.mjs only).
import { seededRandom } from '../packages/server/dist/demo/weighings.js';
import { postJson } from './lib.mjs';

const FARMS = 4;
const HOUSES = 5;
const SIDES = ['A', 'B'];
const PENS = 5;
const SEXES = ['Macho', 'Fêmea'];
const BOXES_PER_DAY = FARMS * SEXES.length * HOUSES * SIDES.length * PENS;
const pad = (value) => String(value).padStart(2, '0');
const localIso = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Weekly weighing days ending today (the browser's calendar day: Node and Chromium share the machine). */
function weighingDays(boxes) {
  const count = Math.ceil(boxes / BOXES_PER_DAY);
  return Array.from({ length: count }, (_, index) => addDays(localIso(new Date()), -7 * (count - 1 - index)));
}
/** The flocks were placed three weeks before the first weighing. */
const placedBefore = (days) => addDays(days[0], -21);

/** The pens weighed, day → farm → sex → house → side → pen, the first `count` of them. */
function plannedBoxes(days, count) {
  const boxes = [];
  for (const data of days)
    for (let farm = 0; farm < FARMS; farm += 1)
      for (const sexo of SEXES)
        for (let house = 1; house <= HOUSES; house += 1)
          for (const lado of SIDES) for (let pen = 1; pen <= PENS; pen += 1) if (boxes.length < count) boxes.push({ data, farm, sexo, aviario: `Aviário ${house}`, lado, box: String(pen) });
  return boxes;
}

/** Each pen's birds: 30–80 of them, around a mean that grows with age (females 10 % lighter), CV ≈ 9 %. */
function weighingRows(boxes, ids, ownerId, placed) {
  // A fixed pseudo-random sequence: the same birds on every run and database.
  const next = seededRandom(16);
  const now = Date.now();
  const rows = [];
  boxes.forEach((plan, index) => {
    const age = Math.round((Date.parse(plan.data) - Date.parse(placed)) / 86_400_000);
    const mean = (1.1 * age * age + 25 * age) * (plan.sexo === 'Fêmea' ? 0.9 : 1) * (0.97 + 0.015 * (index % 5));
    const birds = 30 + ((index * 37) % 51);
    for (let bird = 0; bird < birds; bird += 1) {
      // Box–Muller: a normal spread from two uniform draws.
      const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      const seconds = 7 * 3600 + (index % 50) * 120 + bird * 2;
      rows.push({
        owner_id: ownerId,
        nucleo_id: ids[plan.farm].nucleo,
        lote_id: ids[plan.farm].lote,
        data: plan.data,
        hora: `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`,
        aviario: plan.aviario,
        lado: plan.lado,
        box: plan.box,
        sexo: plan.sexo,
        peso_dg: Math.max(100, Math.round(mean * 10 * (1 + 0.09 * normal))),
        idade_lote: age,
        linha: 'Cobb 500',
        score: bird % 3 === 0 ? 1 + Math.floor(next() * 5) : null,
        serie_balanca: `BAL-${String(plan.farm + 1).padStart(4, '0')}`,
        obs: '',
        importacao_id: null,
        created_at: now,
      });
    }
  });
  return rows;
}

/** The account, its farms, flocks and standard through the API, then the weighings in chunks; the days weighed. */
export async function seedWeightReport(portal, boxes) {
  const days = weighingDays(boxes);
  const placed = placedBefore(days);
  const post = (path, body, token) => postJson(portal.base, path, body, token);
  const account = { name: 'Bench', email: `bench-report-browser-${Date.now()}@example.test`, password: 'bench-pass-1', company: 'Bench' };
  await post('register', account);
  const { token } = await post('login', { email: account.email, password: account.password });
  const padrao = await post(
    'registerpadrao',
    { nome: 'Cobb 500 Bench', linhagem: 'Cobb 500', pontos: Array.from({ length: 9 }, (_, week) => ({ idade: week * 7, peso: Math.round(42 + 1.1 * (week * 7) ** 2 + 25 * week * 7) })) },
    token,
  );
  const ids = [];
  for (let farm = 0; farm < FARMS; farm += 1) {
    const nucleo = await post('registernucleo', { nome: `Granja ${farm + 1}`, aviarios: Array.from({ length: HOUSES }, (_, house) => ({ nome: `Aviário ${house + 1}`, lados: SIDES.length, boxes: PENS })) }, token);
    const lote = await post('registerlote', { codigo: `L-${101 + farm}`, nucleo_id: nucleo.id, aviarios: nucleo.aviarios.map((aviario) => aviario.id), data_alojamento: placed, padrao_id: padrao.id, aves_macho: 25000, aves_femea: 25000 }, token);
    ids.push({ nucleo: nucleo.id, lote: lote.id, owner: nucleo.prop });
  }
  const started = performance.now();
  const rows = weighingRows(plannedBoxes(days, boxes), ids, ids[0].owner, placed);
  for (let at = 0; at < rows.length; at += 1000) await portal.database.db.insertInto('pesagens').values(rows.slice(at, at + 1000)).execute();
  return { account, days, weighings: rows.length, fillSeconds: (performance.now() - started) / 1000 };
}
