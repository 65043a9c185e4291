import type { Estatisticas } from '@portal/shared';

/** How a statistic is shown: a count of birds, grams with 1 decimal, or a percentage with 2 (section 9). */
export type StatUnit = 'count' | 'grams' | 'percent';

type NumericStat = Exclude<keyof Estatisticas, 'scores'>;

/** The section 3 statistics, in the order screens and downloads show them. */
export const STAT_FIELDS: readonly { name: NumericStat; unit: StatUnit }[] = [
  { name: 'totalAves', unit: 'count' },
  { name: 'pesoMedio', unit: 'grams' },
  { name: 'desvioP', unit: 'grams' },
  { name: 'cv', unit: 'percent' },
  { name: 'uni', unit: 'percent' },
  { name: 'qtdUniforme', unit: 'count' },
  { name: 'corteBaixo', unit: 'grams' },
  { name: 'corteCima', unit: 'grams' },
  { name: 'qtdAbaixo', unit: 'count' },
  { name: 'perAbaixo', unit: 'percent' },
  { name: 'qtdAcima', unit: 'count' },
  { name: 'perAcima', unit: 'percent' },
  { name: 'menorPeso', unit: 'grams' },
  { name: 'maiorPeso', unit: 'grams' },
  { name: 'pesoTotal', unit: 'grams' },
];

export const DIGITS: Record<StatUnit, number> = { count: 0, grams: 1, percent: 2 };

/** Section 9: a box's bar changes colour above 40 and above 80 birds. */
export const BIRD_COLOUR_STEPS = [40, 80] as const;

/** 0: up to 40 birds, 1: 41 to 80, 2: more than 80. */
export function birdLevel(count: number): 0 | 1 | 2 {
  if (count > BIRD_COLOUR_STEPS[1]) return 2;
  if (count > BIRD_COLOUR_STEPS[0]) return 1;
  return 0;
}

/** Bar colours for birdLevel 0, 1 and 2: light, medium and deep tones of the portal's green (distinct in grey print too). */
export const BIRD_COLOURS = ['#a6dec7', '#23a873', '#006e46'] as const;
