import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flockTitle } from './flockTitle';

/** The real 'Lote {{code}}' of each language, so a changed translation is tested too. */
function prefixedIn(language: 'pt' | 'en' | 'es') {
  const texts = JSON.parse(readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8')) as { form: { titleOf: string } };
  return (code: string) => texts.form.titleOf.replace('{{code}}', code);
}

describe('flockTitle', () => {
  it('puts the word before a bare code', () => {
    expect(flockTitle('101', prefixedIn('pt'))).toBe('Lote 101');
    expect(flockTitle('L-2024-07', prefixedIn('en'))).toBe('Flock L-2024-07');
    expect(flockTitle('SC-01', prefixedIn('es'))).toBe('Lote SC-01');
  });

  it('does not say the word twice when the code starts with it, in any case and language', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      expect(flockTitle('Lote 101', prefixedIn(language))).toBe('Lote 101');
      expect(flockTitle('LOTE-7', prefixedIn(language))).toBe('LOTE-7');
      expect(flockTitle('lote101', prefixedIn(language))).toBe('lote101');
      expect(flockTitle('Flock 3', prefixedIn(language))).toBe('Flock 3');
      expect(flockTitle('Lot 9', prefixedIn(language))).toBe('Lot 9');
    }
  });

  it('prefixes a code that only starts with the same letters', () => {
    expect(flockTitle('Loteamento 2', prefixedIn('pt'))).toBe('Lote Loteamento 2');
    expect(flockTitle('Lotação A', prefixedIn('pt'))).toBe('Lote Lotação A');
    expect(flockTitle('Eclosão 12/11', prefixedIn('pt'))).toBe('Lote Eclosão 12/11');
  });

  it('trims the code', () => {
    expect(flockTitle('  Lote 5 ', prefixedIn('pt'))).toBe('Lote 5');
    expect(flockTitle(' 5 ', prefixedIn('pt'))).toBe('Lote 5');
  });
});
