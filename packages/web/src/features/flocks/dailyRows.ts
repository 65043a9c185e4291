import type { Diario, Lote } from '@portal/shared';

/** A daily record as the flock page's table shows it: stored, or still waiting in this device's queue. */
export interface DailyRow {
  /** `d<id>` for a stored day, `p<uid>` for a queued one. */
  key: string;
  /** Stored record (to edit, and its history); absent while pending. */
  record?: Diario;
  /** The queue entry's state: 'pending' waits for a connection, 'failed' was refused by the server. */
  queued?: { uid: string; state: 'pending' | 'failed'; error?: string };
  data: string;
  idade: number | null;
  aviario_id: number;
  aviario_nome: string;
  mortos: number;
  mortalidade: { causa: string; aves: number }[];
  eliminados: number;
  entradas: number;
  saidas: number;
  agua_l: number | null;
  temp_min: number | null;
  temp_max: number | null;
  updated_by: string | null;
  changes: number;
}

/** What the queue holds of one registerdiario (its body as sent). */
export interface QueuedDaily {
  uid: string;
  state: 'pending' | 'failed';
  error?: { message: string } | undefined;
  body: Record<string, unknown>;
}

const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const orNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Days between two ISO dates (b − a). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The table's rows, newest day first (then house): the stored days and, marked, the writes of this
 * flock still queued on this device. A queued write of a day already stored shows in its place:
 * it is what the day will hold once sent.
 */
export function dailyRows(flock: Pick<Lote, 'id' | 'aviarios' | 'data_alojamento'>, records: readonly Diario[], queued: readonly QueuedDaily[]): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  const place = (row: DailyRow) => rows.set(`${row.data}|${row.aviario_id}`, row);
  for (const record of records) {
    place({ key: `d${record.id}`, record, ...record, updated_by: record.updated_by, changes: record.historico.length });
  }
  for (const entry of queued) {
    const body = entry.body;
    if (body.lote_id !== flock.id || typeof body.data !== 'string') continue;
    const aviarioId = int(body.aviario_id);
    const mortalidade = Array.isArray(body.mortalidade) ? (body.mortalidade as { causa: string; aves: number }[]) : [];
    const stored = rows.get(`${body.data}|${aviarioId}`)?.record;
    place({
      key: `p${entry.uid}`,
      record: stored,
      queued: { uid: entry.uid, state: entry.state, error: entry.error?.message },
      data: body.data,
      idade: flock.data_alojamento ? daysBetween(flock.data_alojamento, body.data) : null,
      aviario_id: aviarioId,
      aviario_nome: flock.aviarios.find((house) => house.id === aviarioId)?.nome ?? String(aviarioId),
      mortos: mortalidade.reduce((sum, entry) => sum + int(entry.aves), 0),
      mortalidade,
      eliminados: int(body.eliminados),
      entradas: int(body.entradas),
      saidas: int(body.saidas),
      agua_l: orNull(body.agua_l),
      temp_min: orNull(body.temp_min),
      temp_max: orNull(body.temp_max),
      updated_by: null,
      changes: stored?.historico.length ?? 0,
    });
  }
  return [...rows.values()].sort((a, b) => b.data.localeCompare(a.data) || a.aviario_nome.localeCompare(b.aviario_nome, undefined, { numeric: true }));
}

/** A changed value as shown: the deaths' 'ascite: 2, outras: 1' with each cause as `causeLabel` names it. */
export function historyValue(campo: string, value: string | null, causeLabel: (code: string) => string): string {
  if (value === null || value === '') return '—';
  if (campo !== 'mortalidade') return value;
  return value
    .split(', ')
    .map((part) => {
      const at = part.lastIndexOf(': ');
      return at < 0 ? part : `${causeLabel(part.slice(0, at))}: ${part.slice(at + 2)}`;
    })
    .join(', ');
}
