import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLocaleTree } from '../../i18n/resources';
import { numberFormat } from '../records/numbers';
import { flockLabelled, groupTitle, histogramTexts, labelled, statText } from './reportTexts';

async function translator(language: 'pt' | 'en' | 'es'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('a value under its label, said once', () => {
  it('prefixes the label unless the value already starts with it', () => {
    expect(labelled('Lote', 'L-7')).toBe('Lote L-7');
    expect(labelled('Lote', 'Lote 101')).toBe('Lote 101');
    expect(labelled('Lote', 'lote 101')).toBe('lote 101');
    expect(labelled('Aviário', 'Aviário 1', ': ')).toBe('Aviário 1');
    expect(labelled('Lado', 'A', ': ')).toBe('Lado: A');
  });

  it('keeps the label when the value only begins with the same letters', () => {
    expect(labelled('Lote', 'Loteamento Sul')).toBe('Lote Loteamento Sul');
    expect(flockLabelled('Flock', 'Loteamento Sul')).toBe('Flock Loteamento Sul');
    expect(labelled('Lote', 'Lote101')).toBe('Lote101');
    expect(labelled('Lote', '')).toBe('Lote');
  });
});

describe('group titles (issue 16: no "Lote Lote 101")', () => {
  it('names date, flock and sex in the report language and the report kind’s words', async () => {
    const pt = await translator('pt');
    expect(groupTitle(pt, 'aves', { data: '2026-11-10', lote: 'Lote 101', sexo: 'Macho' })).toBe('10/11/2026 · Lote 101 · Macho');
    expect(groupTitle(pt, 'aves', { data: '2026-11-10', lote: 'L-7', sexo: 'Macho' })).toBe('10/11/2026 · Lote L-7 · Macho');
    expect(groupTitle(pt, 'incubatorio', { data: '2026-11-10', lote: 'N-12', sexo: 'Cobb' })).toBe('10/11/2026 · Nascimento N-12 · Cobb');
    const en = await translator('en');
    // 'Lote 101' names itself a flock in any language: not 'Flock Lote 101'.
    expect(groupTitle(en, 'aves', { data: '2026-11-10', lote: 'Lote 101', sexo: '' })).toBe('10/11/2026 · Lote 101 · —');
    expect(groupTitle(en, 'aves', { data: '2026-11-10', lote: 'L-7', sexo: 'Male' })).toBe('10/11/2026 · Flock L-7 · Male');
  });
});

describe('statistics and histogram texts in the reports language', () => {
  it('writes grams, percentages and counts with the language’s units and the number format given', async () => {
    const en = { t: await translator('en'), numbers: numberFormat('en-US') };
    expect(statText(en, 2000, 'grams')).toBe('2,000.0 g');
    expect(statText(en, 11.18, 'percent')).toBe('11.18 %');
    expect(statText(en, 1234, 'count')).toBe('1,234');
    expect(statText(en, null, 'grams')).toBe('—');
    const pt = { t: await translator('pt'), numbers: numberFormat('pt-BR') };
    expect(statText(pt, 2000, 'grams')).toBe('2.000,0 g');
  });

  it('labels the histogram in the reports language', async () => {
    const texts = histogramTexts({ t: await translator('es'), numbers: numberFormat('es-ES') });
    expect(texts.birds).toBe('aves');
    expect(texts.grams(1500)).toBe('1.500');
    expect(texts.below('1.500')).toBe('< 1.500');
  });
});
