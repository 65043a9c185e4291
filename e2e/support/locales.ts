import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../packages/web/src/i18n/locales/${language}.json`, import.meta.url)), 'utf8'));

const trees = { pt: load('pt'), en: load('en'), es: load('es') };

/** The text the web shows for `key`, read from the same locale files, with {{vars}} filled. */
export function text(language: keyof typeof trees, key: string, vars: Record<string, string> = {}): string {
  let node: string | Tree | undefined = trees[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no locale text ${language}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
