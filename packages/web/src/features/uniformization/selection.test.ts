import { computeStats, GRADER_CATEGORIES, type Estatisticas, type UniEstrutura } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { afterGrading, categoryKey, choiceFromSearch, compareGrading, periodFromSearch, resolveSelection, sortCategories } from './selection';

const ESTRUTURA: UniEstrutura = [
  { id: 1, nome: 'Sem seletora', seletoras: [], lotes: [{ id: 10, codigo: 'A', situacao: 'ativo', aviarios: [{ id: 100, nome: 'Av 1' }] }] },
  {
    id: 2,
    nome: 'Com seletora',
    seletoras: [
      { id: 7, serie: 'S-7', nome: 'Seletora 7' },
      { id: 8, serie: 'S-8', nome: '' },
    ],
    lotes: [
      { id: 20, codigo: 'Velho', situacao: 'encerrado', aviarios: [{ id: 200, nome: 'Av 1' }] },
      {
        id: 21,
        codigo: 'Novo',
        situacao: 'ativo',
        aviarios: [
          { id: 201, nome: 'Av 2' },
          { id: 202, nome: 'Av 3' },
        ],
      },
    ],
  },
];

// The empty group's figures, with just what the comparison reads set.
const stats = (totalAves: number, uni: number | null, cv: number | null): Estatisticas => ({ ...computeStats([]), totalAves, pesoMedio: totalAves ? 1000 : null, uni, cv });

describe('the uniformization selection', () => {
  it('reads the url, leaving out what is malformed', () => {
    expect(choiceFromSearch(new URLSearchParams('nucleo=2&lote=x&aviario=-1&seletora=8'))).toEqual({ nucleo: 2, seletora: 8 });
    expect(periodFromSearch(new URLSearchParams('inicio=2026-01-01&fim=2026-01-31'))).toEqual({ inicio: '2026-01-01', fim: '2026-01-31' });
    expect(periodFromSearch(new URLSearchParams('inicio=2026-02-01&fim=2026-01-31'))).toBeUndefined();
    expect(periodFromSearch(new URLSearchParams('inicio=2026-02-30&fim=2026-03-31'))).toBeUndefined();
  });

  it('defaults to the first farm with a grader, its first active flock and its first grader', () => {
    const selection = resolveSelection(ESTRUTURA, {}, new Map());
    expect([selection.farm?.id, selection.flock?.id, selection.house, selection.grader?.id]).toEqual([2, 21, undefined, 7]);
  });

  it('keeps the choices the structure has and drops the others', () => {
    const chosen = resolveSelection(ESTRUTURA, { nucleo: 2, lote: 20, seletora: 8 }, new Map());
    expect([chosen.flock?.id, chosen.grader?.id]).toEqual([20, 8]);
    const foreign = resolveSelection(ESTRUTURA, { nucleo: 1, lote: 21, seletora: 7 }, new Map());
    expect([foreign.farm?.id, foreign.flock?.id, foreign.grader, foreign.graders]).toEqual([1, 10, undefined, []]);
    expect(resolveSelection([], { nucleo: 1 }, new Map())).toEqual({ graders: [] });
  });

  it('with a house chosen offers the graders placed in it or in no house', () => {
    const houses = new Map([
      [7, 202],
      [8, null],
    ]);
    const inHouse = resolveSelection(ESTRUTURA, { nucleo: 2, lote: 21, aviario: 201, seletora: 7 }, houses);
    expect(inHouse.house?.id).toBe(201);
    expect(inHouse.graders.map((grader) => grader.id)).toEqual([8]);
    expect(inHouse.grader?.id).toBe(8);
    const other = resolveSelection(ESTRUTURA, { nucleo: 2, lote: 21, aviario: 202 }, houses);
    expect(other.graders.map((grader) => grader.id)).toEqual([7, 8]);
  });

  it('names the section 9 categories and keeps their order, unknown names after them', () => {
    expect(GRADER_CATEGORIES.map(categoryKey)).toEqual(['limit1', 'sl', 'light', 'average1', 'average2', 'heavy', 'superHeavy']);
    expect(categoryKey('Other')).toBeNull();
    expect(sortCategories(['Heavy', 'Zeta', 'Limit 1', 'Alfa', 'Heavy', 'Average 1'])).toEqual(['Limit 1', 'Average 1', 'Heavy', 'Alfa', 'Zeta']);
  });

  it('takes after grading from the categories of gettotaisselauto that hold birds, in box order', () => {
    const categoria = (box: number, aves: number) => ({ box, desc: GRADER_CATEGORIES[box - 1]!, aves, peso_total: 0, pm: null, percent: 0, stats: stats(aves, aves ? 100 : null, aves ? 0 : null) });
    const after = afterGrading({ categorias: [categoria(1, 0), categoria(3, 4), categoria(4, 0), categoria(6, 2)] });
    expect(after.map((entry) => [entry.categoria, entry.stats.totalAves])).toEqual([
      ['Light', 4],
      ['Heavy', 2],
    ]);
    expect(afterGrading({ categorias: [categoria(2, 0)] })).toEqual([]);
  });

  it('sets each category against the whole flock in points, null where a figure is missing', () => {
    const rows = compareGrading(stats(100, 72.5, 9.1), [
      { categoria: 'Heavy', stats: stats(20, 96.25, 3.05) },
      { categoria: 'Limit 1', stats: stats(1, 60, null) },
    ]);
    expect(rows.map((row) => [row.categoria, row.ganhoUni, row.ganhoCv])).toEqual([
      ['Limit 1', -12.5, null],
      ['Heavy', 23.75, -6.05],
    ]);
    expect(compareGrading(stats(0, null, null), [{ categoria: 'SL', stats: stats(3, 100, 0) }])[0]!.ganhoUni).toBeNull();
  });
});
