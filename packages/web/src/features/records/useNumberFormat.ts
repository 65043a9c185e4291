import { DEFAULT_LANGUAGE } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage, LOCALE_OF } from '../../i18n';
import { numberFormat, type NumberFormat } from './numbers';

/** The number format of the current interface language. */
export function useNumberFormat(): NumberFormat {
  const { i18n } = useTranslation();
  return numberFormat(LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE]);
}
