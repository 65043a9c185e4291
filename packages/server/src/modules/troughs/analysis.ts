import type { CalhaDia, CalhaLacuna, CalhaParada, CalhaPonto } from '@portal/shared';

/** One stored trough reading (calha_leituras), as read in time order. */
export interface CalhaRow {
  em: number;
  rpm_dec: number;
  voltas: number;
  ligada: number;
  presenca: number | null;
}

/** A minute or hour summary of a trough (calha_leituras_min / _hora, migration 0010). */
export interface CalhaSummary {
  inicio: number;
  n: number;
  primeiro_em: number;
  ultimo_em: number;
  ligada_n: number;
  rpm_soma: number;
  rpm_soma_ligada: number;
  voltas_max: number;
  voltas_ultimo: number;
  presenca_n: number;
  presenca_soma: number;
}

/**
 * The reading a minute summary stands for: a trough's minute holds one reading (CALHA_PERIOD_MS),
 * so this is exactly the raw row that was purged. Null for a minute of several readings.
 */
export function rowOfMinute(summary: CalhaSummary): CalhaRow | null {
  if (summary.n !== 1) return null;
  return {
    em: summary.primeiro_em,
    rpm_dec: summary.rpm_soma,
    voltas: summary.voltas_ultimo,
    ligada: summary.ligada_n,
    presenca: summary.presenca_n === 0 ? null : summary.presenca_soma,
  };
}

/** A local day as an epoch range [from, to). */
export interface DayRange {
  data: string;
  from: number;
  to: number;
}

/** One stored row stands for this long: the first reading of each minute and trough is kept (modules/readings). */
export const CALHA_PERIOD_MS = 60_000;
/** Readings further apart than this leave a gap (3 storage periods). */
export const GAP_MS = 3 * CALHA_PERIOD_MS;
/** Below 1 rpm (tenths) the wheel counts as stopped. */
export const STOPPED_RPM_DEC = 10;
/** A stoppage is at least this many readings in a row: one stopped minute is a start-up, not a fault. */
export const STOPPAGE_MIN_READINGS = 2;

const MINUTE_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (ms: number) => Math.round(ms / 6_000) / 10;

/** What a reading says about the trough: stopped with the motor on, empty with the motor on, or neither. */
export function stoppageKind(row: CalhaRow): CalhaParada['tipo'] | null {
  if (row.ligada !== 1) return null;
  if (row.rpm_dec < STOPPED_RPM_DEC) return 'travada';
  if (row.presenca === 0) return 'sem_racao';
  return null;
}

interface Window {
  index: number;
  em: number;
  count: number;
  rpmDec: number;
  /** Readings with the motor on, and their rpm: a window's rotation is the wheel's while running. */
  on: number;
  rpmDecOn: number;
  ligada: boolean;
  withPresence: number;
  present: number;
  voltas: number;
}

interface DayTotals {
  /** Some of the day came from summaries of several readings: its gaps and stoppages are not known. */
  summed: boolean;
  readings: number;
  on: number;
  voltas: number;
  withPresence: number;
  present: number;
}

interface OpenStoppage {
  tipo: CalhaParada['tipo'];
  inicio: number;
  last: number;
  readings: number;
}

/**
 * Reads a trough's rows in time order (fed page by page, so a two-year period never sits in
 * memory whole) and yields the chart's points (windows of `passoMs` from `from` when longer than
 * a minute), the gaps, the stoppages and each day's summary. Integer sums until the answer.
 */
