import { avesPesosBody, QUALIDADE_PADRAO } from '@portal/shared';
import { QUICK_RANGES, quickRange, todayIso } from '../../components/reports/reportPeriod';
import { isoToMasked, maskedToIso, requiredDate } from '../records/dates';
import type { SchemaRules } from '../records/schemaErrors';
import type { ReportFilters } from './filters';

/**
 * The filters form of a weighing report. Its values carry avespesos' field names, so the shared
 * schema's errors land on the inputs: selects hold ids as text (null: all), dates dd/mm/yyyy as
 * typed; `janela` the quality window a report is recomputed under when `outraJanela` is on (an
 * emptied number input holds '').
 */
export interface FiltersValues {
  nucleo_id: string | null;
  lote_id: string | null;
  aviario: string | null;
  sexo: string | null;
  inicio: string;
  fim: string;
  outraJanela: boolean;
  janela: { abaixo_pct: number | string; acima_pct: number | string };
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
    outraJanela: filters.abaixo !== undefined && filters.acima !== undefined,
    // The flock's default window is offered to start from.
    janela: { abaixo_pct: filters.abaixo ?? QUALIDADE_PADRAO.abaixo_pct, acima_pct: filters.acima ?? QUALIDADE_PADRAO.acima_pct },
  };
}

/** A number input's value for the schema: '' (emptied) is NaN, so it is refused as missing. */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

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
  ...(values.outraJanela ? { janela: { abaixo_pct: numberOf(values.janela.abaixo_pct), acima_pct: numberOf(values.janela.acima_pct) } } : {}),
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
    ...(values.outraJanela ? { abaixo: numberOf(values.janela.abaixo_pct), acima: numberOf(values.janela.acima_pct) } : {}),
  };
}
