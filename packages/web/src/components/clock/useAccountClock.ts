import { DEFAULT_LANGUAGE } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/session';
import { isLanguage, LOCALE_OF } from '../../i18n';
import { accountClock, type AccountClock } from './clock';

/** The signed-in account's clock (its timezone), formatting in the interface language. */
export function useAccountClock(): AccountClock {
  const { i18n } = useTranslation();
  const { user } = useCurrentUser();
  const locale = LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  return useMemo(() => accountClock(user.timezone, locale), [user.timezone, locale]);
}