export function troughAnalyzer({ from, passoMs, days }: { from: number; passoMs: number; days: readonly DayRange[] }) {
  const pontos: CalhaPonto[] = [];
  const gaps: Array<{ inicio: number; fim: number }> = [];
  const stoppages: Array<{ inicio: number; fim: number; tipo: CalhaParada['tipo'] }> = [];
  const totals: DayTotals[] = days.map(() => ({ summed: false, readings: 0, on: 0, voltas: 0, withPresence: 0, present: 0 }));
  let dayIndex = 0;
  let previous: CalhaRow | null = null;
  /** The last reading's time, whether a row or the end of a summary. */
  let lastEm: number | null = null;
  let window: Window | null = null;
  let open: OpenStoppage | null = null;

  function closeWindow() {
    if (!window) return;
    pontos.push({
      em: iso(window.em),
      rpm: window.on > 0 ? Math.round(window.rpmDecOn / window.on) / 10 : Math.round(window.rpmDec / window.count) / 10,
      ligada: window.ligada,
      presenca: window.withPresence === 0 ? null : window.present === window.withPresence,
      voltas: window.voltas,
    });
    window = null;
  }

  function closeStoppage(fim: number) {
    if (open && open.readings >= STOPPAGE_MIN_READINGS) stoppages.push({ inicio: open.inicio, fim, tipo: open.tipo });
    open = null;
  }

  function add(row: CalhaRow) {
    if (lastEm !== null && row.em - lastEm > GAP_MS) {
      gaps.push({ inicio: lastEm, fim: row.em });
      closeStoppage(lastEm + CALHA_PERIOD_MS);
    }
    const kind = stoppageKind(row);
    if (open && open.tipo !== kind) closeStoppage(row.em);
    if (kind) {
      open ??= { tipo: kind, inicio: row.em, last: row.em, readings: 0 };
      open.last = row.em;
      open.readings++;
    }

    const index = Math.floor((row.em - from) / passoMs);
    if (window && window.index !== index) closeWindow();
    window ??= newWindow(index, passoMs === CALHA_PERIOD_MS ? row.em : from + index * passoMs);
    window.count++;
    window.rpmDec += row.rpm_dec;
    if (row.ligada === 1) {
      window.on++;
      window.rpmDecOn += row.rpm_dec;
    }
    window.ligada ||= row.ligada === 1;
    if (row.presenca !== null) {
      window.withPresence++;
      window.present += row.presenca;
    }
    window.voltas = row.voltas;

    while (dayIndex < days.length && row.em >= days[dayIndex]!.to) dayIndex++;
    const day = totals[dayIndex];
    if (day && row.em >= days[dayIndex]!.from) {
      day.readings++;
      day.on += row.ligada;
      day.voltas = Math.max(day.voltas, row.voltas);
      if (row.presenca !== null) {
        day.withPresence++;
        day.present += row.presenca;
      }
    }
    previous = row;
    lastEm = row.em;
  }

  const newWindow = (index: number, em: number): Window => ({ index, em, count: 0, rpmDec: 0, on: 0, rpmDecOn: 0, ligada: false, withPresence: 0, present: 0, voltas: 0 });

  /**
   * A summary of several readings (an hour): its sums go to its window and day as the rows would;
   * a gap is seen between summaries only, and stoppages not at all, so its day answers neither.
   */
  function addSummary(summary: CalhaSummary) {
    if (lastEm !== null && summary.primeiro_em - lastEm > GAP_MS) gaps.push({ inicio: lastEm, fim: summary.primeiro_em });
    closeStoppage(lastEm === null ? summary.primeiro_em : Math.min(lastEm + CALHA_PERIOD_MS, summary.primeiro_em));
    const index = Math.floor((summary.inicio - from) / passoMs);
    if (window && window.index !== index) closeWindow();
    window ??= newWindow(index, from + index * passoMs);
    window.count += summary.n;
    window.rpmDec += summary.rpm_soma;
    window.on += summary.ligada_n;
    window.rpmDecOn += summary.rpm_soma_ligada;
    window.ligada ||= summary.ligada_n > 0;
    window.withPresence += summary.presenca_n;
    window.present += summary.presenca_soma;
    window.voltas = summary.voltas_ultimo;

    while (dayIndex < days.length && summary.inicio >= days[dayIndex]!.to) dayIndex++;
    const day = totals[dayIndex];
    if (day && summary.inicio >= days[dayIndex]!.from) {
      day.summed = true;
      day.readings += summary.n;
      day.on += summary.ligada_n;
      day.voltas = Math.max(day.voltas, summary.voltas_max);
      day.withPresence += summary.presenca_n;
      day.present += summary.presenca_soma;
    }
    previous = null;
    lastEm = summary.ultimo_em;
  }

  function finish() {
    closeWindow();
    if (previous) closeStoppage((previous as CalhaRow).em + CALHA_PERIOD_MS);
    const dias: CalhaDia[] = days.map((range, index) => {
      const day = totals[index]!;
      if (day.readings === 0) return { data: range.data, minutos_ligada: null, voltas: null, minutos_lacuna: null, paradas: null, presenca_pct: null };
      const gapMs = gaps.reduce((sum, gap) => sum + Math.max(0, Math.min(gap.fim, range.to) - Math.max(gap.inicio, range.from)), 0);
      return {
        data: range.data,
        minutos_ligada: (day.on * CALHA_PERIOD_MS) / MINUTE_MS,
        voltas: day.voltas,
        minutos_lacuna: day.summed ? null : minutes(gapMs),
        paradas: day.summed ? null : stoppages.filter((stop) => stop.inicio >= range.from && stop.inicio < range.to).length,
        presenca_pct: day.withPresence === 0 ? null : Math.round((day.present * 1000) / day.withPresence) / 10,
      };
    });
    const lacunas: CalhaLacuna[] = gaps.map((gap) => ({ inicio: iso(gap.inicio), fim: iso(gap.fim), minutos: minutes(gap.fim - gap.inicio) }));
    const paradas: CalhaParada[] = stoppages.map((stop) => ({ inicio: iso(stop.inicio), fim: iso(stop.fim), minutos: minutes(stop.fim - stop.inicio), tipo: stop.tipo }));
    return { pontos, lacunas, paradas, dias };
  }

  return { add, addSummary, finish };
}
