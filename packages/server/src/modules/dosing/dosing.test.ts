import type { Dosagem, DosagemRelatorio, Fumigador, FumigacaoLista } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { doseSeries, insertDoseRows, insertFoto, midnightOf, type ExpectedEvent, type PumpRun } from '../../test/factories/dosing.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createFumigador } from '../../test/factories/fumigators.js';
import { describeEachDialect } from '../../test/harness.js';
import { testServices } from '../../test/services.js';

const TZ = -3;
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const localDay = (ms: number) => new Date(ms + TZ * HOUR).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Three past days and today, in the owner's timezone (-3): two runs and one across midnight on
 * day 0, one on day 1 with the doser silent for six hours later, nothing on day 2, and today a
 * run still going (started 20 minutes ago).
 */
function scenario(now: number) {
  const today = localDay(now);
  const day0 = addDays(today, -3);
  const base = midnightOf(day0, TZ);
  const runs: PumpRun[] = [
    { start: base + 8 * HOUR + 10_000, end: base + 8 * HOUR + 12 * MIN + 40_000, flow: 1200 },
    { start: base + 14 * HOUR, end: base + 14 * HOUR + 2 * MIN, flow: 450 },
    { start: base + 23 * HOUR + 50 * MIN + 5_000, end: base + DAY + 20 * MIN + 5_000, flow: 1000 },
    { start: base + DAY + 6 * HOUR, end: base + DAY + 6 * HOUR + 30 * MIN, flow: 800 },
    { start: now - 20 * MIN, end: now + HOUR, flow: 600 },
  ];
  const silences: Array<[number, number]> = [
    [base + DAY + 12 * HOUR, base + DAY + 18 * HOUR],
    // Day 2 has no readings at all: the report shows it empty, not zero.
    [base + 2 * DAY, midnightOf(today, TZ)],
  ];
  return { today, day0, base, runs, ...doseSeries({ from: base, to: now - 5_000, runs, timezone: TZ, silences }) };
}

interface Doser {
  fumigador: Fumigador;
  deviceId: number;
}

