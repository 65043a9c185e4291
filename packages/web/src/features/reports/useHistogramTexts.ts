import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import type { HistogramTexts } from './histogramChart';

/** The histogram's words and numbers in the interface language. */
export function useHistogramTexts(): HistogramTexts {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  return {
    grams: (value) => numbers.format(value, 0),
    below: (limit) => t('reports.histogram.below', { limit }),
    above: (limit) => t('reports.histogram.above', { limit }),
    birds: t('reports.histogram.birds'),
    range: (from, to) => t('reports.histogram.range', { from, to }),
  };
}
