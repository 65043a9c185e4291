import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../session/session';
import { defaultPeriod, readPeriod, todayInTimezone, withPeriod, type PeriodRead, type ReportPeriod } from './reportPeriod';

export interface ReportPeriodState extends PeriodRead {
  /** Today in the user's timezone (YYYY-MM-DD). */
  today: string;
  /** The translated text of `problem`, or null. */
  message: string | null;
  /** Puts a period in the url (replacing the entry: the back button leaves the report). */
  setPeriod: (period: ReportPeriod) => void;
  /** The quick range of `days` back to today. */
  setQuickRange: (days: number) => void;
}

/**
 * The period of a report page, read from and written to the url (?di&df), defaulting to
 * `fallback` or else the last `defaultDays` days in the user's timezone (a page may write it to the
 * url with setPeriod, so the link shared is the report shown). `period` is null while the url's
 * dates are invalid, and `message` then says why.
 */
export function useReportPeriod(defaultDays = 30, fallback?: ReportPeriod): ReportPeriodState {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const today = todayInTimezone(user.timezone);
  const fallbackDi = fallback?.di;
  const fallbackDf = fallback?.df;
  const read = useMemo(
    () => readPeriod(params, today, defaultDays, fallbackDi && fallbackDf ? { di: fallbackDi, df: fallbackDf } : undefined),
    [params, today, defaultDays, fallbackDi, fallbackDf],
  );
  const setPeriod = useCallback((period: ReportPeriod) => setParams((current) => withPeriod(current, period), { replace: true }), [setParams]);
  const setQuickRange = useCallback((days: number) => setPeriod(defaultPeriod(today, days)), [setPeriod, today]);
  return { ...read, today, message: read.problem ? t(`errors.${read.problem}`) : null, setPeriod, setQuickRange };
}
