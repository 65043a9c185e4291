import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReportTable, type ReportColumn, type ReportTableProps } from './ReportTable';

/* The report table's markup, rendered without a browser: what tests, e2e and print rely on. */

interface Day {
  data: string;
  kg: number | null;
}

const DAYS: Day[] = [
  { data: '2026-11-01', kg: 2099.9 },
  { data: '2026-11-02', kg: null },
];

const COLUMNS: ReportColumn<Day>[] = [
  { key: 'data', header: 'Dia', align: 'nowrap', dataCol: false, total: 'Total', cell: (day) => day.data },
  { key: 'kg', header: 'Ração (kg)', align: 'number', total: '2.099,9', cell: (day) => (day.kg === null ? '—' : String(day.kg)) },
];

const render = (props: Partial<ReportTableProps<Day>> = {}) =>
  renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ReportTable<Day>, {
        testId: 'days',
        columns: COLUMNS,
        rows: DAYS,
        rowKey: (day) => day.data,
        rowAttributes: (day) => ({ 'data-testid': 'day-row', 'data-date': day.data }),
        ...props,
      }),
    ),
  );

/** The cells of each body and foot row, as [data-col or '', text]. */
function rowsOf(html: string, part: 'tbody' | 'tfoot') {
  const section = html.match(new RegExp(`<${part}[^>]*>([\\s\\S]*?)</${part}>`))?.[1] ?? '';
  return [...section.matchAll(/<tr([^>]*)>([\s\S]*?)<\/tr>/g)].map(([, attributes, cells]) => ({
    attributes: attributes!,
    cells: [...cells!.matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/g)].map(([, cell, text]) => [cell!.match(/data-col="([^"]*)"/)?.[1] ?? '', text!.replace(/<[^>]+>/g, '')]),
  }));
}

describe('the report table', () => {
  it('writes the headers, then one row per record with its attributes and each cell with its data-col', () => {
    const html = render();
    expect(html).toMatch(/<table[^>]*data-testid="days"/);
    expect([...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1])).toEqual(['Dia', 'Ração (kg)']);
    const rows = rowsOf(html, 'tbody');
    expect(rows.map((row) => row.attributes.match(/data-date="([^"]*)"/)?.[1])).toEqual(['2026-11-01', '2026-11-02']);
    expect(rows.every((row) => row.attributes.includes('data-testid="day-row"'))).toBe(true);
    expect(rows.map((row) => row.cells)).toEqual([
      [['', '2026-11-01'], ['kg', '2099.9']],
      [['', '2026-11-02'], ['kg', '—']],
    ]);
    // No totals unless asked for.
    expect(html).not.toContain('<tfoot');
  });

  it('adds the totals row from the columns, labelled in the first, with its own test id', () => {
    const [total] = rowsOf(render({ totals: { 'data-testid': 'days-total' } }), 'tfoot');
    expect(total!.attributes).toContain('data-testid="days-total"');
    expect(total!.cells).toEqual([['', 'Total'], ['kg', '2.099,9']]);
  });

  it('leaves out a column declared false, and names a cell by dataCol', () => {
    const html = render({ columns: [COLUMNS[0]!, false, { ...COLUMNS[1]!, dataCol: 'consumo_kg' }] });
    expect(rowsOf(html, 'tbody')[0]!.cells).toEqual([['', '2026-11-01'], ['consumo_kg', '2099.9']]);
  });

  it('puts the table attributes and a cell test id where e2e look for them', () => {
    const html = render({
      attributes: { 'data-view': 'lote' },
      columns: [COLUMNS[0]!, { ...COLUMNS[1]!, cellAttributes: () => ({ 'data-testid': 'day-kg' }) }],
    });
    expect(html).toMatch(/<table[^>]*data-view="lote"/);
    expect(html.match(/data-testid="day-kg"/g)).toHaveLength(2);
  });

  it('keeps the table the direct child of its scrolling box (e2e measure what it hides)', () => {
    expect(render()).toMatch(/<div class="[^"]*"><table/);
  });
});
