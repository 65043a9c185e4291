import { DEFAULT_LANGUAGE } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LOCALE_OF } from '../../i18n';
import { useCurrentUser } from '../../components/session/session';
import { numberFormat, type NumberFormat } from './numbers';

/** Numbers of the screen: the interface language's, in the user's number format (separador_decimal). */
export function useNumberFormat(): NumberFormat {
  const { i18n } = useTranslation();
  const { user } = useCurrentUser();
  const locale = LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  const preference = user.separador_decimal;
  return useMemo(() => numberFormat(locale, preference), [locale, preference]);
}
