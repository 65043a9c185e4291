import { daysBetween, localDayRange, MODEL_MESSAGES, PERIOD_MAX_DAYS, SERIE_DEVICE_MESSAGE, timezoneOffsetMs, type ChartDataResponse, type ChartLinha, type DeviceModel, type getGraphDataBody, type SerieFonte, localDate } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { DevicesService } from '../devices/index.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { SiloReadingsService } from '../silos/index.js';
import type { StandardsService } from '../standards/index.js';
import type { WeighingsService } from '../weighings/index.js';
import type { GraficosRepository, LinhaRow } from './graficos.repository.js';
import type { GraphDataRepository } from './graphdata.repository.js';
import { daysOf, deviceSeries, flockSeries, siloMovementSeries, siloScaleSeries, standardSeries, type FlockStat } from './graphdata.js';

type GraphDataBody = z.output<typeof getGraphDataBody>;

/** The unit of each source's values, for the chart's axes. */
export const SERIE_UNIDADE: Record<SerieFonte, string> = {
  peso_medio: 'g',
  uniformidade: '%',
  cv: '%',
  padrao: 'g',
  saldo_silo: 'kg',
  consumo_racao: 'kg',
  leitura_silo: 'kg',
  rotacao_calha: 'rpm',
  dose_volume: 'ml',
};

const FLOCK_STATS: readonly string[] = ['peso_medio', 'uniformidade', 'cv'] satisfies FlockStat[];
const DAY_MS = 86_400_000;

/** The day `days` before `day`. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range a chart draws: the body's di/df, else its period — the last 7, 30 or 365 days up to
 * today in the owner's timezone (as the screens' quick ranges), or its fixed dates (the last
 * PERIOD_MAX_DAYS of them when longer).
 */
export function chartRange(chart: { periodo: string; data_inicio: string | null; data_fim: string | null }, body: { di?: string; df?: string }, today: string): { di: string; df: string } {
  if (body.di !== undefined && body.df !== undefined) return { di: body.di, df: body.df };
  if (chart.periodo === 'personalizado' && chart.data_inicio && chart.data_fim) {
    const di = daysBetween(chart.data_inicio, chart.data_fim) > PERIOD_MAX_DAYS ? daysBefore(chart.data_fim, PERIOD_MAX_DAYS) : chart.data_inicio;
    return { di, df: chart.data_fim };
  }
  const days = Number(chart.periodo);
  return { di: daysBefore(today, Number.isInteger(days) ? days : 30), df: today };
}

/**
 * getgraphdata: a chart's series per local day (docs/charts.md). Every record a series names is
 * read within the chart's owner; one that is not theirs answers 404, as the chart itself would.
 */
export function graphDataService(deps: {
  graficos: GraficosRepository;
  data: GraphDataRepository;
  flocks: Pick<FlocksService, 'placementOf'>;
  standards: Pick<StandardsService, 'curveOf'>;
  weighings: Pick<WeighingsService, 'flockSeries'>;
  siloReadings: Pick<SiloReadingsService, 'scaleReadings'>;
  devices: Pick<DevicesService, 'modelOf'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}) {
  const { graficos, data, flocks, standards, weighings, siloReadings, devices, accounts, clock } = deps;

  const required = <T>(row: T | undefined): T => {
    if (row === undefined) throw new AppError('NOT_FOUND');
    return row;
  };

  async function linhaData(ownerId: number, linha: LinhaRow, flockOfChart: number | null, range: { di: string; df: string }, timezone: number): Promise<ChartLinha> {
    const fonte = linha.fonte as SerieFonte;
    const days = daysOf(range.di, range.df);
    const base = { tit: linha.tit, unidade: SERIE_UNIDADE[fonte] ?? '' };
    const empty = () => ({ ...base, dataset: days.map((day) => ({ data: day, data_value: null })) });

    if (FLOCK_STATS.includes(fonte)) {
      if (linha.lote_id === null) return empty();
      const lote = required(await flocks.placementOf(ownerId, linha.lote_id));
      return { ...base, dataset: flockSeries(fonte as FlockStat, await weighings.flockSeries(ownerId, lote.id, range.di, range.df), days) };
    }
    if (fonte === 'padrao') {
      const padraoId = linha.padrao_id;
      if (padraoId === null) return empty();
      const curve = required(await standards.curveOf(ownerId, padraoId));
      // The flock whose age places the standard: the series' own, else the chart's first flock.
      const loteId = linha.lote_id ?? flockOfChart;
      const lote = loteId === null ? undefined : required(await flocks.placementOf(ownerId, loteId));
      return { ...base, dataset: standardSeries(curve, lote?.data_alojamento ?? null, days) };
    }
    if (fonte === 'saldo_silo' || fonte === 'consumo_racao') {
      if (linha.silo_id === null) return empty();
      const silo = required(await data.silo(ownerId, linha.silo_id));
      if (silo.device_id === null) return { ...base, dataset: siloMovementSeries(fonte, silo.id, await data.siloMovements(silo.id, range.df), days) };
      // A day before and after: the levels at the range's midnights need readings either side.
      const { from, to } = localDayRange(range.di, range.df, timezone);
      const samples = await siloReadings.scaleReadings(ownerId, silo.device_id, from - DAY_MS, to + DAY_MS);
      return { ...base, dataset: siloScaleSeries(fonte, samples, range, timezone, silo.capacidade_hg / 10) };
    }
    if (fonte === 'leitura_silo' || fonte === 'rotacao_calha' || fonte === 'dose_volume') {
      if (linha.device_id === null) return empty();
      const modelo = required(await devices.modelOf(ownerId, linha.device_id));
      // A device of another kind (its model changed since) has none of these readings.
      if (!MODEL_MESSAGES[modelo as DeviceModel]?.includes(SERIE_DEVICE_MESSAGE[fonte])) return empty();
      const { from, to } = localDayRange(range.di, range.df, timezone);
      const source =
        fonte === 'leitura_silo'
          ? ({ table: 'silo_leituras', column: 'peso_hg' } as const)
          : fonte === 'rotacao_calha'
            ? ({ table: 'calha_leituras', column: 'rpm_dec', onlyOn: true } as const)
            : ({ table: 'dose_leituras', column: 'volume_dml' } as const);
      const aggregates = await data.deviceDays(ownerId, linha.device_id, source, from, to, timezoneOffsetMs(timezone));
      return { ...base, dataset: deviceSeries(fonte === 'dose_volume' ? 'max' : 'mean', aggregates, days) };
    }
    return empty();
  }

  return {
    async graphData(scope: OwnerScope, body: GraphDataBody): Promise<ChartDataResponse> {
      // Charts belong to the whole account (see chartsService): a farm-limited grant sees none.
      const chart = scope.nucleos === null ? await graficos.find(scope.ownerId, body.id) : undefined;
      if (!chart) throw new AppError('NOT_FOUND');
      const timezone = await accounts.timezoneOf(scope.ownerId);
      const range = chartRange(chart, body, localDate(clock(), timezone));
      const flockOfChart = chart.linhas.find((linha) => FLOCK_STATS.includes(linha.fonte) && linha.lote_id !== null)?.lote_id ?? null;
      const linhas: ChartLinha[] = [];
      for (const linha of chart.linhas) linhas.push(await linhaData(scope.ownerId, linha, flockOfChart, range, timezone));
      return { titulo: chart.titulo, di: range.di, df: range.df, chartData: { linhas } };
    },
  };
}
export type GraphDataService = ReturnType<typeof graphDataService>;
