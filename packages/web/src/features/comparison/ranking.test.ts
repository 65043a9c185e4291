import type { Comparativo, LinhaComparativo } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../components/reports/reportText';
import { firstDirection, nextSort, quartileTone, rankingCsv, rankingCsvName, sortLines, type RankingCsvTexts } from './ranking';

const line = (chave: string, fields: Partial<LinhaComparativo>): LinhaComparativo => ({
  chave,
  nome: chave,
  proprietario: { id: 1, nome: 'Granja A' },
  nucleo: { id: 4, nome: 'Núcleo 1' },
  lotes: 1,
  aves_alojadas: 1000,
  idade: 42,
  viabilidade_pct: 95,
  peso_medio_g: 2800,
  ganho_medio_g: 65,
  ca: 1.7,
  ca_corrigida: 1.64,
  iep: 350,
  uniformidade_pct: 80,
  posicao: null,
  quartil: null,
  ...fields,
});

// Four ranked lines (IEP 400 > 380 > 300 > 250) and one without IEP (no feed data).
const LINES = [
  line('lote:3', { nome: 'L-3', iep: 300, ca: 1.8, posicao: 3, quartil: 3 }),
  line('lote:1', { nome: 'L-1', iep: 400, ca: 1.55, posicao: 1, quartil: 1 }),
  line('lote:5', { nome: 'L-5', iep: null, ca: null, posicao: null, quartil: null }),
  line('lote:4', { nome: 'L-4', iep: 250, ca: 1.9, posicao: 4, quartil: 4, proprietario: { id: 2, nome: 'Sítio B' } }),
  line('lote:2', { nome: 'L-10', iep: 380, ca: 1.6, posicao: 2, quartil: 2 }),
];
const names = (lines: readonly LinhaComparativo[]) => lines.map((entry) => entry.nome);

describe('sortLines', () => {
  it('orders by the IEP rank by default, lines without a rank last', () => {
    expect(names(sortLines(LINES, { key: 'posicao', direction: 'asc' }))).toEqual(['L-1', 'L-10', 'L-3', 'L-4', 'L-5']);
  });

  it('keeps lines without the value last whichever way a column is turned', () => {
    expect(names(sortLines(LINES, { key: 'ca', direction: 'asc' }))).toEqual(['L-1', 'L-10', 'L-3', 'L-4', 'L-5']);
    expect(names(sortLines(LINES, { key: 'ca', direction: 'desc' }))).toEqual(['L-4', 'L-3', 'L-10', 'L-1', 'L-5']);
    expect(names(sortLines(LINES, { key: 'iep', direction: 'desc' })).at(-1)).toBe('L-5');
  });

  it('sorts names in natural order and breaks ties by rank', () => {
    expect(names(sortLines(LINES, { key: 'nome', direction: 'asc' }))).toEqual(['L-1', 'L-3', 'L-4', 'L-5', 'L-10']);
    // Every line has the same uniformity: the rank decides.
    expect(names(sortLines(LINES, { key: 'uniformidade_pct', direction: 'desc' }))).toEqual(['L-1', 'L-10', 'L-3', 'L-4', 'L-5']);
    expect(names(sortLines(LINES, { key: 'proprietario', direction: 'desc' }))[0]).toBe('L-4');
  });

  it('does not reorder the array it is given', () => {
    const before = names(LINES);
    sortLines(LINES, { key: 'iep', direction: 'asc' });
    expect(names(LINES)).toEqual(before);
  });
});

describe('sort clicks', () => {
  it('starts an indicator best first (FCR lowest, IEP highest) and turns it around on a second click', () => {
    expect(firstDirection('ca')).toBe('asc');
    expect(firstDirection('ca_corrigida')).toBe('asc');
    expect(firstDirection('iep')).toBe('desc');
    expect(firstDirection('viabilidade_pct')).toBe('desc');
    expect(nextSort({ key: 'posicao', direction: 'asc' }, 'iep')).toEqual({ key: 'iep', direction: 'desc' });
    expect(nextSort({ key: 'iep', direction: 'desc' }, 'iep')).toEqual({ key: 'iep', direction: 'asc' });
  });
});

