import { describe, expect, it } from 'vitest';
import { deriveRuns, doseBetween, RUN_GAP_MS, type DoseRow } from './runs.js';

const row = (em: number, volume_dml: number, ligada: number, vazao_dml_min = ligada ? 1000 : 0): DoseRow => ({ em, volume_dml, vazao_dml_min, ligada });

describe('dosing runs from DOSE readings', () => {
  it('counts from the reading before the first "on" to the first "off"', () => {
    const rows = [row(0, 100, 0), row(30_000, 300, 1), row(60_000, 800, 1), row(90_000, 900, 0), row(120_000, 900, 0)];
    expect(deriveRuns(rows)).toEqual([{ inicio: 30_000, fim: 90_000, volume_dml: 800 }]);
  });

  it('ends a run at the last reading before a silence, and starts the next from its own first reading', () => {
    const after = 60_000 + RUN_GAP_MS + 1;
    const rows = [row(0, 0, 0), row(30_000, 500, 1), row(60_000, 1000, 1), row(after, 9000, 1), row(after + 30_000, 9500, 0)];
    expect(deriveRuns(rows)).toEqual([
      { inicio: 30_000, fim: 60_000, volume_dml: 1000 },
      { inicio: after, fim: after + 30_000, volume_dml: 500 },
    ]);
  });

  it('across the midnight reset: the flow estimates the interval, never less than the new counter', () => {
    // 1000 dml/min for 30 s while pumping through midnight: 500, whatever the counter says.
    expect(doseBetween(row(0, 70_000, 1), row(30_000, 200, 1))).toBe(500);
    // Pump off before: only what the counter says since midnight.
    expect(doseBetween(row(0, 70_000, 0), row(30_000, 200, 1))).toBe(200);
    // A reset with the pump off throughout: nothing.
    expect(doseBetween(row(0, 70_000, 0), row(30_000, 0, 0))).toBe(0);
  });

  it('leaves the last run open while the pump still runs', () => {
    expect(deriveRuns([row(0, 0, 0), row(30_000, 400, 1), row(60_000, 900, 1)])).toEqual([{ inicio: 30_000, fim: null, volume_dml: 900 }]);
    expect(deriveRuns([])).toEqual([]);
  });
});
