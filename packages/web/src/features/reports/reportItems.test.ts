import { describe, expect, it } from 'vitest';
import { reportOfShape } from './largeReport.testing';
import { hasStandard, reportLayout } from './reportItems';
import { reportBoxes } from './reportTable';
import { TEST_REPORT } from './testReport';

describe('the report flattened for the virtualised list', () => {
  it('lists each group, house and side heading before its boxes, boxes two a row on a wide screen', () => {
    const layout = reportLayout(reportOfShape({ groups: 1, houses: 2, sides: 2, boxes: 3 }), 2);
    expect(layout.items.map((item) => (item.type === 'boxes' ? `boxes:${item.boxes.map((box) => box.box).join(',')}` : item.type))).toEqual([
      'group',
      'category',
      'side',
      'boxes:1,2',
      'boxes:3',
      'side',
      'boxes:1,2',
      'boxes:3',
      'category',
      'side',
      'boxes:1,2',
      'boxes:3',
      'side',
      'boxes:1,2',
      'boxes:3',
    ]);
    expect(layout.boxCount).toBe(12);
    expect(new Set(layout.items.map((item) => item.key)).size).toBe(layout.items.length);
  });

  it('one box a row on a phone; every box once, in the order of print and downloads', () => {
    const report = reportOfShape({ groups: 3, houses: 2, sides: 2, boxes: 5 });
    const layout = reportLayout(report, 1);
    const listed = layout.items.flatMap((item) => (item.type === 'boxes' ? item.boxes : []));
    expect(listed.map((box) => box.key)).toEqual(reportBoxes(report).map(({ box }) => box.key));
    expect(layout.items.filter((item) => item.type === 'boxes').every((item) => item.type === 'boxes' && item.boxes.length === 1)).toBe(true);
  });

  it('gives the summary a row per group, house and side, each pointing at its heading and counting its boxes', () => {
    const layout = reportLayout(reportOfShape({ groups: 2, houses: 2, sides: 2, boxes: 3 }), 2);
    expect(layout.summary.map((row) => row.level)).toEqual(['grupo', 'aviario', 'lado', 'lado', 'aviario', 'lado', 'lado', 'grupo', 'aviario', 'lado', 'lado', 'aviario', 'lado', 'lado']);
    for (const row of layout.summary) {
      const heading = layout.items[row.item]!;
      expect(heading.type).toBe({ grupo: 'group', aviario: 'category', lado: 'side' }[row.level]);
      const boxes = row.level === 'grupo' ? 12 : row.level === 'aviario' ? 6 : 3;
      expect(row.boxes).toBe(boxes);
    }
    expect(layout.summary[2]).toMatchObject({ aviario: 'Aviário 1', lado: 'A' });
    expect(layout.summary[0]!.padrao).toEqual(TEST_REPORT.grupos[0]!.padrao);
    expect(layout.summary[1]!.padrao).toBeNull();
  });

  it('flattens 2,000 boxes in a few milliseconds', () => {
    const report = reportOfShape({ groups: 40, houses: 5, sides: 2, boxes: 5 });
    const start = performance.now();
    const layout = reportLayout(report, 2);
    expect(performance.now() - start).toBeLessThan(200);
    expect(layout.boxCount).toBe(2000);
    expect(layout.summary).toHaveLength(40 * (1 + 5 * 3));
  });

  it('knows whether any group compares with a standard', () => {
    expect(hasStandard(TEST_REPORT)).toBe(true);
    expect(hasStandard({ ...TEST_REPORT, grupos: TEST_REPORT.grupos.map((grupo) => ({ ...grupo, padrao: null })) })).toBe(false);
  });
});
