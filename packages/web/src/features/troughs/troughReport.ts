import type { CalhaDia, CalhaGraphResponse, CalhaParada } from '@portal/shared';
import type { CsvCell } from '../../components/reports';

/* What the troughs screen shows of getgraph_calha, pure (tested without a browser). */

const HOUR_MS = 3_600_000;

/** An instant as the owner reads it: dd/mm/yyyy HH:MM in the report's timezone (hours from UTC). */
export function localDateTime(iso: string, timezone: number): string {
  const local = new Date(Date.parse(iso) + timezone * HOUR_MS).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

export type IntervalKind = 'lacuna' | CalhaParada['tipo'];

/** One line of the intervals table: a gap or a stoppage. */
export interface IntervalRow {
  kind: IntervalKind;
  inicio: string;
  fim: string;
  minutos: number;
}

/** Gaps and stoppages together, in time order (a gap before a stoppage starting at the same instant). */
export function intervalRows(graph: Pick<CalhaGraphResponse, 'lacunas' | 'paradas'>): IntervalRow[] {
  const rows: IntervalRow[] = [
    ...graph.lacunas.map((lacuna) => ({ kind: 'lacuna' as const, ...lacuna })),
    ...graph.paradas.map(({ tipo, ...parada }) => ({ kind: tipo, ...parada })),
  ];
  const rank = (kind: IntervalKind) => (kind === 'lacuna' ? 0 : 1);
  return rows.sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio) || rank(a.kind) - rank(b.kind));
}

/** Totals of the period: sums of the days with data; null when no day has any. */
export function periodTotals(dias: readonly CalhaDia[]) {
  const withData = dias.filter((dia) => dia.minutos_ligada !== null);
  const sum = (pick: (dia: CalhaDia) => number | null) => (withData.length === 0 ? null : withData.reduce((total, dia) => total + (pick(dia) ?? 0), 0));
  const sensed = withData.filter((dia) => dia.presenca_pct !== null);
  return {
    minutos_ligada: sum((dia) => dia.minutos_ligada),
    voltas: sum((dia) => dia.voltas),
    minutos_lacuna: sum((dia) => dia.minutos_lacuna) === null ? null : Math.round(sum((dia) => dia.minutos_lacuna)! * 10) / 10,
    paradas: sum((dia) => dia.paradas),
    // The days' percentages weigh alike: each day is a day of the flock's feeding.
    presenca_pct: sensed.length === 0 ? null : Math.round((sensed.reduce((total, dia) => total + dia.presenca_pct!, 0) / sensed.length) * 10) / 10,
  };
}

/** The CSV rows of the days: the date, then the values (empty cells for a day without data). */
export function dayCsvRows(dias: readonly CalhaDia[]): CsvCell[][] {
  return dias.map((dia) => [dia.data, dia.minutos_ligada, dia.voltas, dia.minutos_lacuna, dia.paradas, dia.presenca_pct]);
}

/** The CSV rows of the intervals: kind (translated), start and end in the owner's time, minutes. */
export function intervalCsvRows(rows: readonly IntervalRow[], timezone: number, kindText: (kind: IntervalKind) => string): CsvCell[][] {
  return rows.map((row) => [kindText(row.kind), localDateTime(row.inicio, timezone), localDateTime(row.fim, timezone), row.minutos]);
}

/** The file name of a download: calhas-<serial>-<trough>-<di>_<df>-<what>.csv, safe on every system. */
export function csvName(graph: Pick<CalhaGraphResponse, 'serie' | 'idcalha' | 'di' | 'df'>, what: string): string {
  const serie = graph.serie.replace(/[^A-Za-z0-9_-]+/g, '_');
  return `calhas-${serie}-${graph.idcalha}-${graph.di}_${graph.df}-${what}.csv`;
}

/**
 * The chart's lines, times moved into the owner's timezone (the chart draws in UTC): rpm and
 * presence (1/0, null without a sensor) per point, with a null point inside every gap so the
 * lines break there instead of bridging it.
 */
export function chartLines(graph: Pick<CalhaGraphResponse, 'pontos' | 'lacunas' | 'timezone'>) {
  const shift = graph.timezone * HOUR_MS;
  const breaks = graph.lacunas.map((lacuna) => (Date.parse(lacuna.inicio) + Date.parse(lacuna.fim)) / 2 + shift);
  const rpm: Array<[number, number | null]> = [];
  const presenca: Array<[number, number | null]> = [];
  let next = 0;
  for (const ponto of graph.pontos) {
    const at = Date.parse(ponto.em) + shift;
    while (next < breaks.length && breaks[next]! < at) {
      rpm.push([breaks[next]!, null]);
      presenca.push([breaks[next]!, null]);
      next++;
    }
    rpm.push([at, ponto.rpm]);
    presenca.push([at, ponto.presenca === null ? null : ponto.presenca ? 1 : 0]);
  }
  return { rpm, presenca };
}

/**
 * A gap's or stoppage's area on the chart, in the owner's time: at least `minimumMs` wide, so a
 * two-minute jam stays visible on a month's chart (the table gives its real length).
 */
export function chartArea(interval: { inicio: string; fim: string }, timezone: number, minimumMs: number): [number, number] {
  const start = Date.parse(interval.inicio) + timezone * HOUR_MS;
  const end = Date.parse(interval.fim) + timezone * HOUR_MS;
  const missing = Math.max(0, minimumMs - (end - start));
  return [start - missing / 2, end + missing / 2];
}

/**
 * The chart's time axis, in the owner's time: from the first day's midnight to the end of the last
 * day, or to now when the period runs into the future (a report of today asked at 10:00 does not
 * spend the afternoon's width on hours without readings); later readings than the browser's clock
 * (a clock behind) stay on the chart.
 */
export function chartRange(graph: Pick<CalhaGraphResponse, 'di' | 'df' | 'timezone' | 'pontos' | 'lacunas' | 'paradas'>, nowMs: number): [number, number] {
  const shift = graph.timezone * HOUR_MS;
  const start = Date.parse(`${graph.di}T00:00:00Z`);
  const periodEnd = Date.parse(`${graph.df}T00:00:00Z`) + 24 * HOUR_MS;
  const instants = [...graph.pontos.map((ponto) => ponto.em), ...graph.lacunas.map((gap) => gap.fim), ...graph.paradas.map((stop) => stop.fim)];
  const lastData = instants.reduce((latest, iso) => Math.max(latest, Date.parse(iso) + shift), Number.NEGATIVE_INFINITY);
  const end = Math.min(periodEnd, Math.max(nowMs + shift, lastData));
  return [start, end > start ? end : periodEnd];
}
