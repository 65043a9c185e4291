import { daysBetween, type DetectedDelivery, type SiloDia, type SiloLeitura, type SiloSample } from '@portal/shared';
import type { MovementRow } from './movements.repository.js';
import type { DeliveryRow } from './readings.repository.js';

const DAY_MS = 86_400_000;

/** A stored decision belongs to a detected delivery when its key lies from this long before the jump to its end. */
export const DECISION_MATCH_BEFORE_MS = 30 * 60_000;

/**
 * At most `maxPoints` points for a chart: the time range cut into maxPoints / 2 buckets, each
 * giving its lowest and highest reading in time order, so a delivery's step and a day's drain keep
 * their shape (a mean would round the step off).
 */
export function downsampleMinMax(series: readonly SiloSample[], maxPoints: number): SiloLeitura[] {
  if (series.length <= maxPoints) return series.map(({ em, kg }) => ({ em, kg }));
  const first = series[0]!.em;
  const span = series.at(-1)!.em - first + 1;
  const buckets = Math.floor(maxPoints / 2);
  const points: SiloLeitura[] = [];
  let bucket = -1;
  let low: SiloSample | undefined;
  let high: SiloSample | undefined;
  const flush = () => {
    if (!low || !high) return;
    if (low === high) points.push({ em: low.em, kg: low.kg });
    else for (const sample of low.em < high.em ? [low, high] : [high, low]) points.push({ em: sample.em, kg: sample.kg });
  };
  for (const sample of series) {
    const at = Math.floor(((sample.em - first) * buckets) / span);
    if (at !== bucket) {
      flush();
      bucket = at;
      low = sample;
      high = sample;
      continue;
    }
    if (sample.kg < low!.kg) low = sample;
    if (sample.kg > high!.kg) high = sample;
  }
  flush();
  return points;
}

/** The stored decision of a detected delivery, if any. */
export function decisionOf(delivery: DetectedDelivery, rows: readonly DeliveryRow[]): DeliveryRow | undefined {
  return rows.find((row) => row.em >= delivery.em - DECISION_MATCH_BEFORE_MS && row.em <= delivery.ate);
}

/** A confirmation whose movement was deleted (ON DELETE SET NULL) is pending again. */
export function situacaoOf(row: DeliveryRow | undefined): 'pendente' | 'confirmada' | 'descartada' {
  if (!row || (row.situacao === 'confirmada' && row.movimento_id === null)) return 'pendente';
  return row.situacao;
}

const tenthsToKg = (tenths: number) => tenths / 10;

function* datesOf(di: string, df: string): Generator<string> {
  const start = Date.parse(`${di}T00:00:00Z`);
  for (let day = 0; day <= daysBetween(di, df); day++) yield new Date(start + day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Days of a silo without a scale, from its movements (rows in date order, touching the silo):
 * inicio = the balance of every movement dated before the day, fim = with the day's movements
 * too (both null until the first movement: nothing was recorded yet); entregas = its deliveries
 * and transfers in that day; consumo = its consumption movements that day, null on a day without
 * one (not recorded is not "nothing eaten"). Transfers out and adjustments change the balance
 * without being either, so here inicio + entregas − fim equals consumo only on days without them.
 */
export function movementDays(rows: readonly MovementRow[], siloId: number, di: string, df: string): SiloDia[] {
  const effect = (row: MovementRow) => (row.silo_id === siloId ? row.quantidade_hg : -row.quantidade_hg);
  const firstDate = rows[0]?.data;
  let balance = 0;
  let next = 0;
  const days: SiloDia[] = [];
  for (const data of datesOf(di, df)) {
    while (next < rows.length && rows[next]!.data < data) balance += effect(rows[next++]!);
    const inicio = firstDate !== undefined && firstDate < data ? balance : null;
    let entregas = 0;
    let consumo: number | null = null;
    let fim = balance;
    while (next < rows.length && rows[next]!.data === data) {
      const row = rows[next++]!;
      const change = effect(row);
      fim += change;
      if (row.tipo === 'entrada' || (row.tipo === 'transferencia' && row.silo_destino_id === siloId)) entregas += change;
      if (row.tipo === 'consumo') consumo = (consumo ?? 0) - change;
    }
    balance = fim;
    days.push({
      data,
      inicio_kg: inicio === null ? null : tenthsToKg(inicio),
      fim_kg: firstDate !== undefined && firstDate <= data ? tenthsToKg(fim) : null,
      entregas_kg: tenthsToKg(entregas),
      consumo_kg: consumo === null ? null : tenthsToKg(consumo),
    });
  }
  return days;
}
