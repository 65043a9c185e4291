import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVICE_MODELS, isLiveModel } from '@portal/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { testServices } from '../test/services.js';
import { DEMO_HATCH_DAYS_AGO, DEMO_SILO_BALANCE_KG } from './sample-data.js';
import { DEMO_GRADER_AGES, DEMO_GRADER_BIRDS_PER_DAY } from './weighing-files.js';
import { DEMO_MIXED_SEX } from './weighings.js';
import { DEMO_EMAIL, DEMO_QUALITY_ABOVE_PCT, DEMO_QUALITY_FLOCK, DEMO_TECNICO_EMAIL, demoPassword, seedDemo } from './seed.js';

function capturedLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function signIn(portal: TestPortal, email: string, password: string): Promise<string> {
  const login = await portal.request('POST', '/api/login', { body: { email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.token;
}

/** A GET as `token` that must answer 200. */
async function read(portal: TestPortal, token: string, path: string): Promise<any> {
  const answer = await portal.request('GET', `/api/${path}`, { token });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** The demo's weighings arrived through the import: dashboard tiles, grader categories, the hatchery's chicks. */
async function expectDemoWeighings(portal: TestPortal, token: string, { devices, lotes }: { devices: any[]; lotes: any[] }) {
  const stats = await read(portal, token, 'usrstats');
  expect(stats.contagens).toMatchObject({ nucleos: 3, lotesAtivos: 3 });
  expect(stats.contagens.pesagens).toBeGreaterThan(10_000);
  expect(stats.lotes.map((tile: any) => tile.codigo).sort()).toEqual(['Lote 101', 'Lote 102', 'Lote 201']);
  for (const tile of stats.lotes) {
    // Weighed today at its age, close to its standard, with a realistic spread.
    expect(tile.ultima.idade).toBe(tile.idade);
    expect(tile.ultima.percentPadrao).toBeGreaterThan(90);
    expect(tile.ultima.percentPadrao).toBeLessThan(108);
    expect(tile.ultima.cv).toBeGreaterThan(6);
    expect(tile.ultima.cv).toBeLessThan(14);
    expect(tile.ultima.ganhoDiario).toBeGreaterThan(0);
    expect(tile.curva.length).toBeGreaterThanOrEqual(3);
    expect(tile.curva.every((point: any) => point.padrao > 0)).toBe(true);
  }
  // Lote 102 lagged on day 18: about 90 % of its standard that day.
  const lote102 = stats.lotes.find((tile: any) => tile.codigo === 'Lote 102');
  const lagging = lote102.curva.find((point: any) => point.idade === 18);
  expect(lagging.pesoMedio / lagging.padrao).toBeLessThan(0.94);

  const grader = devices.find((device: any) => device.modelo === 'SELAUTO');
  const today = stats.lotes[0].ultima.data;
  const monthAgo = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10);
  const totals = await read(portal, token, `gettotaisselauto?id=${grader.id}&ini=${monthAgo}&fim=${today}`);
  expect(totals.total.aves).toBe(DEMO_GRADER_AGES.length * DEMO_GRADER_BIRDS_PER_DAY);
  expect(totals.categorias.every((categoria: any) => categoria.aves > 0)).toBe(true);

  const hatches = lotes.filter((lote: any) => lote.codigo.startsWith('Eclosão'));
  const hatchery = await portal.request('POST', '/api/avespesos', {
    token,
    body: { inicio: hatches.map((lote: any) => lote.data_alojamento).sort()[0], fim: today, incubatorio: true },
  });
  expect(hatchery.status, JSON.stringify(hatchery.body)).toBe(200);
  expect(hatchery.body.total.totalAves).toBe(hatches.length * 2 * 150);
  expect(hatchery.body.total.pesoMedio).toBeGreaterThan(38);
  expect(hatchery.body.total.pesoMedio).toBeLessThan(46);
}

describe('the demo password', () => {
  it('is 16 letters and digits, with both, different every time', () => {
    const passwords = Array.from({ length: 50 }, () => demoPassword());
    for (const password of passwords) expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{16}$/);
    expect(new Set(passwords).size).toBe(50);
  });
});

/**
 * Seeding is a fixed amount of work (the demo's farms, flocks, devices and ten thousand weighings
 * through the API) that a busy machine makes several times slower than the default test limit allows.
 */
const SEED_TIMEOUT_MS = 120_000;

describeEachDialect(
  'demo seeding',
  (portal) => {
    let password = '';

    it('on an empty database creates the demo accounts and farm data of every kind through the API, logging one line', async () => {
      const { log, lines } = capturedLog();
      const result = await seedDemo(portal().app, { db: portal().database.db, log });
      expect(result).not.toBeNull();
      password = result!.password;
      expect(result!.email).toBe(DEMO_EMAIL);
      const demoLines = lines.filter((line) => line.msg.includes('demo account:'));
      expect(demoLines).toEqual([expect.objectContaining({ level: 30, msg: `demo account: ${DEMO_EMAIL} password: ${password}` })]);

      const token = await signIn(portal(), DEMO_EMAIL, password);
      const nucleos = await read(portal(), token, 'getnucleo');
      expect(nucleos.map((farm: any) => [farm.nome, farm.tipo, farm.estado, farm.aviarios.length])).toEqual([
        ['Incubatório São José', 'incubatorio', 'SC', 2],
        ['Núcleo Boa Esperança', 'granja', 'PR', 3],
        ['Núcleo Santa Clara', 'granja', 'SC', 4],
      ]);
      const santaClara = nucleos[2];

      const padroes = await read(portal(), token, 'getpadrao');
      expect(padroes).toHaveLength(2);
      const presets = await read(portal(), token, 'getpadrao_presets');
      expect(padroes.map((padrao: any) => padrao.nome).sort()).toEqual(presets.slice(0, 2).map((preset: any) => preset.nome).sort());
      for (const padrao of padroes) expect(padrao.pontos.length).toBeGreaterThan(10);

      const lotes = await read(portal(), token, 'getlote');
      expect(lotes).toHaveLength(8 + DEMO_HATCH_DAYS_AGO.length);
      expect(lotes.filter((lote: any) => lote.nucleo_id === nucleos[0].id)).toHaveLength(DEMO_HATCH_DAYS_AGO.length);
      const active = lotes.filter((lote: any) => lote.situacao === 'ativo');
      expect(active.map((lote: any) => lote.idade).sort((a: number, b: number) => a - b)).toEqual([7, 21, 35]);
      expect(lotes.filter((lote: any) => lote.situacao === 'encerrado')).toHaveLength(5 + DEMO_HATCH_DAYS_AGO.length);
      for (const lote of lotes) expect(padroes.map((padrao: any) => padrao.id)).toContain(lote.padrao_id);
      // Grow-out flocks lose birds; a hatch is shipped the day it hatches.
      for (const lote of lotes.filter((item: any) => item.nucleo_id !== nucleos[0].id)) {
        expect(lote.mortalidade_total).toBeGreaterThan(0);
        expect(lote.aves_atuais).toBe(lote.aves_alojadas - lote.mortalidade_total - lote.eliminados_total);
        // A broiler's curve: about 1-1.5 % in the first week, the whole flock under 6 %.
        const placed = Date.parse(`${lote.data_alojamento}T00:00:00Z`);
        const firstWeek = lote.mortalidade
          .filter((entry: any) => Date.parse(`${entry.data}T00:00:00Z`) - placed <= 7 * 86_400_000)
          .reduce((sum: number, entry: any) => sum + entry.aves, 0);
        if (lote.idade >= 8) expect(firstWeek / lote.aves_alojadas).toBeGreaterThan(0.009);
        expect(firstWeek / lote.aves_alojadas).toBeLessThan(0.016);
        expect(lote.mortalidade_total / lote.aves_alojadas).toBeLessThan(0.06);
        // Every house has a record for every day up to yesterday (or the closing day).
        const diarios = await read(portal(), token, `getdiario?lote_id=${lote.id}`);
        const lastDay = lote.situacao === 'encerrado' ? lote.idade : lote.idade - 1;
        expect(diarios).toHaveLength(lastDay * lote.aviarios.length);
        for (const diario of diarios) expect(diario.agua_l).toBeGreaterThan(0);
        // Closed flocks are closed out: their live birds delivered, a feed conversion of 1.6-1.7.
        if (lote.situacao === 'encerrado') {
          expect(lote.fechamento).toMatchObject({ data: lote.data_encerramento, aves_entregues: lote.aves_atuais });
          expect(lote.fechamento.racao_kg / lote.fechamento.kg_entregues).toBeGreaterThan(1.6);
          expect(lote.fechamento.racao_kg / lote.fechamento.kg_entregues).toBeLessThan(1.71);
          expect(lote.fechamento.peso_medio_g).toBeGreaterThan(2400);
        } else {
          expect(lote.fechamento).toBeNull();
        }
      }
      const closedCodes = lotes.filter((lote: any) => lote.fechamento !== null).map((lote: any) => lote.codigo).sort();
      expect(closedCodes).toEqual(['Lote 088', 'Lote 090', 'Lote 095', 'Lote 190', 'Lote 191']);

      const devices = await read(portal(), token, 'getdevice');
      expect(devices.map((device: any) => device.modelo).sort()).toEqual([...DEVICE_MODELS].sort());
      for (const device of devices) expect(device.chip_id.length >= 2).toBe(isLiveModel(device.modelo));

      const silos = await read(portal(), token, 'getsilo');
      expect(silos).toHaveLength(4);
      for (const silo of silos) {
        expect(silo.saldo_kg).toBeCloseTo(DEMO_SILO_BALANCE_KG, 1);
        const movements = await read(portal(), token, `getsilomov?id=${silo.id}`);
        expect(movements.map((movement: any) => movement.tipo)).toEqual(['entrada', 'consumo', 'consumo', 'entrada', 'consumo']);
      }

      const coletor = devices.find((device: any) => device.modelo === 'COLETOR');
      const pontos = await read(portal(), token, 'getpontocoleta');
      expect(pontos.map((ponto: any) => ponto.serie_coletores)).toEqual([coletor.serie]);

      const dosador = devices.find((device: any) => device.modelo === 'DOSADOR');
      const fumigadores = await read(portal(), token, 'getfumigador');
      expect(fumigadores.map((fumigador: any) => fumigador.device_id)).toEqual([dosador.id]);

      expect(await read(portal(), token, 'getchave')).toHaveLength(2);

      const graficos = await read(portal(), token, 'getgrafico');
      expect(graficos).toHaveLength(1);
      expect(graficos[0].linhas.map((linha: any) => linha.fonte)).toEqual(['peso_medio', 'padrao']);

      const permissoes = await portal().request('POST', '/api/permissoes', { token, body: {} });
      expect(permissoes.body).toEqual([
        expect.objectContaining({ email: DEMO_TECNICO_EMAIL, nivel: 'leitura', nucleos: [{ id: santaClara.id, nome: 'Núcleo Santa Clara' }] }),
      ]);

      await expectDemoWeighings(portal(), token, { devices, lotes });

      // The technician signs in with the same password and sees the one farm it was granted.
      const tecnico = await signIn(portal(), DEMO_TECNICO_EMAIL, password);
      const owner = (await read(portal(), token, 'getuser')).id;
      const seen = await read(portal(), tecnico, `getnucleo?prop=${owner}`);
      expect(seen.map((farm: any) => farm.id)).toEqual([santaClara.id]);
    }, SEED_TIMEOUT_MS);

    it("has Lote 101's weighing-quality filter on: its mixed house's doubles and partial birds are set aside and audited", async () => {
      const token = await signIn(portal(), DEMO_EMAIL, password);
      const lote = (await read(portal(), token, 'getlote')).find((item: any) => item.codigo === DEMO_QUALITY_FLOCK);
      const qualidade = await read(portal(), token, `getqualidade?lote_id=${lote.id}`);
      expect(qualidade.config).toMatchObject({ ativo: true, abaixo_pct: 30, acima_pct: DEMO_QUALITY_ABOVE_PCT });
      const mixed = qualidade.dias.filter((dia: any) => dia.sexo === 'X');
      expect(mixed.length).toBeGreaterThan(0);
      expect(mixed.reduce((sum: number, dia: any) => sum + dia.dupla, 0)).toBeGreaterThan(0);
      expect(mixed.reduce((sum: number, dia: any) => sum + dia.parcial, 0)).toBeGreaterThan(0);
      const flaggedDay = mixed.find((dia: any) => dia.dupla > 0);
      const audit = await read(portal(), token, `getpesagensdescartadas?lote_id=${lote.id}&data=${flaggedDay.data}&motivo=dupla`);
      expect(audit.pesagens.filter((row: any) => row.sexo === 'X')).toHaveLength(flaggedDay.dupla);
    });

    it("splits Lote 101's mixed house by sex at five weeks, and refuses at two (the sexes have not parted yet)", async () => {
      const token = await signIn(portal(), DEMO_EMAIL, password);
      const lote = (await read(portal(), token, 'getlote')).find((item: any) => item.codigo === DEMO_QUALITY_FLOCK);
      const qualidade = await read(portal(), token, `getqualidade?lote_id=${lote.id}`);
      const mixedDays = qualidade.dias.filter((dia: any) => dia.sexo === DEMO_MIXED_SEX);
      const dayAt = (idade: number) => mixedDays.find((dia: any) => dia.idade === idade).data;
      const split = (data: string) => read(portal(), token, `getseparacaosexo?lote_id=${lote.id}&data=${data}&aviario=${encodeURIComponent('Aviário 2')}&lado=1&box=1&sexo=X`);
      const late = await split(dayAt(35));
      expect(late.situacao).toBe('ok');
      const [machos, femeas] = late.sexos;
      // The generator's truth: ±9 % around the house's target by day 35, a 50/50 hatch.
      expect(machos.peso_medio_g / femeas.peso_medio_g).toBeGreaterThan(1.12);
      expect(machos.peso_medio_g / femeas.peso_medio_g).toBeLessThan(1.28);
      expect(machos.proporcao_pct).toBeGreaterThan(40);
      expect(machos.proporcao_pct).toBeLessThan(60);
      expect((await split(dayAt(14))).situacao).toBe('um_grupo');
    });

    it("shows a mortality alarm: Lote 101's heat wave was yesterday", async () => {
      await testServices(portal()).alarmsJob.evaluate();
      const token = await signIn(portal(), DEMO_EMAIL, password);
      const { alarmes } = await read(portal(), token, 'getalarmes');
      const mortalidade = alarmes.filter((alarme: any) => alarme.tipo === 'mortalidade' && alarme.detalhe.motivo === 'dia');
      expect(mortalidade.map((alarme: any) => alarme.detalhe.lote_codigo)).toEqual(['Lote 101', 'Lote 101']);
      for (const alarme of mortalidade) expect(alarme.detalhe.pct_dia).toBeGreaterThan(0.5);
    });

    it('runs once: with users in the database it does nothing', async () => {
      const { log, lines } = capturedLog();
      expect(await seedDemo(portal().app, { db: portal().database.db, log })).toBeNull();
      expect(lines.filter((line) => line.msg.includes('demo account:'))).toEqual([]);
      const token = await signIn(portal(), DEMO_EMAIL, password);
      expect(await read(portal(), token, 'getnucleo')).toHaveLength(3);
    });
  },
  { DEMO: '0' },
);

describeEachDialect(
  'demo seeding by two instances starting at once',
  (portal) => {
    it('creates one demo account and one set of data', async () => {
      const first = capturedLog();
      const second = capturedLog();
      const results = await Promise.all([
        seedDemo(portal().app, { db: portal().database.db, log: first.log }),
        seedDemo(portal().app, { db: portal().database.db, log: second.log }),
      ]);
      const seeded = results.filter((result) => result !== null);
      expect(seeded).toHaveLength(1);
      const printed = [...first.lines, ...second.lines].filter((line) => line.msg.includes('demo account:'));
      expect(printed).toHaveLength(1);
      const token = await signIn(portal(), DEMO_EMAIL, seeded[0]!.password);
      expect(await read(portal(), token, 'getnucleo')).toHaveLength(3);
      expect(await read(portal(), token, 'getdevice')).toHaveLength(DEVICE_MODELS.length);
    }, SEED_TIMEOUT_MS);
  },
  { DEMO: '0' },
);

/**
 * The built server started as `npm start` does. Each start is a fixed amount of work (migrations, and
 * on the first the demo's accounts, farms and ten thousand weighings through the API), which a busy
 * machine makes several times slower: each start is its own test with a limit sized for that, no
 * timer of its own, and a child still running when a test ends is stopped by its id.
 */
describe('npm start on an empty database', () => {
  const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
  const START_TIMEOUT_MS = 180_000;
  const dir = mkdtempSync(join(tmpdir(), 'portal-demo-'));
  const running = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts the built server until it is ready (or exits), then stops it; answers what it wrote. */
  function runUntilReady(env: Record<string, string>): Promise<string> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          // No fixed broker port (another portal on the machine may hold 1884), and no simulated
          // devices: what is tested ends at 'portal ready'.
          MQTT_PORT: '0',
          SIMULATOR: '0',
          DATABASE_URL: `sqlite:${join(dir, 'data', 'portal.sqlite')}`,
          OUTBOX_DIR: join(dir, 'outbox'),
          WEB_DIST_DIR: join(dir, 'no-web'),
          LOG_LEVEL: 'info',
          SECRET_KEY: '',
          DEMO: '',
          ...env,
        },
      });
      running.add(child);
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('portal ready')) child.kill('SIGTERM');
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('exit', () => {
        running.delete(child);
        resolve(output);
      });
    });
  }

  it('prints the demo account once and creates the key file on the first start', async () => {
    const first = await runUntilReady({});
    expect(first).toContain('portal ready');
    const lines = first.split('\n').filter((line) => line.includes('demo account:'));
    expect(lines, first).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry.level).toBe(30);
    expect(entry.msg).toMatch(/^demo account: demo@granja-demo\.example password: [A-Za-z0-9]{16}$/);
    expect(first).not.toContain('demo data could not be created');
    expect(first).toContain('SECRET_KEY is not set');
    expect(existsSync(join(dir, 'data', 'secret.key'))).toBe(true);
  }, START_TIMEOUT_MS);

  it('seeds nothing on the next start', async () => {
    // The database the test above seeded.
    expect(existsSync(join(dir, 'data', 'portal.sqlite'))).toBe(true);
    const second = await runUntilReady({});
    expect(second).toContain('portal ready');
    expect(second).not.toContain('demo account:');
  }, START_TIMEOUT_MS);

  it('creates no demo account with DEMO=0', async () => {
    const output = await runUntilReady({ DEMO: '0', DATABASE_URL: `sqlite:${join(dir, 'off', 'portal.sqlite')}` });
    expect(output).toContain('portal ready');
    expect(output).not.toContain('demo account:');
  }, START_TIMEOUT_MS);
});
