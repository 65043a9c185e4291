import type { Language } from '@portal/shared';
import type { LocaleTree } from './flatten';

// Only the language in use is downloaded: every file below is its own chunk, loaded on demand,
// so the first page does not carry the texts of three languages and of every screen.
const baseFiles = import.meta.glob('./locales/*.json', { import: 'default' }) as Record<string, () => Promise<LocaleTree>>;
// Each feature keeps its own texts in features/<feature>/locales/<lang>.json, under the key <feature>.
const featureFiles = import.meta.glob('../features/*/locales/*.json', { import: 'default' }) as Record<string, () => Promise<LocaleTree>>;
// Shared components with texts keep them in components/<folder>/locales/<lang>.json, under components.<folder>.
const componentFiles = import.meta.glob('../components/*/locales/*.json', { import: 'default' }) as Record<string, () => Promise<LocaleTree>>;

/**
 * Which texts of a language: `public` — the shared file, the shared components' and
 * PUBLIC_FEATURES' (all the sign-in, sign-up and recovery screens read); `features` — every other
 * feature's file (the signed-in screens'); `all` — both. The first screen (login) downloads only the public part, so texts
 * added to features never weigh on it.
 */
export type LocalePart = 'public' | 'features' | 'all';

/** Features whose texts the sign-in screens read (the form helpers' "check the fields"): part of `public`. */
export const PUBLIC_FEATURES: readonly string[] = ['records'];

/** The texts of one language: the shared file plus each feature's file under its folder's name. */
export async function loadLocaleTree(language: Language, part: LocalePart = 'all'): Promise<LocaleTree> {
  const base = part === 'features' ? async () => ({}) : baseFiles[`./locales/${language}.json`];
  if (!base) throw new Error(`no locale file for ${language}`);
  const inLanguage = (files: typeof featureFiles, pattern: RegExp) =>
    Object.entries(files).flatMap(([path, load]) => {
      const match = pattern.exec(path);
      return match && match[2] === language ? [{ feature: match[1]!, load }] : [];
    });
  const features = inLanguage(featureFiles, /features\/([^/]+)\/locales\/([a-z]+)\.json$/).filter(({ feature }) =>
    part === 'all' ? true : PUBLIC_FEATURES.includes(feature) === (part === 'public'),
  );
  const components = part === 'features' ? [] : inLanguage(componentFiles, /components\/([^/]+)\/locales\/([a-z]+)\.json$/);
  const [tree, ...texts] = await Promise.all([base(), ...[...features, ...components].map(({ load }) => load())]);
  const merged: LocaleTree = { ...tree };
  features.forEach(({ feature }, index) => {
    if (feature in merged) throw new Error(`features/${feature}/locales clashes with the top-level key "${feature}"`);
    merged[feature] = texts[index]!;
  });
  if (components.length > 0) {
    if ('components' in merged) throw new Error('components/*/locales clashes with the top-level key "components"');
    merged.components = Object.fromEntries(components.map(({ feature }, index) => [feature, texts[features.length + index]!]));
  }
  return merged;
}
