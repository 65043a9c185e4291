import { COLLECTOR_BATCH_BIRDS, collectorSummary, type LiveReading, type MsgColeta } from '@portal/shared';
import type { NumberFormat } from '../records/numbers';

/**
 * One line of a live reading: a label (the key under `live.fact`) and its value, either as text
 * already formatted in the interface language, or as a translation key (on/off, stable…).
 * `tone` colours the value (stable / unstable, on / off).
 */
export interface ReadingFact {
  key: string;
  value?: string;
  valueKey?: string;
  /** What `valueKey`'s text is filled with (numbers already formatted). */
  valueParams?: Record<string, string>;
  tone?: 'good' | 'warn' | 'off';
  /** The fact a compact view shows first. */
  main?: boolean;
}

const grams = (format: NumberFormat, value: number) => `${format.format(value, 1)} g`;
const onOff = (on: boolean): Pick<ReadingFact, 'valueKey' | 'tone'> => (on ? { valueKey: 'live.value.on', tone: 'good' } : { valueKey: 'live.value.off', tone: 'off' });

/** True when a collector's reading is a whole batch of 20 birds (section 9's average applies). */
export const isCompleteBatch = (coleta: Pick<MsgColeta, 'machos' | 'femeas'>): boolean => coleta.machos + coleta.femeas >= COLLECTOR_BATCH_BIRDS;

/**
 * A ground collector (section 9): a complete batch shows its average (total / 20) and the sex
 * derived from the counts. A batch still filling shows how many birds it has so far ("7 of 20"),
 * with the average and sex of `lastBatch`, the last complete one, when known: dividing a
 * batch of 2 birds by 20 would show a weight no bird has.
 */
function collectorFacts(reading: MsgColeta, format: NumberFormat, lastBatch: MsgColeta | undefined): ReadingFact[] {
  const counts: ReadingFact[] = [
    { key: 'males', value: format.format(reading.machos, 0) },
    { key: 'females', value: format.format(reading.femeas, 0) },
  ];
  if (isCompleteBatch(reading)) {
    const summary = collectorSummary(reading);
    return [{ key: 'average', value: grams(format, summary.pm), main: true }, { key: 'sex', valueKey: `live.sex.${summary.sexo}` }, ...counts];
  }
  const progress: ReadingFact = {
    key: 'batchProgress',
    valueKey: 'live.value.batchProgress',
    valueParams: { count: format.format(reading.machos + reading.femeas, 0), total: format.format(COLLECTOR_BATCH_BIRDS, 0) },
    main: true,
  };
  if (!lastBatch || !isCompleteBatch(lastBatch)) return [progress, ...counts];
  const last = collectorSummary(lastBatch);
  return [progress, { key: 'lastAverage', value: grams(format, last.pm) }, { key: 'lastSex', valueKey: `live.sex.${last.sexo}` }, ...counts];
}

/**
 * What a live reading shows (spec sections 3 and 9): weights in grams with 1 decimal and silo
 * balance in kg with 1 decimal, numbers in the interface language's format. `lastBatch`: a
 * collector's last complete batch, shown while the next one fills.
 */
