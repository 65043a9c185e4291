import { AGRUPAMENTOS_COMPARATIVO, SEXOS_PADRAO, type AgrupamentoComparativo, type CallQuery, type SexoPadrao } from '@portal/shared';

export type ComparisonQuery = CallQuery<'getcomparativo'>;
import { definedOnly, positiveId } from '../../components/reports/urlValues';
import { DEFAULT_SORT, isSortKey, type RankingSort } from './ranking';

/**
 * The ranking's filters, kept in the url beside the period (?di&df&por&nucleo&linhagem&sexo
 * &idade_min&idade_max&ativos&todos&ordem&sentido), so a shared link shows the same ranking.
 * Anything malformed reads as absent.
 */
export interface ComparisonFilters {
  por: AgrupamentoComparativo;
  nucleo?: number;
  linhagem?: string;
  sexo?: SexoPadrao;
  idade_min?: number;
  idade_max?: number;
  ativos: boolean;
  todos: boolean;
}

const age = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && text !== '' && Number.isInteger(value) && value >= 0 && value <= 200 ? value : undefined;
};

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  text !== null && (values as readonly string[]).includes(text) ? (text as T) : undefined;

export function readFilters(params: URLSearchParams): ComparisonFilters {
  const linhagem = params.get('linhagem')?.trim();
  return definedOnly({
    por: oneOf(AGRUPAMENTOS_COMPARATIVO, params.get('por')) ?? 'lote',
    nucleo: positiveId(params.get('nucleo')),
    linhagem: linhagem ? linhagem.slice(0, 60) : undefined,
    sexo: oneOf(SEXOS_PADRAO, params.get('sexo')),
    idade_min: age(params.get('idade_min')),
    idade_max: age(params.get('idade_max')),
    ativos: params.get('ativos') === '1',
    todos: params.get('todos') === '1',
  });
}

/** `params` with `filters` written (defaults left out), the period and anything else kept. */
export function withFilters(params: URLSearchParams, filters: ComparisonFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number | undefined | false) => {
    if (value === undefined || value === false || value === '') next.delete(name);
    else next.set(name, String(value));
  };
  set('por', filters.por === 'lote' ? undefined : filters.por);
  set('nucleo', filters.nucleo);
  set('linhagem', filters.linhagem);
  set('sexo', filters.sexo);
  set('idade_min', filters.idade_min);
  set('idade_max', filters.idade_max);
  set('ativos', filters.ativos && '1');
  set('todos', filters.todos && '1');
  return next;
}

/** The sort in the url (?ordem&sentido); the IEP rank by default. */
export function readSort(params: URLSearchParams): RankingSort {
  const key = params.get('ordem');
  const direction = params.get('sentido');
  if (!isSortKey(key)) return DEFAULT_SORT;
  return { key, direction: direction === 'desc' ? 'desc' : 'asc' };
}

export function withSort(params: URLSearchParams, sort: RankingSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort.key === DEFAULT_SORT.key && sort.direction === DEFAULT_SORT.direction) {
    next.delete('ordem');
    next.delete('sentido');
  } else {
    next.set('ordem', sort.key);
    next.set('sentido', sort.direction);
  }
  return next;
}

/**
 * getcomparativo's query. `todos` only for a user who reaches other owners (a link opened by
 * someone without grants asks for their own flocks); a range typed backwards is sent as typed and
 * the server's error says so.
 */
export function comparativoQueryOf(
  period: { di: string; df: string },
  filters: ComparisonFilters,
  options: { prop: number | undefined; reachesOthers: boolean },
): ComparisonQuery {
  return definedOnly({
    di: period.di,
    df: period.df,
    prop: options.prop,
    por: filters.por,
    nucleo_id: filters.nucleo,
    linhagem: filters.linhagem,
    sexo: filters.sexo,
    idade_min: filters.idade_min,
    idade_max: filters.idade_max,
    ativos: filters.ativos ? true : undefined,
    todos: filters.todos && options.reachesOthers ? true : undefined,
  });
}
