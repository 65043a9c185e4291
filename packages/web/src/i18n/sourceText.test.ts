import { describe, expect, it } from 'vitest';
import { flatten } from './flatten';
import { loadLocaleTree } from './resources';

// Every source file of the web, as text (Vite's glob import works in Vitest without node APIs).
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const keys = flatten(await loadLocaleTree('pt'));
const publicKeys = flatten(await loadLocaleTree('pt', 'public'));

/** The sign-in, sign-up and recovery screens and what they build on: they render before the features' texts are in. */
const SIGN_IN_SOURCES = /^\.\.\/(features\/auth\/|components\/session\/|features\/records\/(schemaForm|schemaErrors)\.ts$|api\/)/;

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('web sources', () => {
  it('were found', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('show no words outside the locale files', () => {
    const found: string[] = [];
    for (const [file, code] of Object.entries(sources)) {
      if (!file.endsWith('.tsx')) continue;
      const source = withoutComments(code);
      // Text between JSX tags, such as <Text>Hello</Text> or <Text>Hello {name}</Text> (not `=>`).
      for (const match of source.matchAll(/(?<!=)>([^<>{}()=;:[\]]*\p{L}{2,}[^<>{}()=;:[\]]*)(?=[<{])/gu)) {
        found.push(`${file}: ${match[1]?.trim()}`);
      }
      // Visible props given as plain strings.
      for (const match of source.matchAll(/\b(label|placeholder|title|description|aria-label|alt)="([^"]*\p{L}[^"]*)"/gu)) {
        found.push(`${file}: ${match[1]}="${match[2]}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('on the sign-in screens, use only the texts downloaded before sign-in', () => {
    const late: string[] = [];
    const files = Object.entries(sources).filter(([file]) => SIGN_IN_SOURCES.test(file));
    expect(files.length).toBeGreaterThan(5);
    for (const [file, code] of files) {
      for (const match of code.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        const key = match[1] ?? '';
        if (!publicKeys.has(key) && !publicKeys.has(`${key}_other`)) late.push(`${file}: ${key}`);
      }
    }
    expect(late).toEqual([]);
  });

  it('use only translation keys that exist', () => {
    const unknown: string[] = [];
    for (const [file, code] of Object.entries(sources)) {
      for (const match of code.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        const key = match[1] ?? '';
        // i18next plurals: t('x', { count }) reads x_one / x_other.
        if (!keys.has(key) && !keys.has(`${key}_other`)) unknown.push(`${file}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
