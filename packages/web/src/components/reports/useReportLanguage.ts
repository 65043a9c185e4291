import type { Language } from '@portal/shared';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/session';
import { numberFormat, type NumberFormat } from '../../features/records/numbers';
import i18n, { LOCALE_OF, isLanguage, languageReady, loadLanguage } from '../../i18n';

/**
 * The words and numbers of what the user produces (spec section 3, `reports_language`): a report on
 * screen, its print and its files follow the user's reports language, not the interface's. The
 * screen around the report (filters, buttons, menus) stays in the interface language.
 */
export interface ReportLanguage {
  language: Language;
  /** BCP 47 tag for dates in the report's language. */
  locale: string;
  /** Texts in the report's language (falls back to the interface's while its texts download). */
  t: TFunction;
  /** Numbers of the report: its language's, in the user's number format (separador_decimal). */
  numbers: NumberFormat;
}

/** The report language of the signed-in user; its texts are downloaded on first use. */
export function useReportLanguage(): ReportLanguage {
  const { t: interfaceT, i18n: instance } = useTranslation();
  const { user } = useCurrentUser();
  const wanted: Language = isLanguage(user.reports_language) ? user.reports_language : isLanguage(instance.language) ? instance.language : 'pt';
  const [loaded, setLoaded] = useState(() => languageReady(wanted));
  useEffect(() => {
    if (languageReady(wanted)) {
      setLoaded(true);
      return;
    }
    let live = true;
    setLoaded(false);
    loadLanguage(wanted, true).then(
      () => live && setLoaded(true),
      (error: unknown) => console.error(`[i18n] texts of the reports language "${wanted}" could not be loaded`, error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  // `loaded` re-renders once the texts arrive; the bundle itself decides (a new `wanted` may not be in yet).
  const ready = loaded && languageReady(wanted);
  const language: Language = ready ? wanted : isLanguage(instance.language) ? instance.language : 'pt';
  // The user's number format (separador_decimal) applies to reports too; null follows the report's language.
  const decimalPreference = user.separador_decimal;
  return useMemo(
    () => ({
      language,
      locale: LOCALE_OF[language],
      t: language === instance.language ? interfaceT : i18n.getFixedT(language),
      numbers: numberFormat(LOCALE_OF[language], decimalPreference),
    }),
    [language, instance.language, interfaceT, decimalPreference],
  );
}
