import type { AvesPesosBody, ReportHeader } from '@portal/shared';
import type { JanelaOverride } from './quality';
import { definedOnly, isoDate, positiveId } from '../../components/reports/urlValues';
import { isoToMasked } from '../records/dates';

/**
 * The filters of a weighing report, kept in the url query so a report can be bookmarked and
 * shared: `?prop=&nucleo=&lote=&aviario=&sexo=&inicio=YYYY-MM-DD&fim=YYYY-MM-DD[&abaixo=&acima=]`. A
 * url with both dates is a generated report; without them the screen only offers the filters.
 * `abaixo` and `acima` (together or not at all) recompute the report under another quality window.
 */
export interface ReportFilters {
  /** The owner acted for; absent: the owner chosen in the app (usually oneself). */
  prop?: number;
  nucleo?: number;
  lote?: number;
  aviario?: string;
  sexo?: string;
  inicio?: string;
  fim?: string;
  /** Another quality window (issue 20): −abaixo % / +acima % around the expected weight, every flock's filter on. */
  abaixo?: number;
  acima?: number;
}

/** The window edges a report may be recomputed under (the schema's range). */
const WINDOW_PERCENT = { min: 1, max: 90 } as const;

/** A url query value that is a window percentage (a whole number in range), else undefined. */
function windowPercent(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value >= WINDOW_PERCENT.min && value <= WINDOW_PERCENT.max ? value : undefined;
}

/** The window a report is recomputed under, when its filters ask for one. */
export function windowOf(filters: Pick<ReportFilters, 'abaixo' | 'acima'>): JanelaOverride | undefined {
  return filters.abaixo === undefined || filters.acima === undefined ? undefined : { abaixo_pct: filters.abaixo, acima_pct: filters.acima };
}

const someText = (text: string | null): string | undefined => (text && text.trim() !== '' ? text : undefined);

/** The filters in a url query; anything malformed is left out (a hand-edited link still opens). */
export function filtersFromSearch(params: URLSearchParams): ReportFilters {
  const filters: ReportFilters = {
    prop: positiveId(params.get('prop')),
    nucleo: positiveId(params.get('nucleo')),
    lote: positiveId(params.get('lote')),
    aviario: someText(params.get('aviario')),
    sexo: someText(params.get('sexo')),
    inicio: isoDate(params.get('inicio')),
    fim: isoDate(params.get('fim')),
  };
  // A window is both its edges: one alone is a hand-edited link, read as no window.
  const abaixo = windowPercent(params.get('abaixo'));
  const acima = windowPercent(params.get('acima'));
  if (abaixo !== undefined && acima !== undefined) Object.assign(filters, { abaixo, acima });
  return definedOnly(filters);
}

/** The url query of some filters, in a fixed order (the same report, the same link). */
export function searchFromFilters(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['prop', 'nucleo', 'lote', 'aviario', 'sexo', 'inicio', 'fim', 'abaixo', 'acima'] as const) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** The avespesos body of generated filters (both dates present), for the weight or the hatchery report. */
export function reportBody(filters: ReportFilters & { inicio: string; fim: string }, incubatorio: boolean): AvesPesosBody {
  const janela = incubatorio ? undefined : windowOf(filters);
  return {
    ...(filters.prop === undefined ? {} : { prop: filters.prop }),
    inicio: filters.inicio,
    fim: filters.fim,
    ...(filters.nucleo === undefined ? {} : { nucleo_id: filters.nucleo }),
    ...(filters.lote === undefined ? {} : { lote_id: filters.lote }),
    ...(filters.aviario === undefined ? {} : { aviario: filters.aviario }),
    ...(filters.sexo === undefined ? {} : { sexo: filters.sexo }),
    incubatorio,
    ...(janela === undefined ? {} : { janela }),
  };
}

/** True when the filters name a period, i.e. the url is a generated report. */
export function isGenerated(filters: ReportFilters): filters is ReportFilters & { inicio: string; fim: string } {
  return filters.inicio !== undefined && filters.fim !== undefined;
}

/**
 * The filters in force on one line: period, then each filter chosen ('01/11/2026 – 30/11/2026 ·
 * Granja Primavera · L-7'), and the window asked for, in `windowLabel`'s words.
 */
export function filtersSummary(
  filters: ReportFilters,
  header: ReportHeader | undefined,
  periodRange: (from: string, to: string) => string,
  windowLabel?: (janela: JanelaOverride) => string,
): string {
  const janela = windowOf(filters);
  const farm = header?.nucleos.find((nucleo) => nucleo.id === filters.nucleo);
  const lote = header?.nucleos.flatMap((nucleo) => nucleo.lotes).find((entry) => entry.id === filters.lote);
  const parts = [
    filters.inicio && filters.fim ? periodRange(isoToMasked(filters.inicio), isoToMasked(filters.fim)) : undefined,
    farm?.nome,
    lote?.codigo,
    filters.aviario,
    filters.sexo,
    janela && windowLabel ? windowLabel(janela) : undefined,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
