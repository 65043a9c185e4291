import { CALHA_MAX_POINTS, DEFAULT_TIMEZONE, timezoneOffsetMs, TROUGH_MODELS, type calhaGraphQuery, type CalhaGraphResponse, type CalhaMonitor } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { localDate } from '../flocks/service.js';
import { inReach, type OwnerScope } from '../permissions/scope.js';
import { CALHA_PERIOD_MS, troughAnalyzer, type DayRange } from './analysis.js';
import type { TroughsRepository } from './troughs.repository.js';

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

/** Feeder troughs (screen calhas): the monitors for the pickers and one trough's series. */
export function troughsService(deps: { troughs: TroughsRepository; clock: () => number }) {
  const { troughs, clock } = deps;

  return {
    /** The trough monitors in reach, by serial, with the trough numbers they sent. */
    async monitors(scope: OwnerScope): Promise<CalhaMonitor[]> {
      const rows = await troughs.listOfModels(scope.ownerId, scope.nucleos, TROUGH_MODELS);
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

    /** One trough's readings over the days asked (default: the owner's today), with gaps, stoppages and days. */
    async graph(scope: OwnerScope, query: z.output<typeof calhaGraphQuery>): Promise<CalhaGraphResponse> {
      const device = inReach(scope, await troughs.findDevice(scope.ownerId, query.id));
      if (!isTroughModel(device.modelo)) throw AppError.field('id', 'DEVICE_MODEL_NOT_ALLOWED');
      const timezone = (await troughs.ownerTimezone(scope.ownerId)) ?? DEFAULT_TIMEZONE;
      const today = localDate(clock(), timezone);
      const di = query.di ?? today;
      const df = query.df ?? today;
      const days = dayRanges(di, df, timezone);
      const from = days[0]!.from;
      const to = days.at(-1)!.to;
      const passoMin = stepMinutes(to - from);
      const analyzer = troughAnalyzer({ from, passoMs: passoMin * CALHA_PERIOD_MS, days });
      let after: number | null = null;
      for (;;) {
        const page = await troughs.readings(scope.ownerId, device.id, query.idcalha, { from, to, after }, PAGE_ROWS);
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
