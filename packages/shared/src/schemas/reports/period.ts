import { z } from 'zod';
import { idField } from '../primitives.js';
import { dateField, daysBetween, ownerQuery } from '../records/common.js';

/**
 * Longest range a feed, trough, dosing or collection report covers: two years, so the
 * 365-day quick range (spec section 9) and a year against the previous one both fit.
 */
export const PERIOD_MAX_DAYS = 731;

/** Checks di ≤ df and the span; shared by every `?id&di&df` call and the POST reports. */
export function refinePeriod(body: { di: string; df: string }, context: z.RefinementCtx): void {
  if (body.df < body.di) context.addIssue({ code: 'custom', path: ['df'], message: 'DATE_RANGE_INVALID' });
  else if (daysBetween(body.di, body.df) > PERIOD_MAX_DAYS) context.addIssue({ code: 'custom', path: ['df'], message: 'FIELD_OUT_OF_RANGE' });
}

const idParam = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());

/**
 * `?id&di&df[&prop]`: a record (silo, flock, fumigator, collection point…) and a date range,
 * both ends included, as dates in the owner's timezone (users.timezone, spec default -3).
 */
export const periodQuery = ownerQuery.extend({ id: idParam, di: dateField, df: dateField }).superRefine(refinePeriod);
export type PeriodQuery = z.input<typeof periodQuery>;

/** One point of a chart line: a day (YYYY-MM-DD) or an instant (ISO), and its value; null = no data that day. */
export const dataPoint = z.object({ data: z.string(), data_value: z.number().nullable() });
export type DataPoint = z.infer<typeof dataPoint>;

/**
 * Chart data as spec section 3 gives it: titulo, chartData with linhas (tit, dataset of
 * data_value) and the range of dates drawn. `unidade` names the unit of a line's values
 * (g, kg, %, rpm, ml…) so a chart can put lines of different units on two axes.
 */
export const chartLinha = z.object({ tit: z.string(), unidade: z.string(), dataset: z.array(dataPoint) });
export type ChartLinha = z.infer<typeof chartLinha>;
export const chartDataResponse = z.object({
  titulo: z.string(),
  di: z.string(),
  df: z.string(),
  chartData: z.object({ linhas: z.array(chartLinha) }),
});
export type ChartDataResponse = z.infer<typeof chartDataResponse>;
