import { createInstance, type TFunction } from 'i18next';
import { loadLocaleTree } from '../../i18n/resources';
import { numberFormat } from '../records/numbers';
import { reportTexts, type ReportTexts } from './reportTexts';

/** As the app's LOCALE_OF (i18n/index.ts, which needs a document). */
const LOCALE_OF = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const;

/** The report's texts in a language, from the real locale files, for the unit tests. */
export async function testReportTexts(language: 'pt' | 'en' | 'es'): Promise<ReportTexts> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } }, interpolation: { escapeValue: false } });
  return reportTexts({ language, locale: LOCALE_OF[language], t: i18n.t as TFunction, numbers: numberFormat(LOCALE_OF[language]) });
}