describeEachDialect('dosing and fumigation history', (portal) => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let reader: TestAccount;
  let data: ReturnType<typeof scenario>;
  /** Synced at once; read by the report tests. */
  let main: Doser;
  const api = <T = any>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, account: TestAccount = owner) =>
    portal().request<T>(method, `/api/${path}`, { token: account.token, body });
  const stored = async (deviceId: number) =>
    (await portal().database.db.selectFrom('dosagens').select(['inicio', 'fim', 'volume_dml', 'fumigador_id', 'produto', 'operador']).where('device_id', '=', deviceId).orderBy('inicio').execute()).map(
      (row) => ({ ...row, inicio: Number(row.inicio), fim: row.fim === null ? null : Number(row.fim) }),
    );
  const doser = async (account: TestAccount, farm: Awaited<ReturnType<typeof createNucleo>>, overrides = {}): Promise<Doser> => {
    const device = await insertDevice(portal(), account, 'DOSADOR', { nucleo_id: farm.id });
    const fumigador = await createFumigador(portal(), account, farm, { device_id: device.id, horarios: ['08:00', '14:00', '23:55'], ...overrides });
    return { fumigador, deviceId: device.id };
  };
  /** Derives a doser's events from its readings at or after `fromEm` (the dosing service's syncDevice). */
  const syncDosagens = (deviceId: number, fromEm: number) => testServices(portal()).dosing.syncDevice(deviceId, fromEm);
  /** Each event against the generator's: start and end exact, volume within the counter's rounding. */
  const expectEvents = (actual: Awaited<ReturnType<typeof stored>>, expected: ExpectedEvent[]) => {
    expect(actual.map((event) => [event.inicio, event.fim])).toEqual(expected.map((event) => [event.inicio, event.fim]));
    actual.forEach((event, index) => expect(Math.abs(event.volume_dml - expected[index]!.volume_dml), `event ${index}`).toBeLessThanOrEqual(2));
  };

  beforeAll(async () => {
    owner = await createAccount(portal());
    stranger = await createAccount(portal());
    reader = await createAccount(portal());
    data = scenario(Date.now());
    const farm = await createNucleo(portal(), owner);
    main = await doser(owner, farm);
    await insertDoseRows(portal(), owner.user.id, main.deviceId, data.rows);
    await syncDosagens(main.deviceId, data.base);
    await grantAccess(portal(), owner, reader, 'leitura');
  });

  it('derives the pump runs from the readings: midnight reset, a silence, a run still open', async () => {
    expect(data.expected).toHaveLength(5);
    expect(data.expected[4]!.fim).toBeNull();
    const events = await stored(main.deviceId);
    expectEvents(events, data.expected);
    expect(events.every((event) => event.fumigador_id === main.fumigador.id && event.produto === 'Glutaraldeído' && event.operador === '')).toBe(true);
    // The run across midnight: the counter restarted at 00:00 and the volume is still whole (30 min at 100 ml/min).
    expect(Math.round(events[2]!.volume_dml / 10)).toBe(3000);
  });

  it('gives the same events synced as the readings arrive, twice at once, or from the middle of a run', async () => {
    const farm = await createNucleo(portal(), owner);
    const [live, twice, middle] = [await doser(owner, farm), await doser(owner, farm), await doser(owner, farm)];
    // As the live path: a chunk of readings stored, then a sync from the chunk's first reading.
    for (let start = 0; start < data.rows.length; start += 37) {
      const chunk = data.rows.slice(start, start + 37);
      await insertDoseRows(portal(), owner.user.id, live.deviceId, chunk);
      await syncDosagens(live.deviceId, chunk[0]!.em);
    }
    expectEvents(await stored(live.deviceId), data.expected);

    await insertDoseRows(portal(), owner.user.id, twice.deviceId, data.rows);
    await Promise.all([syncDosagens(twice.deviceId, data.base), syncDosagens(twice.deviceId, data.base)]);
    await syncDosagens(twice.deviceId, data.base);
    expectEvents(await stored(twice.deviceId), data.expected);

    // From ten minutes into the run across midnight: that run keeps its start, earlier ones wait.
    await insertDoseRows(portal(), owner.user.id, middle.deviceId, data.rows);
    await syncDosagens(middle.deviceId, data.runs[2]!.start + 10 * MIN);
    expectEvents(await stored(middle.deviceId), data.expected.slice(2));
    await syncDosagens(middle.deviceId, data.base);
    expectEvents(await stored(middle.deviceId), data.expected);
  });

  it('reports each day against an independent count: events, ml, minutes, scheduled and done; empty days null', async () => {
    const df = addDays(data.today, -1);
    const answer = await api<DosagemRelatorio>('POST', 'reldosagem', { id: main.fumigador.id, di: addDays(data.day0, -1), df });
    expect(answer.status).toBe(200);
    const report = answer.body;
    expect(report.dias.map((day) => day.data)).toEqual([-1, 0, 1, 2].map((offset) => addDays(data.day0, offset)));
    const closed = data.expected.slice(0, 4);
    const onDay = (day: string) => closed.filter((event) => localDay(event.inicio) === day);
    for (const row of report.dias) {
      const events = onDay(row.data);
      const hasReadings = data.rows.some((reading) => localDay(reading.em) === row.data);
      if (!hasReadings) {
        expect(row, row.data).toEqual({ data: row.data, eventos: null, volume_ml: null, minutos: null, previstas: null, feitas: null });
        continue;
      }
      expect(row.eventos, row.data).toBe(events.length);
      const volume = events.reduce((sum, event) => sum + event.volume_dml, 0) / 10;
      expect(Math.abs(row.volume_ml! - volume), row.data).toBeLessThanOrEqual(0.2 * events.length);
      expect(row.minutos, row.data).toBe(Math.round(events.reduce((sum, event) => sum + (event.fim! - event.inicio), 0) / 6_000) / 10);
      const times = ['08:00', '14:00', '23:55'].map((time) => midnightOf(row.data, TZ) + Number(time.slice(0, 2)) * HOUR + Number(time.slice(3)) * MIN);
      expect(row.previstas).toBe(3);
      expect(row.feitas, row.data).toBe(times.filter((at) => closed.some((event) => Math.abs(event.inicio - at) <= 30 * MIN)).length);
    }
    expect(report.dias[0]!.eventos).toBeNull();
    expect(report.dias[1]).toMatchObject({ eventos: 3, feitas: 3 });
    expect(report.dias[2]).toMatchObject({ eventos: 1, feitas: 0 });
    expect(report.dias[3]!.eventos).toBeNull();
    expect(report.total).toMatchObject({ eventos: 4, previstas: 6, feitas: 3, dias_com_dados: 2 });
    expect(report.fumigador).toMatchObject({ id: main.fumigador.id, horarios: ['08:00', '14:00', '23:55'], ativo: true });

    // The days ahead are empty, not zero; today counts the open run.
    const ahead = await api<DosagemRelatorio>('POST', 'reldosagem', { id: main.fumigador.id, di: data.today, df: addDays(data.today, 2) });
    expect(ahead.body.dias[0]!.eventos).toBe(localDay(data.expected[4]!.inicio) === data.today ? 1 : 0);
    expect(ahead.body.dias.slice(1).every((day) => day.eventos === null && day.feitas === null)).toBe(true);
  });

  it('lists the events that started in the period (a run across midnight on its first day), with their pictures', async () => {
    const list = (di: string, df: string) => api<FumigacaoLista>('GET', `getfumigacao?id=${main.fumigador.id}&di=${di}&df=${df}`);
    const first = (await list(data.day0, data.day0)).body;
    expect(first.eventos.map((event) => Date.parse(event.inicio))).toEqual(data.expected.slice(0, 3).map((event) => event.inicio).reverse());
    const second = (await list(addDays(data.day0, 1), addDays(data.day0, 1))).body;
    expect(second.eventos.map((event) => Date.parse(event.inicio))).toEqual([data.expected[3]!.inicio]);
    const all = (await list(data.day0, data.today)).body;
    expect(all.eventos).toHaveLength(5);
    expect(all.truncado).toBe(false);
    const open = all.eventos[0]!;
    expect(open).toMatchObject({ origem: 'device', fim: null, duracao_min: null, vazao_media_ml_min: null });
    const run = all.eventos.find((event) => Date.parse(event.inicio) === data.expected[0]!.inicio)!;
    const expected = data.expected[0]!;
    expect(run.duracao_min).toBe(Math.round((expected.fim! - expected.inicio) / 6_000) / 10);
    expect(run.vazao_media_ml_min).toBeCloseTo(run.volume_ml / run.duracao_min!, 0);

    // Pictures from a minute before the start to five after the end belong to the event.
    const at = [expected.inicio - 2 * MIN, expected.inicio - 30_000, expected.fim! + 4 * MIN, expected.fim! + 6 * MIN];
    const ids = [];
    for (const time of at) ids.push(await insertFoto(portal(), owner.user.id, main.deviceId, time));
    const fotos = await api('GET', `getfotosdosagem?id=${run.id}`);
    expect(fotos.status).toBe(200);
    expect(fotos.body.fotos.map((foto: { id: number }) => foto.id)).toEqual([ids[1], ids[2]]);
    expect(fotos.body.fotos[0]).toMatchObject({ url: `img_cs/${ids[1]}`, mime: 'image/png', em: new Date(at[1]!).toISOString() });
    const again = (await list(data.day0, data.day0)).body.eventos.find((event) => event.id === run.id)!;
    expect(again.fotos).toBe(2);
    const detail = await api('POST', 'reldosagemdetalhe', { id: main.fumigador.id, iddosagens: run.id });
    expect(detail.status).toBe(200);
    expect(detail.body.dosagem).toEqual(again);
    const readings = data.rows.filter((row) => row.em >= expected.inicio - 2 * MIN && row.em <= expected.fim! + 2 * MIN);
    expect(detail.body.leituras.map((reading: { em: string }) => Date.parse(reading.em))).toEqual(readings.map((row) => row.em));
    expect(detail.body.leituras.filter((reading: { ligada: boolean }) => reading.ligada).every((reading: { vazao_ml_min: number }) => reading.vazao_ml_min === 120)).toBe(true);
  });

  it('charts the doser over the period: mean flow and day counter per step, a silence as a gap', async () => {
    const answer = await api('GET', `getfumigacaodetalhe?id=${main.fumigador.id}&di=${addDays(data.day0, 1)}&df=${addDays(data.day0, 1)}`);
    expect(answer.status).toBe(200);
    const [flow, volume] = answer.body.chartData.linhas;
    expect([flow.unidade, volume.unidade]).toEqual(['ml/min', 'ml']);
    expect(flow.dataset.length).toBeLessThanOrEqual(1500);
    // One day: one point per minute; the six silent hours are one null point.
    expect(flow.dataset.filter((point: { data_value: number | null }) => point.data_value === null)).toHaveLength(1);
    expect(Math.max(...flow.dataset.map((point: { data_value: number | null }) => point.data_value ?? 0))).toBe(100);
    const counter = volume.dataset.map((point: { data_value: number | null }) => point.data_value ?? 0);
    // The counter restarted at midnight: its highest that day is the generator's last value of the day.
    const day1 = data.rows.filter((row) => localDay(row.em) === addDays(data.day0, 1));
    expect(Math.max(...counter)).toBe(Math.max(...day1.map((row) => row.volume_dml)) / 10);
    expect(Math.max(...counter)).toBeCloseTo(2008.3 + 2400, 0);
  });

  it('records, annotates and deletes manual events; a device event takes notes only', async () => {
    const inicio = midnightOf(addDays(data.day0, 2), TZ) + 8 * HOUR + 20 * MIN;
    const created = await api<Dosagem>('POST', 'registerdosagem', {
      fumigador_id: main.fumigador.id,
      inicio: new Date(inicio).toISOString(),
      fim: new Date(inicio + 45 * MIN).toISOString(),
      volume_ml: 1500.5,
      operador: 'Maria',
      obs: 'Nebulização manual',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ origem: 'manual', duracao_min: 45, volume_ml: 1500.5, vazao_media_ml_min: 33.3, produto: 'Glutaraldeído', operador: 'Maria' });
    const day2 = await api<DosagemRelatorio>('POST', 'reldosagem', { id: main.fumigador.id, di: addDays(data.day0, 2), df: addDays(data.day0, 2) });
    expect(day2.body.dias[0]).toMatchObject({ eventos: 1, volume_ml: 1500.5, minutos: 45, previstas: 3, feitas: 1 });

    const moved = await api<Dosagem>('POST', 'registerdosagem', { id: created.body.id, fumigador_id: main.fumigador.id, fim: new Date(inicio + 60 * MIN).toISOString(), operador: 'Maria', produto: 'Amônia quaternária' });
    expect(moved.body).toMatchObject({ duracao_min: 60, produto: 'Amônia quaternária', obs: '' });

    const device = (await api<FumigacaoLista>('GET', `getfumigacao?id=${main.fumigador.id}&di=${data.day0}&df=${data.day0}`)).body.eventos[1]!;
    const annotated = await api<Dosagem>('POST', 'registerdosagem', { id: device.id, fumigador_id: main.fumigador.id, operador: 'João', obs: 'Conferido' });
    expect(annotated.body).toMatchObject({ ...device, operador: 'João', obs: 'Conferido', updated_at: annotated.body.updated_at });
    const retimed = await api('POST', 'registerdosagem', { id: device.id, fumigador_id: main.fumigador.id, inicio: new Date(inicio).toISOString() });
    expect(retimed.status).toBe(409);
    expect(retimed.body.code).toBe('DOSAGEM_FROM_DEVICE');
    expect((await api('POST', 'deldosagem', { iddosagem: device.id })).body.code).toBe('DOSAGEM_FROM_DEVICE');
    // A new sync keeps the notes.
    await syncDosagens(main.deviceId, data.base);
    expect((await api('POST', 'reldosagemdetalhe', { id: main.fumigador.id, iddosagens: device.id })).body.dosagem).toMatchObject({ operador: 'João', obs: 'Conferido' });

    expect((await api('POST', 'deldosagem', { iddosagem: created.body.id })).body).toEqual({ ok: true, id: created.body.id });
    expect((await api('POST', 'reldosagemdetalhe', { id: main.fumigador.id, iddosagens: created.body.id })).status).toBe(404);
  });

  it('refuses bad input with a message and a field, and stores nothing', async () => {
    const count = async () => Number((await portal().database.db.selectFrom('dosagens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const id = main.fumigador.id;
    const at = '2025-05-01T10:00:00Z';
    const manual = { fumigador_id: id, inicio: at, fim: '2025-05-01T10:30:00Z', volume_ml: 10 };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['registerdosagem', { fumigador_id: id, fim: at, volume_ml: 1 }, 'inicio', 'FIELD_REQUIRED'],
      ['registerdosagem', { fumigador_id: id, inicio: at, volume_ml: 1 }, 'fim', 'FIELD_REQUIRED'],
      ['registerdosagem', { fumigador_id: id, inicio: at, fim: at }, 'volume_ml', 'FIELD_REQUIRED'],
      ['registerdosagem', { ...manual, fim: '2025-05-01T09:00:00Z' }, 'fim', 'DATE_RANGE_INVALID'],
      ['registerdosagem', { ...manual, fim: '2025-05-02T10:01:00Z' }, 'fim', 'FIELD_OUT_OF_RANGE'],
      ['registerdosagem', { ...manual, inicio: '01/05/2025 10:00' }, 'inicio', 'FIELD_INVALID'],
      ['registerdosagem', { ...manual, inicio: '1999-12-31T23:00:00Z' }, 'inicio', 'FIELD_OUT_OF_RANGE'],
      ['registerdosagem', { ...manual, volume_ml: -1 }, 'volume_ml', 'FIELD_OUT_OF_RANGE'],
      ['registerdosagem', { ...manual, volume_ml: 1.25 }, 'volume_ml', 'FIELD_INVALID'],
      ['registerdosagem', { ...manual, operador: 'x'.repeat(81) }, 'operador', 'FIELD_TOO_LONG'],
      ['registerdosagem', { ...manual, obs: 'a\u0000b' }, 'obs', 'FIELD_INVALID_CHARACTERS'],
      ['registerdosagem', { ...manual, fumigador_id: 'um' }, 'fumigador_id', 'FIELD_INVALID'],
      ['reldosagem', { id, di: '2025-05-02', df: '2025-05-01' }, 'df', 'DATE_RANGE_INVALID'],
      ['reldosagem', { id, di: '2022-01-01', df: '2025-05-01' }, 'df', 'FIELD_OUT_OF_RANGE'],
      ['reldosagem', { id, di: '2025-02-30', df: '2025-05-01' }, 'di', 'FIELD_INVALID'],
      ['reldosagemdetalhe', { id }, 'iddosagens', 'FIELD_INVALID'],
      ['deldosagem', { iddosagem: 0 }, 'iddosagem', 'FIELD_OUT_OF_RANGE'],
    ];
    for (const [call, body, field, code] of cases) {
      const answer = await api('POST', call, body);
      expect(answer.status, `${call} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof answer.body.message).toBe('string');
      expect(answer.body.errors[0], `${call} ${JSON.stringify(body)}`).toMatchObject({ field, code });
    }
    for (const query of [`id=x&di=2025-05-01&df=2025-05-01`, `id=${id}&di=2025-05-01`, `id=${id}&di=2025-05-01&df=2025-04-01`]) {
      for (const call of ['getfumigacao', 'getfumigacaodetalhe']) expect((await api('GET', `${call}?${query}`)).status, `${call}?${query}`).toBe(400);
    }
    expect((await api('GET', 'getfotosdosagem?id=-1')).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("refuses another owner's fumigators and events (404) and a read grant writing (403)", async () => {
    const own = await doser(stranger, await createNucleo(portal(), stranger));
    const event = (await api<FumigacaoLista>('GET', `getfumigacao?id=${main.fumigador.id}&di=${data.day0}&df=${data.today}`)).body.eventos[0]!;
    const period = `di=${data.day0}&df=${data.today}`;
    const attempts: Array<[string, 'GET' | 'POST', string, Record<string, unknown>?]> = [
      ['reldosagem', 'POST', 'reldosagem', { id: main.fumigador.id, di: data.day0, df: data.today }],
      ['reldosagemdetalhe', 'POST', 'reldosagemdetalhe', { id: main.fumigador.id, iddosagens: event.id }],
      ['reldosagemdetalhe (own fumigator, their event)', 'POST', 'reldosagemdetalhe', { id: own.fumigador.id, iddosagens: event.id }],
      ['getfumigacao', 'GET', `getfumigacao?id=${main.fumigador.id}&${period}`],
      ['getfumigacaodetalhe', 'GET', `getfumigacaodetalhe?id=${main.fumigador.id}&${period}`],
      ['getfotosdosagem', 'GET', `getfotosdosagem?id=${event.id}`],
      ['registerdosagem (their fumigator)', 'POST', 'registerdosagem', { fumigador_id: main.fumigador.id, inicio: '2025-05-01T10:00:00Z', fim: '2025-05-01T10:10:00Z', volume_ml: 1 }],
      ['registerdosagem (own fumigator, their event)', 'POST', 'registerdosagem', { id: event.id, fumigador_id: own.fumigador.id, operador: 'X' }],
      ['deldosagem', 'POST', 'deldosagem', { iddosagem: event.id }],
      ['reldosagem acting for them', 'POST', 'reldosagem', { id: main.fumigador.id, di: data.day0, df: data.today, prop: owner.user.id }],
    ];
    for (const [label, method, path, body] of attempts) expect((await api(method, path, body, stranger)).status, label).toBe(404);

    const prop = owner.user.id;
    expect((await api('POST', 'reldosagem', { id: main.fumigador.id, di: data.day0, df: data.today, prop }, reader)).status).toBe(200);
    const write = await api('POST', 'registerdosagem', { id: event.id, fumigador_id: main.fumigador.id, operador: 'X', prop }, reader);
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');
    expect((await api('POST', 'deldosagem', { iddosagem: event.id, prop }, reader)).status).toBe(403);
    expect((await api('POST', 'reldosagemdetalhe', { id: main.fumigador.id, iddosagens: event.id })).body.dosagem.operador).toBe(event.operador);
  });
});

