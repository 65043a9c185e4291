import type { TFunction } from 'i18next';

/** A flock's age as the list and the detail show it: '1 dia', '35 dias', or a placement still to come. */
export function ageText(t: TFunction, idade: number): string {
  if (idade < 0) return t('flocks.age.ahead', { days: -idade });
  return idade === 1 ? t('flocks.age.oneDay') : t('flocks.age.days', { days: idade });
}
