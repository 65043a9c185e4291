import type { Desempenho, Indicadores } from '@portal/shared';
import { isoToMasked } from '../records/dates';

/** The words and numbers the cards are written with: `number` gives '—' for null. */
export interface IndicatorTexts {
  t: (key: string, options?: Record<string, unknown>) => string;
  number: (value: number | null, decimals: number) => string;
}

/** One indicator card: its label, value ('—' without enough data), a line under it and the formula with the inputs used. */
export interface IndicatorCard {
  key: string;
  label: string;
  value: string;
  detail: string | null;
  formula: string;
  /** 'bad': worse than the standard (mortality above its curve, weight below 100 %). */
  tone?: 'bad' | 'good';
}

type Entradas = Desempenho['entradas'];

const withUnit = (text: string, unit: string) => (text === '—' ? text : `${text} ${unit}`);

/** Worse than, or as good as, the standard: nothing when either side is missing. */
function against(value: number | null, standard: number | null, higherIsBetter: boolean): IndicatorCard['tone'] {
  if (value === null || standard === null) return undefined;
  return (higherIsBetter ? value >= standard : value <= standard) ? 'good' : 'bad';
}

/**
 * The flock page's indicator cards from a getdesempenho answer (one set: the flock, a house or a
 * sex): each value as the server computed it, null as '—', and a formula line naming the inputs so
 * a reader can redo it by hand (docs/performance.md).
 */
export function indicatorCards(set: Indicadores, entradas: Entradas, idade: number | null, texts: IndicatorTexts): IndicatorCard[] {
  const { t, number: n } = texts;
  const k = (key: string) => `flocks.indicators.${key}`;
  const pct = (value: number | null) => withUnit(n(value, 2), '%');
  const grams = (value: number | null) => withUnit(n(value, 1), 'g');
  const kg = (value: number | null, decimals = 1) => withUnit(n(value, decimals), 'kg');
  const weightSource = entradas.peso_fonte === 'fechamento' ? t(k('source.fechamento')) : t(k('source.pesagem'), { date: set.data_pesagem ? isoToMasked(set.data_pesagem) : '—', age: n(set.idade_pesagem, 0), birds: n(set.aves_pesadas, 0) });
  const feedSource = entradas.racao_fonte === null ? t(k('source.noFeed')) : t(k(`feedSource.${entradas.racao_fonte}`), { days: entradas.racao_dias, lived: n(entradas.dias_vividos, 0) });
  return [
    {
      key: 'viabilidade',
      label: t(k('viabilidade')),
      value: pct(set.viabilidade_pct),
      detail: t(k('aliveOf'), { alive: n(set.aves_vivas, 0), placed: n(set.aves_alojadas, 0) }),
      formula: t(k('formula.viabilidade'), { alive: n(set.aves_vivas, 0), placed: n(set.aves_alojadas, 0) }),
    },
    {
      key: 'mortalidade',
      label: t(k('mortalidade')),
      value: pct(set.mortalidade_pct),
      detail: set.mortalidade_padrao_pct === null ? t(k('today'), { value: pct(set.mortalidade_dia_pct) }) : t(k('standardPct'), { value: pct(set.mortalidade_padrao_pct) }),
      formula: t(k('formula.mortalidade'), { dead: n(set.mortos, 0), culled: n(set.eliminados, 0), placed: n(set.aves_alojadas, 0) }),
      tone: against(set.mortalidade_pct, set.mortalidade_padrao_pct, false),
    },
    {
      key: 'peso',
      label: t(k('peso')),
      value: grams(set.peso_medio_g),
      detail: set.pct_padrao === null ? null : t(k('ofStandard'), { value: n(set.pct_padrao, 1) }),
      formula: [weightSource, set.idade_peso === null ? null : t(k('formula.idadePeso'), { age: n(set.idade_peso, 1) })].filter(Boolean).join(' '),
      tone: set.pct_padrao === null ? undefined : set.pct_padrao >= 100 ? 'good' : 'bad',
    },
    {
      key: 'ganho',
      label: t(k('ganho')),
      value: withUnit(n(set.ganho_diario_g, 1), t(k('gPerDay'))),
      detail: set.ganho_medio_g === null ? null : t(k('sincePlacement'), { value: withUnit(n(set.ganho_medio_g, 1), t(k('gPerDay'))) }),
      formula: t(k('formula.ganho'), { placement: n(entradas.peso_alojamento_g, 1) }),
    },
    {
      key: 'uniformidade',
      label: t(k('uniformidade')),
      value: withUnit(n(set.uniformidade_pct, 1), '%'),
      detail: set.cv_pct === null ? null : t(k('cv'), { value: withUnit(n(set.cv_pct, 1), '%') }),
      formula: t(k('formula.uniformidade')),
    },
    {
      key: 'ca',
      label: t(k('ca')),
      value: n(set.ca, 3),
      detail: set.racao_por_ave_kg === null ? null : t(k('perBird'), { value: kg(set.racao_por_ave_kg, 3) }),
      formula: `${t(k('formula.ca'), { feed: kg(set.racao_kg), alive: n(set.aves_vivas, 0), weight: grams(set.peso_medio_g) })} ${feedSource}${entradas.racao_completa ? '' : ` ${t(k('incomplete'))}`}`,
    },
    {
      key: 'ca_corrigida',
      label: t(k('ca_corrigida')),
      value: n(set.ca_corrigida, 3),
      detail: t(k('reference'), { weight: n(entradas.peso_referencia_g, 0) }),
      formula: t(k('formula.ca_corrigida'), { reference: n(entradas.peso_referencia_g, 0), points: n(entradas.pontos_100g, 3) }),
    },
    {
      key: 'iep',
      label: t(k('iep')),
      value: n(set.iep, 1),
      detail: null,
      formula: t(k('formula.iep'), { livability: pct(set.viabilidade_pct), weight: withUnit(n(set.peso_medio_g === null ? null : set.peso_medio_g / 1000, 3), 'kg'), age: n(idade, 0), fcr: n(set.ca, 3) }),
    },
    {
      key: 'racao',
      label: t(k('racao')),
      value: kg(set.racao_kg),
      detail: feedSource,
      formula: t(k('formula.racao')),
    },
    {
      key: 'agua',
      label: t(k('agua')),
      value: withUnit(n(set.agua_l, 0), 'L'),
      detail: set.agua_racao === null ? null : t(k('waterFeed'), { value: n(set.agua_racao, 2) }),
      formula: t(k('formula.agua')),
    },
  ];
}
