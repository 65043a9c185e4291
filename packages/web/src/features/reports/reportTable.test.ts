import { describe, expect, it } from 'vitest';
import { COLUMN_IDS, LEVELS, numberText, printPages, reportBoxes, reportTable, scoresText, type ColumnId, type Level } from './reportTable';
import { numberFormat } from '../records/numbers';
import { birdLevel } from './statFields';
import { TEST_REPORT } from './testReport';

const headers = Object.fromEntries(COLUMN_IDS.map((id) => [id, id])) as Record<ColumnId, string>;
const levels = Object.fromEntries(LEVELS.map((level) => [level, level])) as Record<Level, string>;
const texts = { title: 'Análise de pesagem', meta: [] as [string, string][], headers, levels };

const cellsOf = (table: ReturnType<typeof reportTable>, rowIndex: number) =>
  Object.fromEntries(table.columns.map((column, index) => [column.id, table.rows[rowIndex]![index]]));

describe('numberText', () => {
  it('writes pt-BR with a decimal comma, grouping only when asked', () => {
    expect(numberText(numberFormat('pt-BR'), false)(1234.5, 1)).toBe('1234,5');
    expect(numberText(numberFormat('pt-BR'), true)(1234.5, 1)).toBe('1.234,5');
    expect(numberText(numberFormat('en-US'), false)(1234.5, 2)).toBe('1234.50');
    expect(numberText(numberFormat('es-ES'), true)(12345.67, 2)).toBe('12.345,67');
  });
});

describe('reportTable', () => {
  const table = reportTable(TEST_REPORT, texts, numberText(numberFormat('pt-BR'), false));

  it('has one row per node, total first, depth first', () => {
    expect(table.rows.map((row) => row[0])).toEqual(['total', 'grupo', 'categoria', 'lado', 'box', 'box']);
    expect(table.columns.map((column) => column.id)).toEqual([...COLUMN_IDS]);
  });

  it('writes the box keys, the section 3 statistics and the scores in the number format', () => {
    const box = cellsOf(table, 4);
    expect(box).toMatchObject({
      nivel: 'box',
      data: '10/11/2026',
      nucleo: 'Granja Primavera',
      lote: 'L-7',
      sexo: 'Macho',
      aviario: 'Aviário 1',
      lado: 'A',
      box: '1',
      linha: 'Ross',
      idade_lote: '28',
      key: '2026-11-10;L-7;Macho;Aviário 1;A;1.R.P',
      totalAves: '3',
      pesoMedio: '2000,0',
      desvioP: '200,0',
      cv: '10,00',
      uni: '100,00',
      corteBaixo: '1800,0',
      corteCima: '2200,0',
      pesoTotal: '6000,0',
      pmComparacao: '',
      scores: '2: 1 (100,00 %)',
    });
    expect(cellsOf(table, 5)).toMatchObject({ pesoMedio: '1234,5', corteCima: '1357,9', scores: '' });
  });

  it('compares a group with its standard', () => {
    expect(cellsOf(table, 1)).toMatchObject({ nivel: 'grupo', idade_lote: '28', pmComparacao: '1530,0', percentPadrao: '130,72', key: '' });
  });

  it('leaves empty statistics blank (an empty group has no mean)', () => {
    const empty = {
      ...TEST_REPORT,
      grupos: [],
      total: { ...TEST_REPORT.total, totalAves: 0, pesoTotal: 0, pesoMedio: null, desvioP: null, cv: null, uni: null, scores: [] },
    };
    expect(cellsOf(reportTable(empty, texts, numberText(numberFormat('en-US'), false)), 0)).toMatchObject({ totalAves: '0', pesoTotal: '0.0', pesoMedio: '', cv: '' });
  });

  it('marks numeric columns for alignment', () => {
    expect(table.columns.filter((column) => column.numeric).map((column) => column.id)).toContain('pesoMedio');
    expect(table.columns.find((column) => column.id === 'key')?.numeric).toBe(false);
  });
});

describe('scoresText', () => {
  it('lists every score with its count and percent', () => {
    const scores = [
      { score: 1, count: 3, percent: 30 },
      { score: 2, count: 7, percent: 70 },
    ];
    expect(scoresText(scores, numberText(numberFormat('en-US'), false))).toBe('1: 3 (30.00 %) | 2: 7 (70.00 %)');
  });
});

describe('boxes and printed pages', () => {
  it('walks every box in report order', () => {
    expect(reportBoxes(TEST_REPORT).map(({ box }) => box.box)).toEqual(['1', '2']);
  });

  it('splits 9 boxes into pages of 4, 4 and 1', () => {
    expect(printPages([1, 2, 3, 4, 5, 6, 7, 8, 9]).map((page) => page.length)).toEqual([4, 4, 1]);
    expect(printPages([])).toEqual([]);
  });
});

describe('bird colour steps (section 9: above 40 and above 80)', () => {
  it.each([
    [0, 0],
    [40, 0],
    [41, 1],
    [80, 1],
    [81, 2],
  ])('%i birds → level %i', (count, level) => {
    expect(birdLevel(count)).toBe(level);
  });
});
