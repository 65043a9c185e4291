import { avesPesosBody } from '@portal/shared';
import { QUICK_RANGES, quickRange, todayIso } from '../../components/reports/reportPeriod';
import { isoToMasked, maskedToIso, requiredDate } from '../records/dates';
import type { SchemaRules } from '../records/schemaErrors';
import type { ReportFilters } from './filters';

/**
 * The filters form of a weighing report. Its values carry avespesos' field names, so the shared
 * schema's errors land on the inputs: selects hold ids as text (null: all), dates dd/mm/yyyy as
 * typed.
 */
export interface FiltersValues {
  nucleo_id: string | null;
  lote_id: string | null;
  aviario: string | null;
  sexo: string | null;
  inicio: string;
  fim: string;
}

/** The form of the filters in the url; without dates, the last 30 days. */
export function filtersValues(filters: ReportFilters, today = todayIso()): FiltersValues {
  const fallback = quickRange(today, QUICK_RANGES[0]);
  return {
    nucleo_id: filters.nucleo === undefined ? null : String(filters.nucleo),
    lote_id: filters.lote === undefined ? null : String(filters.lote),
    aviario: filters.aviario ?? null,
    sexo: filters.sexo ?? null,
    inicio: isoToMasked(filters.inicio ?? fallback.inicio),
    fim: isoToMasked(filters.fim ?? fallback.fim),
  };
}

/**
 * The avespesos filters the form checks (the owner and the report kind are the screen's). A date
 * not complete yet goes as typed, so the schema refuses it under its input.
 */
const filtersBody = (values: FiltersValues) => ({
  inicio: requiredDate(values.inicio),
  fim: requiredDate(values.fim),
  ...(values.nucleo_id ? { nucleo_id: Number(values.nucleo_id) } : {}),
  ...(values.lote_id ? { lote_id: Number(values.lote_id) } : {}),
  ...(values.aviario ? { aviario: values.aviario } : {}),
  ...(values.sexo ? { sexo: values.sexo } : {}),
});

export const filtersRules: SchemaRules<FiltersValues> = { schema: avesPesosBody, toBody: filtersBody };

/** The filters to generate, once the form passed its check (dates as YYYY-MM-DD). */
export function generatedFilters(values: FiltersValues): Omit<ReportFilters, 'prop'> {
  return {
    nucleo: values.nucleo_id ? Number(values.nucleo_id) : undefined,
    lote: values.lote_id ? Number(values.lote_id) : undefined,
    aviario: values.aviario ?? undefined,
    sexo: values.sexo ?? undefined,
    inicio: maskedToIso(values.inicio) ?? undefined,
    fim: maskedToIso(values.fim) ?? undefined,
  };
}
