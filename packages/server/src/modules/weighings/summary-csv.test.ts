import { computeStats, type ResumoResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { summaryCsv } from './summary-csv.js';

const summary: ResumoResponse = {
  inicio: '2026-11-01',
  fim: '2026-11-30',
  linhas: [
    {
      nome_nucleo: 'Granja, Norte',
      lote: 'L-7',
      aviario: '=1+1',
      lado: 'A',
      box: '1',
      primeira: '2026-11-10',
      ultima: '2026-11-17',
      dias: 2,
      stats: computeStats([18_000, 20_000, 22_000]),
    },
  ],
};

describe('summary CSV (v2/resumo?tipo=csv)', () => {
  it('quotes decimal commas and texts holding a comma separator, so every line keeps its columns (birds on both band edges are uniform)', () => {
    const [header, line] = summaryCsv(summary, ',', ',').split('\r\n');
    expect(line).toBe(
      '"Granja, Norte",L-7,\'=1+1,A,1,2026-11-10,2026-11-17,2,3,"6000,0","2000,0","200,0","10,00","100,00","2200,0","1800,0",3,0,0,"0,00","0,00","2200,0","1800,0"',
    );
    expect(header!.split(',')).toHaveLength(23);
  });

  it('leaves figures bare when the separator is not their decimal mark', () => {
    const [, semicolon] = summaryCsv(summary, ';', ',').split('\r\n');
    expect(semicolon).toContain(';6000,0;2000,0;200,0;10,00;');
    const [, english] = summaryCsv(summary, ',', '.').split('\r\n');
    expect(english).toContain(',6000.0,2000.0,200.0,10.00,');
  });
});