export function readingFacts(reading: LiveReading, format: NumberFormat, lastBatch?: MsgColeta): ReadingFact[] {
  switch (reading.tipo) {
    case 'PESO': {
      const facts: ReadingFact[] = [
        { key: 'weight', value: grams(format, reading.peso), main: true },
        reading.estavel ? { key: 'stability', valueKey: 'live.value.stable', tone: 'good' } : { key: 'stability', valueKey: 'live.value.unstable', tone: 'warn' },
      ];
      if (reading.aves > 0) facts.push({ key: 'birds', value: format.format(reading.aves, 0) });
      return facts;
    }
    case 'COLETA':
      return collectorFacts(reading, format, lastBatch);
    case 'SILO':
      return [{ key: 'silo', value: `${format.format(reading.peso_kg, 1)} kg`, main: true }];
    case 'CALHA':
      return [
        { key: 'rpm', value: `${format.format(reading.rpm, 1)} rpm`, main: true },
        { key: 'trough', value: format.format(reading.idcalha, 0) },
        { key: 'turns', value: format.format(reading.voltas, 0) },
        { key: 'motor', ...onOff(reading.ligada) },
        // Only monitors with a feed sensor send it.
        ...(reading.presenca === undefined ? [] : [{ key: 'feed', valueKey: reading.presenca ? 'live.value.feedPresent' : 'live.value.feedAbsent' }]),
      ];
    case 'DOSE':
      return [
        { key: 'volume', value: `${format.format(reading.volume_ml, 1)} ml`, main: true },
        { key: 'flow', value: `${format.format(reading.vazao_ml_min, 1)} ml/min` },
        { key: 'pump', ...onOff(reading.ligada) },
      ];
    case 'SEL':
      return [
        { key: 'average', value: grams(format, reading.infoGeral.pm), main: true },
        { key: 'birds', value: format.format(reading.infoGeral.aves, 0) },
        // infoGeral.percent is the share of the selection (100 % for the whole): the weight says more.
        { key: 'totalWeight', value: `${format.format(reading.infoGeral.peso_total / 1000, 1)} kg` },
      ];
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

function isInfoGeral(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return isNumber(info.aves) && isNumber(info.pm) && isNumber(info.percent) && isNumber(info.peso_total);
}

/**
 * A stored reading from getleituras (typed loosely on the wire) as a LiveReading, or null when it
 * is not one the screens know how to show (it is then left out rather than shown wrongly).
 */
export function asLiveReading(value: unknown): LiveReading | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const ok = (() => {
    switch (r.tipo) {
      case 'PESO':
        return isNumber(r.peso) && isFlag(r.estavel) && isNumber(r.aves);
      case 'COLETA':
        return isNumber(r.machos) && isNumber(r.femeas) && isNumber(r.peso_total);
      case 'SILO':
        return isNumber(r.peso_kg);
      case 'CALHA':
        return isNumber(r.idcalha) && isNumber(r.rpm) && isNumber(r.voltas) && isFlag(r.ligada) && (r.presenca === undefined || isFlag(r.presenca));
      case 'DOSE':
        return isNumber(r.volume_ml) && isNumber(r.vazao_ml_min) && isFlag(r.ligada);
      case 'SEL':
        return isText(r.lote) && Array.isArray(r.categorias) && isInfoGeral(r.infoGeral);
      default:
        return false;
    }
  })();
  return ok ? (r as unknown as LiveReading) : null;
}

/** A picture id for 'foto' (the channel's pedido: letters, digits, '-' and '_'); works without a secure context. */
export function newPedido(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Live readings listed on the device page (getleituras keeps up to 100). */
const SHOWN_READINGS = 15;

export interface ReceivedReading {
  em: string;
  leitura: LiveReading;
}

/**
 * The readings to list, newest first: those received on this page since it opened, then the
 * stored ones (getleituras), without repeating one present in both.
 */
export function mergeReadings(received: readonly ReceivedReading[], stored: readonly { em: string; leitura: unknown }[], limit = SHOWN_READINGS): ReceivedReading[] {
  const seen = new Set<string>();
  const merged: ReceivedReading[] = [];
  for (const entry of [...received, ...stored]) {
    const leitura = asLiveReading(entry.leitura);
    if (!leitura) continue;
    const key = `${entry.em}|${JSON.stringify(leitura)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ em: entry.em, leitura });
  }
  return merged.sort((a, b) => Date.parse(b.em) - Date.parse(a.em)).slice(0, limit);
}

/**
 * Each listed reading (newest first) with the collector batch completed before it, so a batch still
 * filling in the history shows the last complete batch's average as the live card does.
 */
export function withLastBatches(readings: readonly ReceivedReading[]): Array<{ reading: ReceivedReading; lastBatch?: { leitura: MsgColeta; em: string } }> {
  const listed: Array<{ reading: ReceivedReading; lastBatch?: { leitura: MsgColeta; em: string } }> = [];
  let lastBatch: { leitura: MsgColeta; em: string } | undefined;
  for (const reading of [...readings].reverse()) {
    listed.push(lastBatch ? { reading, lastBatch } : { reading });
    if (reading.leitura.tipo === 'COLETA' && isCompleteBatch(reading.leitura)) lastBatch = { leitura: reading.leitura, em: reading.em };
  }
  return listed.reverse();
}

/** The newest complete collector batch among readings listed newest first, if any. */
export function lastCompleteBatch(readings: readonly ReceivedReading[]): { leitura: MsgColeta; em: string } | undefined {
  for (const { em, leitura } of readings) if (leitura.tipo === 'COLETA' && isCompleteBatch(leitura)) return { em, leitura };
  return undefined;
}