describe('quartileTone', () => {
  it('names the top quarter the head and the bottom one the tail', () => {
    expect([1, 2, 3, 4, null].map(quartileTone)).toEqual(['head', 'middle', 'middle', 'tail', 'none']);
  });
});

describe('rankingCsv', () => {
  const report: Comparativo = {
    por: 'lote',
    di: '2025-01-01',
    df: '2025-03-31',
    linhas: LINES,
    media: { lotes: 5, aves_alojadas: 5000, idade: 42, viabilidade_pct: 95.5, peso_medio_g: 2812.3, ganho_medio_g: 65.2, ca: 1.712, ca_corrigida: 1.651, iep: 332.5, uniformidade_pct: 80 },
  };
  const texts: RankingCsvTexts = {
    columns: {
      posicao: 'Pos',
      quartil: 'Quartil',
      nome: 'Nome',
      proprietario: 'Produtor',
      nucleo: 'Núcleo',
      lotes: 'Lotes',
      aves_alojadas: 'Aves',
      idade: 'Idade',
      viabilidade_pct: 'Viab',
      peso_medio_g: 'Peso',
      ganho_medio_g: 'GMD',
      ca: 'CA',
      ca_corrigida: 'CAc',
      iep: 'IEP',
      uniformidade_pct: 'Unif',
    },
    quartile: (quartil) => ({ 1: 'Cabeça', 4: 'Cola' })[quartil] ?? `Q${quartil}`,
    mean: 'Média',
  };

  it('writes the lines in the order shown, quartiles in words, then the mean line', () => {
    const shown = sortLines(LINES, { key: 'posicao', direction: 'asc' });
    const { header, rows } = rankingCsv(report, shown, texts, { owners: false });
    expect(header).toEqual(['Pos', 'Quartil', 'Nome', 'Núcleo', 'Lotes', 'Aves', 'Idade', 'Viab', 'Peso', 'GMD', 'CA', 'CAc', 'IEP', 'Unif']);
    expect(rows.map((row) => row[2])).toEqual(['L-1', 'L-10', 'L-3', 'L-4', 'L-5', 'Média']);
    expect(rows.map((row) => row[1])).toEqual(['Cabeça', 'Q2', 'Q3', 'Cola', null, null]);
    // L-5 has no feed data: FCR and IEP empty (never 0), the rest as given.
    expect(rows[4]!.slice(-4)).toEqual([null, 1.64, null, 80]);
    expect(rows.at(-1)!.slice(-4)).toEqual([1.712, 1.651, 332.5, 80]);
    expect(rows.every((row) => row.length === header.length)).toBe(true);
  });

  it('adds the owner column when owners are side by side, and drops the farm column for owner lines', () => {
    const withOwners = rankingCsv(report, LINES, texts, { owners: true });
    expect(withOwners.header.slice(0, 5)).toEqual(['Pos', 'Quartil', 'Nome', 'Produtor', 'Núcleo']);
    expect(withOwners.rows.find((row) => row[2] === 'L-4')![3]).toBe('Sítio B');
    const byOwner = rankingCsv({ ...report, por: 'proprietario' }, LINES, texts, { owners: true });
    expect(byOwner.header).not.toContain('Produtor');
    expect(byOwner.header).not.toContain('Núcleo');
    expect(byOwner.rows.every((row) => row.length === byOwner.header.length)).toBe(true);
  });

  it('goes through the shared cell rule: a formula-like name is defused, decimal commas quoted', () => {
    const hostile = [line('lote:9', { nome: '=HYPERLINK("x")', ca: 1.5, posicao: 1, quartil: 1 })];
    const { header, rows } = rankingCsv({ ...report, linhas: hostile }, hostile, texts, { owners: false });
    const file = csvText({ locale: 'pt-BR', separator: ',', decimalMark: ',' }, header, rows);
    // Quoted because of the quote marks and defused with an apostrophe; the FCRs quoted for their decimal comma.
    expect(file.split('\r\n')[1]).toBe(`1,Cabeça,"'=HYPERLINK(""x"")",Núcleo 1,1,1000,42,95,2800,65,"1,5","1,64",350,80`);
  });

  it('names the file by grouping and period', () => {
    expect(rankingCsvName(report)).toBe('comparativo-lote-2025-01-01-2025-03-31.csv');
  });
});
