import { integerField, registerDiarioBody, type Diario, type RegisterDiarioBody } from '@portal/shared';
import { z } from 'zod';
import { isoToMasked, requiredDate } from '../records/dates';
import { optionalNumber, requiredId, type NumberValue } from '../records/formValues';

/**
 * The daily house record form (registerdiario). Every cause of the account gets its own count
 * input (left empty when none died of it); the house is a Select (id as text), the date dd/mm/yyyy
 * as typed. Counts left empty are 0, water and temperatures left empty are "not measured".
 */
export interface DailyValues {
  aviario_id: string;
  data: string;
  mortalidade: { causa: string; aves: NumberValue }[];
  eliminados: NumberValue;
  entradas: NumberValue;
  saidas: NumberValue;
  agua_l: NumberValue;
  temp_min: NumberValue;
  temp_max: NumberValue;
  obs: string;
}

/**
 * The causes the form offers: the account's, then any other a stored record holds (a cause since
 * removed from the account's list, the migrated 'sem_causa'), so editing never drops a count.
 */
export function causesFor(accountCauses: readonly string[], record?: Pick<Diario, 'mortalidade'>): string[] {
  const causes = [...accountCauses];
  for (const entry of record?.mortalidade ?? []) if (!causes.includes(entry.causa)) causes.push(entry.causa);
  return causes;
}

/** The form of a stored day, or of a new one on `defaults` (house, today as dd/mm/yyyy). */
export function dailyValues(causes: readonly string[], record: Diario | undefined, defaults: { aviario_id: string; data: string }): DailyValues {
  const deaths = new Map((record?.mortalidade ?? []).map((entry) => [entry.causa, entry.aves]));
  const stored = (value: number | null | undefined): NumberValue => (value === null || value === undefined || value === 0 ? '' : value);
  return {
    aviario_id: record ? String(record.aviario_id) : defaults.aviario_id,
    data: record ? isoToMasked(record.data) : defaults.data,
    mortalidade: causes.map((causa) => ({ causa, aves: stored(deaths.get(causa)) })),
    eliminados: stored(record?.eliminados),
    entradas: stored(record?.entradas),
    saidas: stored(record?.saidas),
    agua_l: record?.agua_l ?? '',
    temp_min: record?.temp_min ?? '',
    temp_max: record?.temp_max ?? '',
    obs: record?.obs ?? '',
  };
}

/** A count input: empty is 0, a half-typed text NaN (refused). */
const countOf = (value: NumberValue): number => (typeof value === 'number' ? value : value.trim() === '' ? 0 : Number.NaN);

/** The fields of the body shared by the check and the send; `mortalidade` keeps one entry per cause, 0 included. */
function fields(values: DailyValues) {
  return {
    aviario_id: requiredId(values.aviario_id),
    data: requiredDate(values.data),
    mortalidade: values.mortalidade.map((entry) => ({ causa: entry.causa, aves: countOf(entry.aves) })),
    eliminados: countOf(values.eliminados),
    entradas: countOf(values.entradas),
    saidas: countOf(values.saidas),
    agua_l: optionalNumber(values.agua_l),
    temp_min: optionalNumber(values.temp_min),
    temp_max: optionalNumber(values.temp_max),
    obs: values.obs,
  };
}

/**
 * What the form checks: the shared registerdiario body, except that a cause may hold 0 (its input
 * left empty: it is simply not sent), so each error lands on the cause's own input.
 */
export const dailyCheckSchema = registerDiarioBody.extend({
  mortalidade: z.array(z.object({ causa: z.string(), aves: integerField({ min: 0, max: 1_000_000 }) })),
});

export const dailyCheckBody = (loteId: number) => (values: DailyValues) => ({ lote_id: loteId, ...fields(values) });

/** The minimum over the maximum is said on the maximum's input. */
export function dailyMoreErrors(values: DailyValues): Record<string, string> {
  const low = optionalNumber(values.temp_min);
  const high = optionalNumber(values.temp_max);
  return low !== null && high !== null && low > high ? { temp_max: 'FIELD_OUT_OF_RANGE' } : {};
}

/** registerdiario's body: the causes with deaths only, and the client's id that makes a resend harmless. */
export function dailyBody(loteId: number, values: DailyValues, uid: string): RegisterDiarioBody & { uid: string } {
  const body = fields(values);
  return { ...body, lote_id: loteId, uid, mortalidade: body.mortalidade.filter((entry) => entry.aves !== 0) };
}

/** Σ deaths typed so far (the form's running total). */
export const deathsTyped = (values: Pick<DailyValues, 'mortalidade'>) =>
  values.mortalidade.reduce((sum, entry) => sum + (typeof entry.aves === 'number' && Number.isFinite(entry.aves) ? entry.aves : 0), 0);
