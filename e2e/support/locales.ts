import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Tree = { [key: string]: string | Tree };

const WEB_SRC = fileURLToPath(new URL('../../packages/web/src/', import.meta.url));
const readJson = (path: string): Tree => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The shared file plus every feature's file under its folder's name, and every shared component's
 * under components.<folder>, as the web loads them (i18n/resources.ts).
 */
function load(language: string): Tree {
  const tree = readJson(`${WEB_SRC}i18n/locales/${language}.json`);
  for (const feature of readdirSync(`${WEB_SRC}features`)) {
    const file = `${WEB_SRC}features/${feature}/locales/${language}.json`;
    if (existsSync(file)) tree[feature] = readJson(file);
  }
  const components: Tree = {};
  for (const folder of readdirSync(`${WEB_SRC}components`)) {
    const file = `${WEB_SRC}components/${folder}/locales/${language}.json`;
    if (existsSync(file)) components[folder] = readJson(file);
  }
  tree.components = components;
  return tree;
}

const trees = { pt: load('pt'), en: load('en'), es: load('es') };

/** The text the web shows for `key`, read from the same locale files, with {{vars}} filled. */
export function text(language: keyof typeof trees, key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = trees[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no locale text ${language}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
