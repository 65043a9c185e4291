import { describe, expect, it } from 'vitest';
import { escapeHtml, toCsv, toHtml, toTxt } from './exportFormat';
import type { ReportTable } from './reportTable';

const table: ReportTable = {
  title: 'Análise de pesagem',
  meta: [
    ['Período', '01/11/2026 – 30/11/2026'],
    ['Balanças', 'BAL-1, BAL-2'],
  ],
  columns: [
    { id: 'lote', title: 'lote', numeric: false },
    { id: 'key', title: 'key', numeric: false },
    { id: 'pesoMedio', title: 'pesoMedio', numeric: true },
  ],
  rows: [
    ['L-7', '2026-11-10;L-7;1.R.P', '2.000,0'],
    ['Lote "B"', 'x', '1.234,5'],
  ],
};

describe('toCsv', () => {
  it('writes the titles, then a line per row in the separator, quoting what holds it', () => {
    expect(toCsv(table, ';')).toBe('lote;key;pesoMedio\r\nL-7;"2026-11-10;L-7;1.R.P";2.000,0\r\n"Lote ""B""";x;1.234,5\r\n');
  });

  it('quotes decimal commas when the separator is a comma', () => {
    expect(toCsv(table, ',').split('\r\n')[1]).toBe('L-7,2026-11-10;L-7;1.R.P,"2.000,0"');
  });
});

describe('toTxt', () => {
  it('aligns columns, numbers to the right, under the title and meta lines', () => {
    expect(toTxt(table).split('\r\n')).toEqual([
      'Análise de pesagem',
      '==================',
      'Período:  01/11/2026 – 30/11/2026',
      'Balanças: BAL-1, BAL-2',
      '',
      'lote      key                   pesoMedio',
      '-----------------------------------------',
      'L-7       2026-11-10;L-7;1.R.P    2.000,0',
      'Lote "B"  x                       1.234,5',
      '',
    ]);
  });
});

describe('toHtml', () => {
  it('escapes every text and marks numeric cells', () => {
    const html = toHtml({ ...table, title: '<b>&' }, 'pt');
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('<title>&lt;b&gt;&amp;</title>');
    expect(html).toContain('<tr><td>Lote &quot;B&quot;</td><td>x</td><td class="n">1.234,5</td></tr>');
    expect(html).toContain('<dt>Balanças</dt><dd>BAL-1, BAL-2</dd>');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml("a'b")).toBe('a&#39;b');
    expect(escapeHtml('Aviário 1')).toBe('Aviário 1');
  });
});
