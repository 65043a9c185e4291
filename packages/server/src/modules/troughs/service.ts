import { CALHA_MAX_POINTS, timezoneOffsetMs, TROUGH_MODELS, type calhaGraphQuery, type CalhaGraphResponse, type CalhaMonitor, type MsgCalha, localDate } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { DevicesService } from '../devices/index.js';
import type { OwnerScope } from '../permissions/index.js';
import { CALHA_PERIOD_MS, rowOfMinute, troughAnalyzer, type DayRange } from './analysis.js';
import type { NewCalhaReading, TroughsRepository } from './troughs.repository.js';

const DAY_MS = 86_400_000;
/** Rows read per query: a month of one trough, so a long period is read in pages. */
const PAGE_ROWS = 50_000;

/** Code-unit order, the same on both databases whatever PostgreSQL's collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const isTroughModel = (modelo: string) => (TROUGH_MODELS as readonly string[]).includes(modelo);

/** The local days di..df as epoch ranges: local midnight is UTC midnight moved back by the offset. */
export function dayRanges(di: string, df: string, timezone: number): DayRange[] {
  const offset = timezoneOffsetMs(timezone);
  const days: DayRange[] = [];
  for (let at = Date.parse(`${di}T00:00:00Z`); at <= Date.parse(`${df}T00:00:00Z`); at += DAY_MS) {
    days.push({ data: new Date(at).toISOString().slice(0, 10), from: at - offset, to: at - offset + DAY_MS });
  }
  return days;
}

/** Minutes per chart point: 1, or the fewest whole minutes that keep the period within CALHA_MAX_POINTS. */
export const stepMinutes = (spanMs: number) => Math.max(1, Math.ceil(spanMs / CALHA_PERIOD_MS / CALHA_MAX_POINTS));
/** Where hour summaries are read, a point is whole hours. */
const HOUR_MINUTES = 60;

/** Feeder troughs (screen calhas): the monitors for the pickers and one trough's series. */
export function troughsService(deps: {
  troughs: TroughsRepository;
  devices: Pick<DevicesService, 'list' | 'get'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}) {
  const { troughs, devices, accounts, clock } = deps;

  return {
    /** The trough monitors in reach, by serial, with the trough numbers they sent. */
    async monitors(scope: OwnerScope): Promise<CalhaMonitor[]> {
      const rows = (await devices.list(scope)).filter((device) => isTroughModel(device.modelo));
      const numbers = await troughs.troughNumbers(scope.ownerId, rows.map((row) => row.id));
      return rows
        .sort((a, b) => byText(a.serie, b.serie) || a.id - b.id)
        .map((row) => ({
          id: row.id,
          modelo: row.modelo as CalhaMonitor['modelo'],
          serie: row.serie,
          nome: row.nome,
          nucleo_nome: row.nucleo_nome,
          aviario_nome: row.aviario_nome,
          calhas: numbers.filter((item) => item.device_id === row.id).map((item) => item.idcalha).sort((a, b) => a - b),
        }));
    },

    /**
     * Troughs of these monitors stopped with the motor on at their latest reading since `from`:
     * since when (the first stopped reading of that run within the range) and the latest reading
     * (alarms: calha_parada).
     */
    stoppedRuns: (ownerId: number, deviceIds: readonly number[], from: number) => troughs.stoppedRuns(ownerId, deviceIds, from),

    /** calha_leituras as the readings ingestion (modules/readings) fills it: one row per trough and minute, rpm in tenths. */
    series: {
      table: 'calha_leituras',
      periodMs: CALHA_PERIOD_MS,
      rowOf: (ownerId: number, deviceId: number, reading: MsgCalha, em: number, bucket: number): NewCalhaReading => ({
        owner_id: ownerId,
        device_id: deviceId,
        em,
        bucket,
        idcalha: reading.idcalha,
        rpm_dec: Math.round(reading.rpm * 10),
        voltas: reading.voltas,
        ligada: reading.ligada ? 1 : 0,
        // Absent when the monitor has no feed sensor.
        presenca: typeof reading.presenca === 'boolean' ? (reading.presenca ? 1 : 0) : null,
      }),
      insert: (rows: readonly NewCalhaReading[]): Promise<void> => troughs.insertReadings(rows),
      anyOfOwner: (ownerId: number): Promise<boolean> => troughs.anyReadingOf(ownerId),
      maintenance: troughs.maintenance,
    } as const,

    /** One trough's readings over the days asked (default: the owner's today), with gaps, stoppages and days. */
    async graph(scope: OwnerScope, query: z.output<typeof calhaGraphQuery>): Promise<CalhaGraphResponse> {
      const device = await devices.get(scope, query.id);
      if (!isTroughModel(device.modelo)) throw AppError.field('id', 'DEVICE_MODEL_NOT_ALLOWED');
      const timezone = await accounts.timezoneOf(scope.ownerId);
      const today = localDate(clock(), timezone);
      const di = query.di ?? today;
      const df = query.df ?? today;
      const days = dayRanges(di, df, timezone);
      const from = days[0]!.from;
      const to = days.at(-1)!.to;
      // Raw rows where kept, else minutes, else hours (db/rollup-reads.ts), oldest first.
      const levels = await troughs.levels(device.id, query.idcalha, from, to);
      const passoMin = levels.hora ? Math.ceil(stepMinutes(to - from) / HOUR_MINUTES) * HOUR_MINUTES : stepMinutes(to - from);
      const analyzer = troughAnalyzer({ from, passoMs: passoMin * CALHA_PERIOD_MS, days });
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (!range) continue;
        for (const summary of await troughs.summaries(level, scope.ownerId, device.id, query.idcalha, range)) {
          const row = level === 'min' ? rowOfMinute(summary) : null;
          if (row) analyzer.add(row);
          else analyzer.addSummary(summary);
        }
      }
      let after: number | null = null;
      while (levels.raw) {
        const page = await troughs.readings(scope.ownerId, device.id, query.idcalha, { ...levels.raw, after }, PAGE_ROWS);
        for (const row of page) analyzer.add(row);
        if (page.length < PAGE_ROWS) break;
        after = page.at(-1)!.em;
      }
      return {
        iddevice: device.id,
        modelo: device.modelo as CalhaGraphResponse['modelo'],
        serie: device.serie,
        nome: device.nome,
        idcalha: query.idcalha,
        di,
        df,
        timezone,
        passo_min: passoMin,
        ...analyzer.finish(),
      };
    },
  };
}
export type TroughsService = ReturnType<typeof troughsService>;
