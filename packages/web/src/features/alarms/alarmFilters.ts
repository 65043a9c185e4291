import { isIsoDate } from '@portal/shared';

/** The alarms page's choices, kept in the url (?estado&di&df&nucleo) so a link shows the same list. */
export const ESTADO_FILTERS = ['ativos', 'aberto', 'reconhecido', 'encerrado', 'todos'] as const;
export type EstadoFilter = (typeof ESTADO_FILTERS)[number];

export interface AlarmFilters {
  estado: EstadoFilter;
  /** YYYY-MM-DD or '' (no bound). */
  di: string;
  df: string;
  /** A farm's id, or null for every farm. */
  nucleo: number | null;
}

const isEstado = (value: string | null): value is EstadoFilter => ESTADO_FILTERS.includes(value as EstadoFilter);

export function readFilters(params: URLSearchParams): AlarmFilters {
  const estado = params.get('estado');
  const di = params.get('di') ?? '';
  const df = params.get('df') ?? '';
  const nucleo = Number(params.get('nucleo'));
  return {
    estado: isEstado(estado) ? estado : 'ativos',
    di: isIsoDate(di) ? di : '',
    df: isIsoDate(df) ? df : '',
    nucleo: Number.isInteger(nucleo) && nucleo > 0 ? nucleo : null,
  };
}

/** `params` with the filters set; defaults are left out of the url, other parameters kept. */
export function withFilters(params: URLSearchParams, filters: AlarmFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  put('estado', filters.estado === 'ativos' ? null : filters.estado);
  put('di', filters.di || null);
  put('df', filters.df || null);
  put('nucleo', filters.nucleo === null ? null : String(filters.nucleo));
  return next;
}

/** Why the period cannot be asked for, or null. */
export function periodProblem(filters: Pick<AlarmFilters, 'di' | 'df'>): 'DATE_RANGE_INVALID' | null {
  return filters.di && filters.df && filters.df < filters.di ? 'DATE_RANGE_INVALID' : null;
}

/** getalarmes' query string, as the page sends it. */
export interface AlarmsListQuery {
  prop?: number;
  estado: EstadoFilter;
  di?: string;
  df?: string;
  nucleo_id?: number;
}

/** getalarmes' query for the filters and the owner acted for. */
export function alarmesQueryOf(filters: AlarmFilters, prop: number | undefined): AlarmsListQuery {
  return {
    ...(prop === undefined ? {} : { prop }),
    estado: filters.estado,
    ...(filters.di ? { di: filters.di } : {}),
    ...(filters.df ? { df: filters.df } : {}),
    ...(filters.nucleo === null ? {} : { nucleo_id: filters.nucleo }),
  };
}
