import { expect, it } from 'vitest';
import { ensurePartitionsFor } from '../../db/dialect.js';
import { seededRandom } from '../../demo/weighings.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';
import { testServices } from '../../test/services.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

type Row = Record<string, number | null> & { em: number; device_id: number };
type Measures = Record<string, (rows: Row[]) => number | null>;

const total = (column: string) => (rows: Row[]) => rows.reduce((sum, row) => sum + (row[column] ?? 0), 0);
const lowest = (column: string) => (rows: Row[]) => Math.min(...rows.map((row) => row[column]!));
const highest = (column: string) => (rows: Row[]) => Math.max(...rows.map((row) => row[column]!));
const at = (column: string, pick: 'first' | 'last') => (rows: Row[]) => (pick === 'first' ? rows[0]! : rows.at(-1)!)[column]!;

/**
 * The summaries of raw rows, computed here on their own (not from minutes, not in SQL): per
 * series and bucket of `width`, the count, the first and last readings, the first of the second
 * half when asked (`middle`: its time and `middleOf` its value), and each measure.
 */
function expectedSummaries(rows: readonly Row[], series: string[], width: number, measures: Measures, middleOf?: string) {
  const groups = new Map<string, Row[]>();
  for (const row of [...rows].sort((a, b) => a.em - b.em)) {
    const key = [...series.map((column) => row[column]), Math.floor(row.em / width) * width].join(':');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()]
    .map((group) => {
      const inicio = Math.floor(group[0]!.em / width) * width;
      const middle = group.find((row) => row.em >= inicio + width / 2);
      return {
        ...Object.fromEntries(series.map((column) => [column, group[0]![column]])),
        inicio,
        n: group.length,
        primeiro_em: group[0]!.em,
        ultimo_em: group.at(-1)!.em,
        ...(middleOf ? { meio_em: middle?.em ?? null, peso_meio: middle ? middle[middleOf] : null } : {}),
        ...Object.fromEntries(Object.entries(measures).map(([name, measure]) => [name, measure(group)])),
      };
    })
    .sort((a, b) => series.reduce((order, column) => order || (a as unknown as Row)[column]! - (b as unknown as Row)[column]!, 0) || a.inicio - b.inicio);
}

const SUMMED: Record<'silo_leituras' | 'calha_leituras' | 'dose_leituras' | 'coletas', { series: string[]; measures: Measures; middleOf?: string }> = {
  silo_leituras: {
    series: ['device_id'],
    middleOf: 'peso_hg',
    measures: { peso_soma: total('peso_hg'), peso_min: lowest('peso_hg'), peso_max: highest('peso_hg'), peso_primeiro: at('peso_hg', 'first'), peso_ultimo: at('peso_hg', 'last') },
  },
  calha_leituras: {
    series: ['device_id', 'idcalha'],
    measures: {
      ligada_n: total('ligada'),
      rpm_soma: total('rpm_dec'),
      rpm_soma_ligada: (rows) => rows.reduce((sum, row) => sum + (row.ligada === 1 ? row.rpm_dec! : 0), 0),
      rpm_max_ligada: (rows) => (rows.some((row) => row.ligada === 1) ? Math.max(...rows.filter((row) => row.ligada === 1).map((row) => row.rpm_dec!)) : null),
      voltas_max: highest('voltas'),
      voltas_ultimo: at('voltas', 'last'),
      presenca_n: (rows) => rows.filter((row) => row.presenca !== null).length,
      presenca_soma: total('presenca'),
    },
  },
  dose_leituras: {
    series: ['device_id'],
    measures: {
      volume_soma: total('volume_dml'),
      volume_max: highest('volume_dml'),
      vazao_soma: total('vazao_dml_min'),
      ligada_n: total('ligada'),
      volume_ultimo: at('volume_dml', 'last'),
      vazao_ultimo: at('vazao_dml_min', 'last'),
      ligada_ultimo: at('ligada', 'last'),
    },
  },
  coletas: { series: ['device_id'], measures: { machos: total('machos'), femeas: total('femeas'), peso_total_dg: total('peso_total_dg') } },
};

