import { DEFAULT_LANGUAGE } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage, LOCALE_OF } from '../../i18n';
import { useCurrentUser } from '../auth/session';
import { onWallClock } from './dosingTime';

/**
 * Times of dosing events in the user's timezone (users.timezone, the one the reports count days
 * in), whatever the browser's: date and time, or the time alone.
 */
export function useDosingTime() {
  const { i18n } = useTranslation();
  const { user } = useCurrentUser();
  const locale = LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: 'UTC' });
  const shift = (iso: string | null) => (iso === null || Number.isNaN(Date.parse(iso)) ? null : onWallClock(iso, user.timezone));
  return {
    timezone: user.timezone,
    dateTime: (iso: string | null) => {
      const at = shift(iso);
      return at ? dateTime.format(at) : '';
    },
    time: (iso: string | null) => {
      const at = shift(iso);
      return at ? time.format(at) : '';
    },
  };
}
