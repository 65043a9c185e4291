import { GRADER_CATEGORIES, type Estatisticas, type TotaisSelauto, type UniEstrutura } from '@portal/shared';
import { definedOnly, isoDate, positiveId } from '../../components/reports/urlValues';

/**
 * What the uniformization screen is looking at: a farm, one of its flocks, optionally a house of
 * that flock, a grader (SELAUTO) of the farm and a period. Kept in the url query
 * (`?nucleo=&lote=&aviario=&seletora=&inicio=&fim=`) so a view can be bookmarked; what the url
 * leaves out is chosen here (the first farm with a grader, its first active flock, the grader).
 */
export interface UniChoice {
  nucleo?: number;
  lote?: number;
  aviario?: number;
  seletora?: number;
}

export type UniFarm = UniEstrutura[number];
export type UniFlock = UniFarm['lotes'][number];
export type UniGrader = UniFarm['seletoras'][number];

export interface UniSelection {
  farm?: UniFarm;
  flock?: UniFlock;
  house?: UniFlock['aviarios'][number];
  /** The farm's graders offered: with a house chosen, those in it and those placed in no house. */
  graders: UniGrader[];
  grader?: UniGrader;
}

export function choiceFromSearch(params: URLSearchParams): UniChoice {
  return definedOnly({
    nucleo: positiveId(params.get('nucleo')),
    lote: positiveId(params.get('lote')),
    aviario: positiveId(params.get('aviario')),
    seletora: positiveId(params.get('seletora')),
  });
}

/** The period of the url when both dates are real and in order, else undefined (the screen's default applies). */
export function periodFromSearch(params: URLSearchParams): { inicio: string; fim: string } | undefined {
  const inicio = isoDate(params.get('inicio'));
  const fim = isoDate(params.get('fim'));
  return inicio && fim && inicio <= fim ? { inicio, fim } : undefined;
}

/**
 * The selection the screen shows: the url's choices where the structure has them, sensible
 * defaults elsewhere. `graderHouse` maps a grader's device id to the house it is placed in.
 */
export function resolveSelection(estrutura: UniEstrutura, choice: UniChoice, graderHouse: ReadonlyMap<number, number | null>): UniSelection {
  const farm =
    estrutura.find((item) => item.id === choice.nucleo) ?? estrutura.find((item) => item.seletoras.length > 0) ?? estrutura[0];
  if (!farm) return { graders: [] };
  const flock =
    farm.lotes.find((item) => item.id === choice.lote) ?? farm.lotes.find((item) => item.situacao === 'ativo') ?? farm.lotes[0];
  const house = flock?.aviarios.find((item) => item.id === choice.aviario);
  const graders = house
    ? farm.seletoras.filter((grader) => {
        const placed = graderHouse.get(grader.id);
        return placed === house.id || placed === null || placed === undefined;
      })
    : farm.seletoras;
  const grader = graders.find((item) => item.id === choice.seletora) ?? graders[0];
  return { farm, flock, house, graders, grader };
}

/** Locale keys of the section 9 grader categories (uniformization.categories.<key>). */
export const CATEGORY_KEYS: Record<(typeof GRADER_CATEGORIES)[number], string> = {
  'Limit 1': 'limit1',
  SL: 'sl',
  Light: 'light',
  'Average 1': 'average1',
  'Average 2': 'average2',
  Heavy: 'heavy',
  'Super heavy': 'superHeavy',
};

/** The locale key of a category as a grader names it, or null for a name outside section 9 (shown as written). */
export function categoryKey(name: string): string | null {
  return (CATEGORY_KEYS as Record<string, string>)[name.trim()] ?? null;
}

/** Section 9 order first, then any other name as the grader wrote it, alphabetically. */
export function sortCategories(names: Iterable<string>): string[] {
  const order = (name: string) => {
    const index = (GRADER_CATEGORIES as readonly string[]).indexOf(name.trim());
    return index === -1 ? GRADER_CATEGORIES.length : index;
  };
  return [...new Set(names)].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

export interface CategoryComparison {
  categoria: string;
  stats: Estatisticas;
  /** Uniformity of the category minus the whole flock's, in points (2 decimals); null when either is unknown. */
  ganhoUni: number | null;
  /** CV of the category minus the whole flock's, in points (2 decimals). */
  ganhoCv: number | null;
}

/** After grading, from gettotaisselauto: the categories the grader put birds in, each with its statistics. */
export function afterGrading(totals: Pick<TotaisSelauto, 'categorias'>): { categoria: string; stats: Estatisticas }[] {
  return totals.categorias.filter((categoria) => categoria.aves > 0).map((categoria) => ({ categoria: categoria.desc, stats: categoria.stats }));
}

const difference = (after: number | null, before: number | null) =>
  after === null || before === null ? null : Math.round((after - before) * 100) / 100;

/** Each category's uniformity and CV after grading, set against the whole flock's before it. */
export function compareGrading(before: Estatisticas, after: ReadonlyArray<{ categoria: string; stats: Estatisticas }>): CategoryComparison[] {
  const byName = new Map(after.map((entry) => [entry.categoria, entry.stats]));
  return sortCategories(byName.keys()).map((categoria) => {
    const stats = byName.get(categoria)!;
    return { categoria, stats, ganhoUni: difference(stats.uni, before.uni), ganhoCv: difference(stats.cv, before.cv) };
  });
}