/**
 * Raw rows of three hours and a bit for one device of each kind (and two troughs), several readings
 * a minute at odd seconds (bucket = em, as a test may write them), so minutes sum several rows,
 * some minutes and a whole hour have none, and a trough has no feed sensor.
 */
async function writeRaw(portal: TestPortal, account: TestAccount, start: number, seed: number) {
  const random = seededRandom(seed);
  const ids = {
    silo: (await insertDevice(portal, account, 'BSILO')).id,
    calha: (await insertDevice(portal, account, 'MCALHA')).id,
    dose: (await insertDevice(portal, account, 'DOSADOR')).id,
    coleta: (await insertDevice(portal, account, 'COLETOR')).id,
  };
  const times = (everyMs: number) => {
    const list: number[] = [];
    for (let em = start + 1_234; em < start + 3 * HOUR + 17 * MINUTE; em += everyMs + Math.floor(random() * everyMs)) {
      // The second hour's first 20 minutes are silent, and the whole third hour but its last minutes.
      if ((em >= start + HOUR && em < start + HOUR + 20 * MINUTE) || (em >= start + 2 * HOUR && em < start + 3 * HOUR - 3 * MINUTE)) continue;
      list.push(em);
    }
    return list;
  };
  const base = (deviceId: number, em: number) => ({ owner_id: account.user.id, device_id: deviceId, em, bucket: em });
  const rows = {
    silo_leituras: times(20_000).map((em) => ({ ...base(ids.silo, em), peso_hg: 50_000 + Math.floor(random() * 900) })),
    calha_leituras: [1, 2].flatMap((idcalha) =>
      times(25_000).map((em) => {
        const ligada = random() < 0.6 ? 1 : 0;
        return { ...base(ids.calha, em), idcalha, rpm_dec: ligada ? Math.floor(random() * 300) : 0, voltas: Math.floor(random() * 5_000), ligada, presenca: idcalha === 2 ? null : random() < 0.8 ? 1 : 0 };
      }),
    ),
    dose_leituras: times(30_000).map((em) => ({ ...base(ids.dose, em), volume_dml: Math.floor(random() * 9_000), vazao_dml_min: Math.floor(random() * 1_500), ligada: random() < 0.5 ? 1 : 0 })),
    coletas: times(40_000).map((em) => {
      const machos = Math.floor(random() * 21);
      return { ...base(ids.coleta, em), machos, femeas: 20 - machos, peso_total_dg: 20 * (350 + Math.floor(random() * 40_000)) };
    }),
  };
  for (const [table, list] of Object.entries(rows) as [keyof typeof rows, Array<Record<string, number | null>>][]) {
    await ensurePartitionsFor(portal.database, table, list.map((row) => row.em as number));
    for (let offset = 0; offset < list.length; offset += 500) await portal.database.db.insertInto(table).values(list.slice(offset, offset + 500) as never).execute();
  }
  return { ids, rows };
}

