import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };
type Language = 'pt' | 'en' | 'es';

const cache = new Map<string, Tree>();

function tree(language: Language, feature: string): Tree {
  const path = fileURLToPath(new URL(`../../packages/web/src/features/${feature}/locales/${language}.json`, import.meta.url));
  let found = cache.get(path);
  if (!found) {
    found = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    cache.set(path, found);
  }
  return found;
}

/**
 * A text of a feature's own locale file (features/<feature>/locales/<lang>.json, loaded by the web
 * under the key <feature>): `featureText('pt', 'devices.contact.never')`. support/locales.ts reads
 * only the shared file.
 */
export function featureText(language: Language, key: string, vars: Record<string, string> = {}): string {
  const [feature, ...rest] = key.split('.');
  let node: string | Tree | undefined = tree(language, feature!);
  for (const part of rest) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no locale text ${language}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
