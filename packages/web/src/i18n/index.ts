import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared';
import { loadLocaleTree } from './resources';
import { useEffect, useState } from 'react';

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

/** Which languages have their public texts, and which also the signed-in screens' (features). */
const loadedPublic = new Set<Language>();
const loadedFeatures = new Set<Language>();
/** Once a signed-in screen asked for the features' texts, a language switch brings them too. */
let featuresWanted = false;

/**
 * Downloads a language's texts once: the public part (the shared file: sign-in, sign-up,
 * recovery, errors) and, when `withFeatures` or a signed-in screen asked for them before, every
 * feature's. The app renders after the stored language's public texts are in; RequireAuth waits
 * for the features' (useFeatureTexts).
 */
export async function loadLanguage(language: Language = storedLanguage(), withFeatures = featuresWanted): Promise<void> {
  if (!loadedPublic.has(language)) {
    i18n.addResourceBundle(language, 'translation', await loadLocaleTree(language, 'public'), true, true);
    loadedPublic.add(language);
  }
  if (withFeatures && !loadedFeatures.has(language)) {
    i18n.addResourceBundle(language, 'translation', await loadLocaleTree(language, 'features'), true, true);
    loadedFeatures.add(language);
  }
}

/** True when a language's texts are all in: the public ones, and the features' once signed-in screens want them. */
export const languageReady = (language: Language): boolean => loadedPublic.has(language) && (!featuresWanted || loadedFeatures.has(language));

/** True once the current language's feature texts are in (a signed-in screen renders after them). */
export function useFeatureTexts(): { ready: boolean; failure: unknown } {
  const language = currentLanguage();
  const [state, setState] = useState<{ language: Language | null; failure: unknown }>(() => ({ language: loadedFeatures.has(language) ? language : null, failure: null }));
  useEffect(() => {
    featuresWanted = true;
    if (loadedFeatures.has(language)) {
      setState({ language, failure: null });
      return;
    }
    let live = true;
    loadLanguage(language, true).then(
      () => live && setState({ language, failure: null }),
      (failure: unknown) => {
        console.error('[i18n] the texts of the signed-in screens could not be loaded', failure);
        if (live) setState({ language: null, failure });
      },
    );
    return () => {
      live = false;
    };
  }, [language]);
  return { ready: state.language === language || loadedFeatures.has(language), failure: state.failure };
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