describeEachDialect('per-minute and per-hour summaries of device readings', (portal) => {
  const summaries = async (table: string, deviceId: number) => {
    const rows = (await portal()
      .database.db.selectFrom(table as 'silo_leituras_min')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('inicio')
      .execute()) as unknown as Record<string, unknown>[];
    // Only the columns this kind has; numbers as numbers on both databases.
    return rows
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'owner_id').map(([column, value]) => [column, value === null ? null : Number(value)])))
      .sort((a, b) => ((a.idcalha as number) ?? 0) - ((b.idcalha as number) ?? 0) || (a.inicio as number) - (b.inicio as number));
  };

  it('sum each minute and hour exactly as the raw rows say, the same however often and on how many instances', async () => {
    const account = await createAccount(portal());
    const start = Date.parse('2026-06-01T09:00:00Z');
    const { ids, rows } = await writeRaw(portal(), account, start, 7);
    const deviceOf = { silo_leituras: ids.silo, calha_leituras: ids.calha, dose_leituras: ids.dose, coletas: ids.coleta };
    const end = start + 4 * HOUR;

    // Two instances at once, then once more: the upserts by (series, start) write the same rows.
    await Promise.all([testServices(portal()).readings.summariseRange(start, end), testServices(portal()).readings.summariseRange(start, end)]);
    await testServices(portal()).readings.summariseRange(start, end);

    for (const [table, spec] of Object.entries(SUMMED) as [keyof typeof SUMMED, (typeof SUMMED)[keyof typeof SUMMED]][]) {
      const raw = rows[table] as unknown as Row[];
      const clean = (list: Record<string, unknown>[]) => list.map(({ owner_id: _owner, em: _em, bucket: _bucket, ...rest }) => rest);
      for (const [level, width] of [['min', MINUTE], ['hora', HOUR]] as const) {
        const expected = expectedSummaries(raw, spec.series, width, spec.measures, spec.middleOf);
        const stored = await summaries(`${table}_${level}`, deviceOf[table]);
        expect(stored.length, `${table}_${level}`).toBe(expected.length);
        expect(stored, `${table}_${level}`).toEqual(clean(expected as Record<string, unknown>[]));
      }
    }
    // Minutes with several readings, minutes and an hour with none: what the rows were built for.
    const siloMinutes = await summaries('silo_leituras_min', ids.silo);
    expect(siloMinutes.some((row) => (row.n as number) > 1)).toBe(true);
    expect((await summaries('silo_leituras_hora', ids.silo)).map((row) => (row.inicio as number) - start)).toEqual([0, HOUR, 2 * HOUR, 3 * HOUR]);
  });

  it('sum the readings the periodic job finds since its last run, and only closed minutes', async () => {
    const account = await createAccount(portal());
    const device = await insertDevice(portal(), account, 'DOSADOR');
    const services = testServices(portal());
    // Far in the past (before any other test's rows) would make the job start there: a time after them all.
    const start = Date.parse('2031-01-01T00:00:00Z');
    const write = async (from: number, count: number) => {
      const list = Array.from({ length: count }, (_unused, index) => ({ owner_id: account.user.id, device_id: device.id, em: from + index * 30_000, bucket: from + index * 30_000, volume_dml: index, vazao_dml_min: 10, ligada: 1 }));
      await ensurePartitionsFor(portal().database, 'dose_leituras', list.map((row) => row.em));
      await portal().database.db.insertInto('dose_leituras').values(list).execute();
    };
    await write(start, 10);
    await services.readingsJobs.rollUp(start + 4 * MINUTE);
    // Closed minutes only: 00:00 to 00:02 (the 00:03 minute ends within SETTLE_MS of "now"), nothing of the open hour.
    expect((await summaries('dose_leituras_min', device.id)).map((row) => [(row.inicio as number) - start, row.n])).toEqual([
      [0, 2],
      [MINUTE, 2],
      [2 * MINUTE, 2],
    ]);
    expect(await summaries('dose_leituras_hora', device.id)).toEqual([]);
    // A reading of a minute already summed (written late, within the look-back) is counted at the next run.
    await write(start + 20_000, 1);
    await write(start + 2 * HOUR, 4);
    await services.readingsJobs.rollUp(start + 2 * HOUR + 10 * MINUTE);
    const minutes = await summaries('dose_leituras_min', device.id);
    expect(minutes.map((row) => [(row.inicio as number) - start, row.n])).toEqual([
      [0, 3],
      [MINUTE, 2],
      [2 * MINUTE, 2],
      [3 * MINUTE, 2],
      [4 * MINUTE, 2],
      [2 * HOUR, 2],
      [2 * HOUR + MINUTE, 2],
    ]);
    expect((await summaries('dose_leituras_hora', device.id)).map((row) => [(row.inicio as number) - start, row.n])).toEqual([[0, 11]]);
  });
});
