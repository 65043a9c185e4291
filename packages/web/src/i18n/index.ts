import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared';
import { loadLocaleTree } from './resources';

/** localStorage key of the interface language (spec: the choice is stored locally). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** BCP 47 tags for dates and numbers in each interface language. */
export const LOCALE_OF: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Downloads a language's texts once; the app renders after the stored language's are in. */
export async function loadLanguage(language: Language = storedLanguage()): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadLocaleTree(language));
}

/** Switches the interface language now and remembers it on this device. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = isLanguage(language) ? LOCALE_OF[language] : language;
});

void i18n.use(initReactI18next).init({
  resources: {},
  // Texts arrive per language through loadLanguage.
  partialBundledLanguages: true,
  lng: storedLanguage(),
  supportedLngs: [...LANGUAGES],
  // No fallback language: the three files hold the same keys, and a missing one must show up.
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already.
  saveMissing: true,
  // Spec section 8: an unknown key is logged and the key itself is shown (i18next's default output).
  missingKeyHandler: (languages, _namespace, key) => {
    console.warn(`[i18n] missing translation key "${key}" for ${languages.join(', ')}`);
  },
  react: { useSuspense: false },
  showSupportNotice: false,
});

export default i18n;
