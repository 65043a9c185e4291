import type { CalhaDia } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { chartArea, chartLines, chartRange, csvName, dayCsvRows, intervalCsvRows, intervalRows, localDateTime, periodTotals } from './troughReport';

const EMPTY_DAY = (data: string): CalhaDia => ({ data, minutos_ligada: null, voltas: null, minutos_lacuna: null, paradas: null, presenca_pct: null });

describe('troughs report', () => {
  it("shows instants in the report's timezone", () => {
    expect(localDateTime('2026-05-10T02:30:00.000Z', -3)).toBe('09/05/2026 23:30');
    expect(localDateTime('2026-05-10T20:00:00.000Z', 5.5)).toBe('11/05/2026 01:30');
  });

  it('lists gaps and stoppages in time order, a gap first at the same instant', () => {
    const rows = intervalRows({
      lacunas: [{ inicio: '2026-05-10T10:00:00.000Z', fim: '2026-05-10T10:30:00.000Z', minutos: 30 }],
      paradas: [
        { inicio: '2026-05-10T12:00:00.000Z', fim: '2026-05-10T12:03:00.000Z', minutos: 3, tipo: 'travada' },
        { inicio: '2026-05-10T10:00:00.000Z', fim: '2026-05-10T10:02:00.000Z', minutos: 2, tipo: 'sem_racao' },
      ],
    });
    expect(rows.map((row) => [row.kind, row.inicio.slice(11, 16)])).toEqual([['lacuna', '10:00'], ['sem_racao', '10:00'], ['travada', '12:00']]);
    expect(intervalCsvRows(rows, -3, (kind) => kind.toUpperCase())[0]).toEqual(['LACUNA', '10/05/2026 07:00', '10/05/2026 07:30', 30]);
  });

  it('totals the days with data only, and null when none has any', () => {
    const dias: CalhaDia[] = [
      { data: '2026-05-10', minutos_ligada: 480, voltas: 11000, minutos_lacuna: 12.5, paradas: 3, presenca_pct: 90 },
      EMPTY_DAY('2026-05-11'),
      { data: '2026-05-12', minutos_ligada: 470, voltas: 10000, minutos_lacuna: 0.2, paradas: 1, presenca_pct: 95.5 },
    ];
    expect(periodTotals(dias)).toEqual({ minutos_ligada: 950, voltas: 21000, minutos_lacuna: 12.7, paradas: 4, presenca_pct: 92.8 });
    expect(periodTotals([EMPTY_DAY('2026-05-11')])).toEqual({ minutos_ligada: null, voltas: null, minutos_lacuna: null, paradas: null, presenca_pct: null });
    expect(dayCsvRows(dias)[1]).toEqual(['2026-05-11', null, null, null, null, null]);
  });

  it('breaks the chart lines inside gaps and shifts times to the owner', () => {
    const ponto = (em: string, rpm: number, presenca: boolean | null) => ({ em, rpm, ligada: rpm > 0, presenca, voltas: 0 });
    const lines = chartLines({
      timezone: -3,
      pontos: [ponto('2026-05-10T10:00:00.000Z', 24, true), ponto('2026-05-10T10:40:00.000Z', 0, null)],
      lacunas: [{ inicio: '2026-05-10T10:00:00.000Z', fim: '2026-05-10T10:40:00.000Z', minutos: 40 }],
    });
    const at = (iso: string) => Date.parse(iso) - 3 * 3_600_000;
    expect(lines.rpm).toEqual([[at('2026-05-10T10:00:00.000Z'), 24], [at('2026-05-10T10:20:00.000Z'), null], [at('2026-05-10T10:40:00.000Z'), 0]]);
    expect(lines.presenca.map(([, value]) => value)).toEqual([1, null, null]);
  });

  it('widens short areas to stay visible, around their middle', () => {
    const [from, to] = chartArea({ inicio: '2026-05-10T10:00:00.000Z', fim: '2026-05-10T10:02:00.000Z' }, 0, 10 * 60_000);
    expect([to - from, (from + to) / 2]).toEqual([10 * 60_000, Date.parse('2026-05-10T10:01:00.000Z')]);
    expect(csvName({ serie: 'MC/01 a', idcalha: 2, di: '2026-05-01', df: '2026-05-02' }, 'dias')).toBe('calhas-MC_01_a-2-2026-05-01_2026-05-02-dias.csv');
  });

  it('ends the time axis at now when the period runs into the future, at the period’s end otherwise', () => {
    const at = (iso: string) => Date.parse(iso);
    const ponto = (em: string) => ({ em, rpm: 20, ligada: true, presenca: true, voltas: 0 });
    const today = { di: '2026-05-10', df: '2026-05-10', timezone: -3, pontos: [ponto('2026-05-10T12:00:00.000Z')], lacunas: [], paradas: [] };
    // 13:00 UTC is 10:00 at -3: the axis runs from midnight to 10:00, not to the next midnight.
    expect(chartRange(today, at('2026-05-10T13:00:00.000Z'))).toEqual([at('2026-05-10T00:00:00.000Z'), at('2026-05-10T10:00:00.000Z')]);
    // A past period keeps every day whole.
    expect(chartRange({ ...today, df: '2026-05-11' }, at('2026-06-01T00:00:00.000Z'))).toEqual([at('2026-05-10T00:00:00.000Z'), at('2026-05-12T00:00:00.000Z')]);
    // A reading after the browser's clock (a clock behind) stays on the axis.
    expect(chartRange(today, at('2026-05-10T11:00:00.000Z'))[1]).toBe(at('2026-05-10T09:00:00.000Z'));
    // A period wholly ahead (nothing to draw yet) keeps its days.
    expect(chartRange({ ...today, di: '2026-05-20', df: '2026-05-21', pontos: [] }, at('2026-05-10T13:00:00.000Z'))).toEqual([at('2026-05-20T00:00:00.000Z'), at('2026-05-22T00:00:00.000Z')]);
  });
});
