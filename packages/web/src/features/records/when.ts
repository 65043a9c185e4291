import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@portal/shared';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { isLanguage, LOCALE_OF } from '../../i18n';

export interface WhenFormat {
  /**
   * A timestamp as date and time in the interface language ('05/03/2026 14:30'), on the account's
   * clock, with its zone after it when the browser's clock reads another time ('… 14:30 UTC−3').
   */
  dateTime: (iso: string | null | undefined) => string;
  /** How long ago, in words ('há 5 minutos', '3 days ago'). */
  ago: (iso: string, now?: number) => string;
}

const cache = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string) {
  let found = cache.get(locale);
  if (!found) {
    found = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    cache.set(locale, found);
  }
  return found;
}

/** Whole minutes since `iso` (0 for times in the future, when clocks disagree). */
export const minutesSince = (iso: string, now = Date.now()) => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));

export function useWhen(): WhenFormat {
  const { i18n } = useTranslation();
  const locale = LOCALE_OF[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  const relative = relativeFormat(locale);
  const clock = useAccountClock();
  return {
    dateTime: (iso) => clock.labelled(clock.dateTime(iso)),
    ago: (iso, now) => {
      const minutes = minutesSince(iso, now);
      if (minutes < 60) return relative.format(-minutes, 'minute');
      if (minutes < 1440) return relative.format(-Math.floor(minutes / 60), 'hour');
      return relative.format(-Math.floor(minutes / 1440), 'day');
    },
  };
}
