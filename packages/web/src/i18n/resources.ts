import type { Language } from '@portal/shared';
import type { LocaleTree } from './flatten';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

const BASE: Record<Language, LocaleTree> = { pt: pt as LocaleTree, en: en as LocaleTree, es: es as LocaleTree };

// Each feature keeps its own texts in features/<feature>/locales/<lang>.json, under the key <feature>.
const featureFiles = import.meta.glob('../features/*/locales/*.json', { eager: true, import: 'default' }) as Record<string, LocaleTree>;

/** Every text of one language: the shared file plus each feature's file under its folder's name. */
export function localeTree(language: Language): LocaleTree {
  const tree: LocaleTree = { ...BASE[language] };
  for (const [path, texts] of Object.entries(featureFiles)) {
    const match = /features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!match || match[2] !== language) continue;
    const feature = match[1]!;
    if (feature in tree) throw new Error(`features/${feature}/locales clashes with the top-level key "${feature}"`);
    tree[feature] = texts;
  }
  return tree;
}
