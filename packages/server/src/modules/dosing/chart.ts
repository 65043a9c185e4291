import { timezoneOffsetMs, type ChartDataResponse, type DataPoint } from '@portal/shared';
import type { DosagensRepository } from './dosagens.repository.js';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
/** Chart steps, from the stored period up: the first giving at most MAX_POINTS points is used. */
const STEPS_MS = [30 * SECOND_MS, MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS, 10 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS, HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS, 24 * HOUR_MS];
export const MAX_POINTS = 1_500;

/** The step a span of `spanMs` is drawn with. */
export function chartStep(spanMs: number): number {
  return STEPS_MS.find((step) => spanMs / step <= MAX_POINTS) ?? STEPS_MS[STEPS_MS.length - 1]!;
}

/** Line titles (Portuguese, as the spec's charts; the web shows its own by position) and units. */
export const DOSE_CHART_LINES = [
  { tit: 'Vazão média', unidade: 'ml/min' },
  { tit: 'Volume do dia', unidade: 'ml' },
] as const;

interface DoseChartInput {
  dosagens: DosagensRepository;
  deviceId: number | null;
  titulo: string;
  di: string;
  df: string;
  from: number;
  to: number;
  timezone: number;
}

/**
 * The doser's readings of the period as spec section 3's chart: the mean flow (ml/min) and the
 * day counter's highest value (ml) per step, steps counted from local midnight. A step without
 * readings after one with readings is a null point, so the chart shows the silence as a gap.
 */
export async function doseChart(input: DoseChartInput): Promise<ChartDataResponse> {
  const offset = timezoneOffsetMs(input.timezone);
  // A period partly read from summaries is drawn in steps of a minute or an hour at least.
  const read =
    input.deviceId === null || input.to <= input.from
      ? { stepMs: chartStep(0), steps: [] }
      : await input.dosagens.readingSteps(input.deviceId, input.from, input.to, chartStep(input.to - input.from), offset);
  const { stepMs: step, steps } = read;
  const vazao: DataPoint[] = [];
  const volume: DataPoint[] = [];
  let previous: number | null = null;
  const at = (index: number) => new Date(index * step - offset).toISOString();
  for (const row of steps) {
    if (previous !== null && row.step - previous > 1) {
      vazao.push({ data: at(previous + 1), data_value: null });
      volume.push({ data: at(previous + 1), data_value: null });
    }
    // Tenths averaged, then one rounding to 1 decimal.
    vazao.push({ data: at(row.step), data_value: Math.round(row.vazao_sum / row.readings) / 10 });
    volume.push({ data: at(row.step), data_value: row.volume_max / 10 });
    previous = row.step;
  }
  const [flowLine, volumeLine] = DOSE_CHART_LINES;
  return {
    titulo: input.titulo,
    di: input.di,
    df: input.df,
    chartData: { linhas: [{ ...flowLine, dataset: vazao }, { ...volumeLine, dataset: volume }] },
  };
}
