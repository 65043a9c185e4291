import type { CalhaGraphResponse, CalhaMonitor } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { generateTroughSeries, insertTroughRows, type TestTroughRow } from '../../test/factories/troughs.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// The expected answer, computed apart from the service: plain loops over the rows, days from Date.
const localDay = (em: number, timezone: number) => new Date(em + timezone * HOUR).toISOString().slice(0, 10);
const midnight = (day: string, timezone: number) => Date.parse(`${day}T00:00:00Z`) - timezone * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const tenthOfMinute = (ms: number) => Math.round(ms / 6000) / 10;

function daysOf(di: string, df: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${di}T00:00:00Z`); at <= Date.parse(`${df}T00:00:00Z`); at += DAY) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

function expectedAnswer(all: readonly TestTroughRow[], di: string, df: string, timezone: number) {
  const from = midnight(di, timezone);
  const to = midnight(df, timezone) + DAY;
  const rows = all.filter((row) => row.em >= from && row.em < to);
  const near = (a: TestTroughRow, b: TestTroughRow) => b.em - a.em <= 3 * MINUTE;

  const gaps: Array<[number, number]> = [];
  for (let index = 1; index < rows.length; index++) if (!near(rows[index - 1]!, rows[index]!)) gaps.push([rows[index - 1]!.em, rows[index]!.em]);

  const label = (row: TestTroughRow) => (row.ligada === 0 ? null : row.rpm_dec < 10 ? 'travada' : row.presenca === 0 ? 'sem_racao' : null);
  const stops: Array<{ inicio: number; fim: number; tipo: 'travada' | 'sem_racao' }> = [];
  for (let start = 0; start < rows.length; ) {
    const tipo = label(rows[start]!);
    if (!tipo) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < rows.length && label(rows[end + 1]!) === tipo && near(rows[end]!, rows[end + 1]!)) end++;
    const next = rows[end + 1];
    const fim = next && near(rows[end]!, next) ? next.em : rows[end]!.em + MINUTE;
    if (end - start + 1 >= 2) stops.push({ inicio: rows[start]!.em, fim, tipo });
    start = end + 1;
  }

  const passo = Math.max(1, Math.ceil((to - from) / MINUTE / 2000));
  const windows = new Map<number, TestTroughRow[]>();
  for (const row of rows) {
    const key = Math.floor((row.em - from) / (passo * MINUTE));
    windows.set(key, [...(windows.get(key) ?? []), row]);
  }
  const pontos = [...windows].map(([key, group]) => {
    const sensed = group.filter((row) => row.presenca !== null);
    const running = group.filter((row) => row.ligada === 1);
    const rpmOf = (some: TestTroughRow[]) => Math.round(some.reduce((sum, row) => sum + row.rpm_dec, 0) / some.length) / 10;
    return {
      em: iso(passo === 1 ? group[0]!.em : from + key * passo * MINUTE),
      rpm: running.length > 0 ? rpmOf(running) : rpmOf(group),
      ligada: group.some((row) => row.ligada === 1),
      presenca: sensed.length === 0 ? null : sensed.every((row) => row.presenca === 1),
      voltas: group.at(-1)!.voltas,
    };
  });

  const byDay = new Map<string, TestTroughRow[]>();
  for (const row of rows) byDay.set(localDay(row.em, timezone), [...(byDay.get(localDay(row.em, timezone)) ?? []), row]);
  const dias = daysOf(di, df).map((data) => {
    const day = byDay.get(data) ?? [];
    if (day.length === 0) return { data, minutos_ligada: null, voltas: null, minutos_lacuna: null, paradas: null, presenca_pct: null };
    const [start, end] = [midnight(data, timezone), midnight(data, timezone) + DAY];
    let gapMs = 0;
    for (const [a, b] of gaps) gapMs += Math.max(0, Math.min(b, end) - Math.max(a, start));
    const sensed = day.filter((row) => row.presenca !== null);
    return {
      data,
      minutos_ligada: day.filter((row) => row.ligada === 1).length,
      voltas: Math.max(...day.map((row) => row.voltas)),
      minutos_lacuna: tenthOfMinute(gapMs),
      paradas: stops.filter((stop) => localDay(stop.inicio, timezone) === data).length,
      presenca_pct: sensed.length === 0 ? null : Math.round((sensed.filter((row) => row.presenca === 1).length * 1000) / sensed.length) / 10,
    };
  });
  return {
    passo_min: passo,
    pontos,
    lacunas: gaps.map(([a, b]) => ({ inicio: iso(a), fim: iso(b), minutos: tenthOfMinute(b - a) })),
    paradas: stops.map((stop) => ({ inicio: iso(stop.inicio), fim: iso(stop.fim), minutos: tenthOfMinute(stop.fim - stop.inicio), tipo: stop.tipo })),
    dias,
  };
}

describeEachDialect('feeder troughs (getgraph_calha, getcalhas)', (portal: () => TestPortal) => {
  const call = <T = any>(account: TestAccount, path: string) => portal().request<T>('GET', path, { token: account.token });

  async function monitorWithSeries(options: { seed: number; timezone?: number; sensor?: boolean }) {
    const owner = await createAccount(portal());
    const timezone = options.timezone ?? -3;
    if (timezone !== -3) await portal().database.db.updateTable('users').set({ timezone }).where('id', '=', owner.user.id).execute();
    const farm = await createNucleo(portal(), owner);
    const monitor = await insertDevice(portal(), owner, 'MCALHA', { nome: 'Calhas A1', nucleo_id: farm.id });
    // Five days from 2026-05-10 local midnight, two troughs: the second must never leak into the first.
    const rows = generateTroughSeries({ seed: options.seed, start: midnight('2026-05-10', timezone), minutes: 5 * 1440, sensor: options.sensor });
    await insertTroughRows(portal(), owner, monitor.id, 1, rows);
    await insertTroughRows(portal(), owner, monitor.id, 2, generateTroughSeries({ seed: options.seed + 100, start: midnight('2026-05-10', timezone), minutes: 1440 }));
    return { owner, farm, monitor, rows, timezone };
  }

  it('gaps, stoppages, points and days equal an independent computation (one day and a longer period)', async () => {
    for (const [seed, timezone] of [[7, -3], [31, 5.5]] as const) {
      const { owner, monitor, rows } = await monitorWithSeries({ seed, timezone });
      for (const [di, df] of [['2026-05-11', '2026-05-11'], ['2026-05-10', '2026-05-13'], ['2026-05-09', '2026-05-16']] as const) {
        const answer = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=1&di=${di}&df=${df}`);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ iddevice: monitor.id, modelo: 'MCALHA', serie: monitor.serie, nome: 'Calhas A1', idcalha: 1, di, df, timezone, ...expectedAnswer(rows, di, df, timezone) });
        // The generated series has every kind of interval to find, and the chart stays light.
        expect(answer.body.pontos.length).toBeLessThanOrEqual(2000);
        if (di !== df) {
          expect(answer.body.lacunas.length).toBeGreaterThan(0);
          expect(new Set(answer.body.paradas.map((parada) => parada.tipo))).toEqual(new Set(['travada', 'sem_racao']));
        }
      }
    }
  });

  it('finds a hand-made jam, empty trough and gap at their minutes', async () => {
    const owner = await createAccount(portal());
    const monitor = await insertDevice(portal(), owner, 'SAC');
    const start = midnight('2026-06-01', -3) + 10 * HOUR;
    // minute: 0-1 running, 2-4 jammed, 5 running, 6-7 empty while running, 8 off and empty, then nothing until 20, 20 one stopped minute (a start-up).
    const plan: Array<[number, number, number, number | null]> = [
      [0, 240, 1, 1], [1, 240, 1, 1], [2, 0, 1, 1], [3, 5, 1, 1], [4, 0, 1, 1], [5, 230, 1, 1], [6, 230, 1, 0], [7, 230, 1, 0], [8, 0, 0, 0], [20, 0, 1, 1], [21, 240, 1, 1],
    ];
    await insertTroughRows(portal(), owner, monitor.id, 3, plan.map(([minute, rpm_dec, ligada, presenca], index) => ({ em: start + minute * MINUTE, rpm_dec, ligada, presenca, voltas: index * 10 })));
    const answer = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=3&di=2026-06-01&df=2026-06-01`);
    expect(answer.status).toBe(200);
    const at = (minute: number) => iso(start + minute * MINUTE);
    expect(answer.body.paradas).toEqual([
      { inicio: at(2), fim: at(5), minutos: 3, tipo: 'travada' },
      { inicio: at(6), fim: at(8), minutos: 2, tipo: 'sem_racao' },
    ]);
    expect(answer.body.lacunas).toEqual([{ inicio: at(8), fim: at(20), minutos: 12 }]);
    expect(answer.body.dias).toEqual([{ data: '2026-06-01', minutos_ligada: 10, voltas: 100, minutos_lacuna: 12, paradas: 2, presenca_pct: 72.7 }]);
    expect(answer.body.pontos).toHaveLength(plan.length);
  });

  it('answers a monitor without the feed sensor with presence null, and no trough data with empty days', async () => {
    const { owner, monitor, rows } = await monitorWithSeries({ seed: 3, sensor: false });
    const answer = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=1&di=2026-05-10&df=2026-05-11`);
    expect(answer.body).toMatchObject(expectedAnswer(rows, '2026-05-10', '2026-05-11', -3));
    expect(answer.body.dias.every((dia) => dia.presenca_pct === null)).toBe(true);
    expect(answer.body.paradas.every((parada) => parada.tipo === 'travada')).toBe(true);

    const none = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=9&di=2026-05-10&df=2026-05-11`);
    expect(none.body).toMatchObject({ pontos: [], lacunas: [], paradas: [], passo_min: 2 });
    expect(none.body.dias).toEqual(daysOf('2026-05-10', '2026-05-11').map((data) => ({ data, minutos_ligada: null, voltas: null, minutos_lacuna: null, paradas: null, presenca_pct: null })));
  });

  it("defaults to the owner's today", async () => {
    const owner = await createAccount(portal());
    const monitor = await insertDevice(portal(), owner, 'MCALHA');
    const now = Date.now();
    const today = localDay(now, -3);
    const rows = generateTroughSeries({ seed: 5, start: Math.max(midnight(today, -3), Math.floor(now / MINUTE) * MINUTE - 30 * MINUTE), minutes: 20 });
    await insertTroughRows(portal(), owner, monitor.id, 1, rows);
    const answer = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ di: today, df: today, passo_min: 1 });
    expect(answer.body.pontos).toHaveLength(rows.filter((row) => localDay(row.em, -3) === today).length);
  });

  it('lists the trough monitors in reach with the trough numbers they sent', async () => {
    const { owner, farm, monitor } = await monitorWithSeries({ seed: 9 });
    const sac = await insertDevice(portal(), owner, 'SAC', { serie: `AAA-${owner.user.id}`, nome: 'Sem leituras' });
    await insertDevice(portal(), owner, 'BSILO');
    const answer = await call<CalhaMonitor[]>(owner, '/api/getcalhas');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: sac.id, modelo: 'SAC', serie: sac.serie, nome: 'Sem leituras', nucleo_nome: null, aviario_nome: null, calhas: [] },
      { id: monitor.id, modelo: 'MCALHA', serie: monitor.serie, nome: 'Calhas A1', nucleo_nome: farm.nome, aviario_nome: null, calhas: [1, 2] },
    ]);
    // A grant on the monitor's farm sees it; the monitor without a farm needs a whole-account grant.
    const reader = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura', [farm.id]);
    const granted = await call<CalhaMonitor[]>(reader, `/api/getcalhas?prop=${owner.user.id}`);
    expect(granted.body.map((item) => item.id)).toEqual([monitor.id]);
    expect((await call(reader, `/api/getgraph_calha?id=${sac.id}&idcalha=1&prop=${owner.user.id}`)).status).toBe(404);
    expect((await call(reader, `/api/getgraph_calha?id=${monitor.id}&idcalha=1&prop=${owner.user.id}`)).status).toBe(200);
    // Another account has none of them.
    const stranger = await createAccount(portal());
    expect((await call(stranger, '/api/getcalhas')).body).toEqual([]);
    expect((await call(stranger, `/api/getgraph_calha?id=${monitor.id}&idcalha=1`)).status).toBe(404);
  });

  it('refuses bad input with 4xx and a code', async () => {
    const owner = await createAccount(portal());
    const monitor = await insertDevice(portal(), owner, 'MCALHA');
    const silo = await insertDevice(portal(), owner, 'BSILO');
    const cases: Array<[string, number, string, string?]> = [
      [`idcalha=1`, 400, 'VALIDATION_FAILED', 'id'],
      [`id=${monitor.id}`, 400, 'VALIDATION_FAILED', 'idcalha'],
      [`id=${monitor.id}&idcalha=0`, 400, 'VALIDATION_FAILED', 'idcalha'],
      [`id=${monitor.id}&idcalha=x`, 400, 'VALIDATION_FAILED', 'idcalha'],
      [`id=${monitor.id}&idcalha=1.5`, 400, 'VALIDATION_FAILED', 'idcalha'],
      [`id=${monitor.id}&idcalha=1&di=2026-05-10`, 400, 'VALIDATION_FAILED', 'df'],
      [`id=${monitor.id}&idcalha=1&df=2026-05-10`, 400, 'VALIDATION_FAILED', 'di'],
      [`id=${monitor.id}&idcalha=1&di=2026-05-10&df=2026-05-09`, 400, 'VALIDATION_FAILED', 'df'],
      [`id=${monitor.id}&idcalha=1&di=2024-01-01&df=2026-05-09`, 400, 'VALIDATION_FAILED', 'df'],
      [`id=${monitor.id}&idcalha=1&di=2026-02-30&df=2026-03-01`, 400, 'VALIDATION_FAILED', 'di'],
      [`id=${silo.id}&idcalha=1`, 400, 'DEVICE_MODEL_NOT_ALLOWED', 'id'],
      [`id=${monitor.id + 100000}&idcalha=1`, 404, 'NOT_FOUND'],
    ];
    for (const [query, status, code, field] of cases) {
      const answer = await call(owner, `/api/getgraph_calha?${query}`);
      expect([query, answer.status, answer.body.code]).toEqual([query, status, code]);
      expect(answer.body.message, query).toEqual(expect.any(String));
      if (field) expect(JSON.stringify(answer.body.errors), query).toContain(field);
    }
    expect((await portal().request('GET', `/api/getgraph_calha?id=${monitor.id}&idcalha=1`)).status).toBe(401);
  });

  it('answers the longest period (731 days), every day listed', async () => {
    const { owner, monitor, rows } = await monitorWithSeries({ seed: 13 });
    const answer = await call<CalhaGraphResponse>(owner, `/api/getgraph_calha?id=${monitor.id}&idcalha=1&di=2024-05-12&df=2026-05-12`);
    expect(answer.status).toBe(200);
    expect(answer.body.dias).toHaveLength(731);
    expect(answer.body).toMatchObject(expectedAnswer(rows, '2024-05-12', '2026-05-12', -3));
  });
});
