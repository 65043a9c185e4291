import type { Language } from '@portal/shared';
import type { LocaleTree } from './flatten';

// Only the language in use is downloaded: every file below is its own chunk, loaded on demand,
// so the first page does not carry the texts of three languages and of every screen.
const baseFiles = import.meta.glob('./locales/*.json', { import: 'default' }) as Record<string, () => Promise<LocaleTree>>;
// Each feature keeps its own texts in features/<feature>/locales/<lang>.json, under the key <feature>.
const featureFiles = import.meta.glob('../features/*/locales/*.json', { import: 'default' }) as Record<string, () => Promise<LocaleTree>>;

/** Every text of one language: the shared file plus each feature's file under its folder's name. */
export async function loadLocaleTree(language: Language): Promise<LocaleTree> {
  const base = baseFiles[`./locales/${language}.json`];
  if (!base) throw new Error(`no locale file for ${language}`);
  const features = Object.entries(featureFiles).flatMap(([path, load]) => {
    const match = /features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    return match && match[2] === language ? [{ feature: match[1]!, load }] : [];
  });
  const [tree, ...texts] = await Promise.all([base(), ...features.map(({ load }) => load())]);
  const merged: LocaleTree = { ...tree };
  features.forEach(({ feature }, index) => {
    if (feature in merged) throw new Error(`features/${feature}/locales clashes with the top-level key "${feature}"`);
    merged[feature] = texts[index]!;
  });
  return merged;
}
