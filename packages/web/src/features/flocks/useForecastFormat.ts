import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { formatDay, type ForecastFormat } from './forecast';

/**
 * How the forecast writes: the interface language's words, numbers in the user's number format,
 * days as dd/mm/yyyy. `key` changes whenever any of them does (for memoised charts).
 */
export function useForecastFormat(): { format: ForecastFormat; key: string } {
  const { t, i18n } = useTranslation();
  const n = useNumberFormat();
  return useMemo(
    () => ({ format: { t, number: (value, digits) => n.format(value, digits), day: formatDay }, key: `${i18n.language}|${n.locale}|${n.decimalMark}` }),
    [t, n, i18n.language],
  );
}
