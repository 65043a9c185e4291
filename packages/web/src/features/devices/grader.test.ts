import type { SelCategoria } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { BIRD_COLOURS } from '../reports/statFields';
import { birdBarColour, birdBarWidth, categoryName, changedBoxes, sideOf } from './grader';

const box = (index: number, aves: number, descricao = ''): SelCategoria => ({ box: index, descricao, aves, peso_total: aves * 2000, pm: 2000, percent: 0 });

describe('category naming', () => {
  it('names a box by the section 9 category of its index when the grader sends no description', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((index) => categoryName(box(index, 0)))).toEqual(['Limit 1', 'SL', 'Light', 'Average 1', 'Average 2', 'Heavy', 'Super heavy']);
  });

  it("keeps the grader's own description, trimmed", () => {
    expect(categoryName(box(3, 0, '  Leves A '))).toBe('Leves A');
  });

  it('has no name for an index outside the seven categories and a blank description', () => {
    expect(categoryName(box(0, 0))).toBeNull();
    expect(categoryName(box(8, 0, '   '))).toBeNull();
  });
});

describe('changed boxes (the 100 ms flash)', () => {
  it('flashes nothing on the first reading', () => {
    expect(changedBoxes(null, [box(1, 5), box(2, 3)])).toEqual([]);
  });

  it('flashes exactly the boxes whose bird count changed, up or down', () => {
    expect(changedBoxes([box(1, 5), box(2, 3), box(3, 9)], [box(1, 6), box(2, 3), box(3, 0)])).toEqual([1, 3]);
  });

  it('ignores changes of weight or percent alone', () => {
    expect(changedBoxes([box(1, 5)], [{ ...box(1, 5), peso_total: 1, pm: 1, percent: 50 }])).toEqual([]);
  });

  it('flashes a box that appears with birds, not one that appears empty', () => {
    expect(changedBoxes([box(1, 5)], [box(1, 5), box(2, 1), box(3, 0)])).toEqual([2]);
  });
});

describe('side indicator', () => {
  it('points at the box whose count grew', () => {
    expect(sideOf([box(1, 5), box(2, 3)], [box(1, 5), box(2, 4)])).toEqual([2]);
  });

  it('is whole (empty) when nothing grew: first reading, same counts or a reset selection', () => {
    expect(sideOf(null, [box(1, 5)])).toEqual([]);
    expect(sideOf([box(1, 5)], [box(1, 5)])).toEqual([]);
    expect(sideOf([box(1, 5), box(2, 3)], [box(1, 0), box(2, 0)])).toEqual([]);
  });
});

describe('bird bar', () => {
  it('changes colour above 40 and above 80 birds, with the weight report colours', () => {
    expect([0, 1, 40].map(birdBarColour)).toEqual([BIRD_COLOURS[0], BIRD_COLOURS[0], BIRD_COLOURS[0]]);
    expect([41, 80].map(birdBarColour)).toEqual([BIRD_COLOURS[1], BIRD_COLOURS[1]]);
    expect([81, 5000].map(birdBarColour)).toEqual([BIRD_COLOURS[2], BIRD_COLOURS[2]]);
    expect(new Set(BIRD_COLOURS).size).toBe(3);
  });

  it('is as long as the box compared with the fullest box', () => {
    const all = [box(1, 10), box(2, 40), box(3, 0)];
    expect(all.map((entry) => birdBarWidth(entry.aves, all))).toEqual([25, 100, 0]);
    expect(birdBarWidth(0, [box(1, 0)])).toBe(0);
  });
});
