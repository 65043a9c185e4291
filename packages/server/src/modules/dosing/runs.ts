/**
 * Dosing events from a doser's stored DOSE readings (dose_leituras, one every 30 s): a pump run
 * is the readings from the first that shows the pump on to the first that shows it off. Pure:
 * the readings go in oldest first, the runs come out; syncDosagens stores them.
 */

/** One stored reading (integers as in dose_leituras: tenths of ml and of ml/min). */
export interface DoseRow {
  em: number;
  volume_dml: number;
  vazao_dml_min: number;
  ligada: number;
}

/** A pump run: fim null while the last reading still shows the pump on. */
export interface DerivedRun {
  inicio: number;
  fim: number | null;
  volume_dml: number;
}

/** Readings further apart than this: the doser was silent, and a run ends at the last reading before the silence. */
export const RUN_GAP_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

/**
 * What the pump dosed between two consecutive readings, tenths of ml. The device's counter is
 * the volume since local midnight: a drop means it restarted, and `b` holds what was dosed since.
 * What went before midnight is not sent; while the pump ran across it the mean flow over the
 * interval estimates the whole interval (never less than what `b` says).
 */
export function doseBetween(a: DoseRow, b: DoseRow): number {
  if (b.volume_dml >= a.volume_dml) return b.volume_dml - a.volume_dml;
  const flow = a.ligada && b.ligada ? (a.vazao_dml_min + b.vazao_dml_min) / 2 : 0;
  return Math.max(b.volume_dml, Math.round((flow * (b.em - a.em)) / MINUTE_MS));
}

/**
 * Feeds readings one at a time (oldest first) and collects the runs. The reading before a run's
 * first "on" reading is its baseline (the pumping between the two counts); a run whose first
 * reading follows a silence starts from that reading.
 */
export function runDeriver() {
  let previous: DoseRow | null = null;
  let open: { inicio: number; volume_dml: number } | null = null;
  const closed: DerivedRun[] = [];

  return {
    push(row: DoseRow): void {
      const silence = previous !== null && row.em - previous.em > RUN_GAP_MS;
      if (open && silence) {
        closed.push({ inicio: open.inicio, fim: previous!.em, volume_dml: open.volume_dml });
        open = null;
      }
      if (open) {
        open.volume_dml += doseBetween(previous!, row);
        if (!row.ligada) {
          closed.push({ inicio: open.inicio, fim: row.em, volume_dml: open.volume_dml });
          open = null;
        }
      } else if (row.ligada) {
        open = { inicio: row.em, volume_dml: previous && !silence ? doseBetween(previous, row) : 0 };
      }
      previous = row;
    },

    /** The runs closed so far (taken: the next call gives only newer ones). */
    takeClosed(): DerivedRun[] {
      return closed.splice(0, closed.length);
    },

    /** The run still open after the last reading, if any. */
    openRun(): DerivedRun | null {
      return open ? { inicio: open.inicio, fim: null, volume_dml: open.volume_dml } : null;
    },
  };
}

/** Every run of `rows` (oldest first). */
export function deriveRuns(rows: readonly DoseRow[]): DerivedRun[] {
  const deriver = runDeriver();
  for (const row of rows) deriver.push(row);
  const open = deriver.openRun();
  return [...deriver.takeClosed(), ...(open ? [open] : [])];
}
