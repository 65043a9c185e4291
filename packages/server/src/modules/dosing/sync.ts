import type { AppEvents } from '../../events/index.js';
import type { FumigatorsService } from '../fumigators/index.js';
import type { DosagensRepository, NewDosagem } from './dosagens.repository.js';
import { runDeriver, type DerivedRun } from './runs.js';

const MINUTE_MS = 60_000;
/** Readings read at a time while deriving (a backfill of months has hundreds of thousands). */
const PAGE_ROWS = 5_000;
/** How long one stored doser reading stands for: the first reading of each 30 s is kept (modules/readings). */
export const DOSE_READING_PERIOD_MS = 30_000;

/** A device event a sync opened: the live path asks the doser for a picture of it. */
export interface OpenedDosagem {
  id: number;
  /** The picture's request id: the same on every instance, so one event gets one stored picture. */
  pedido: string;
}

/** Pedidos of dosing events' proof pictures start so; users' 'foto' commands may not use it. */
export const DOSING_PEDIDO_PREFIX = 'dos-';
/** The picture request of a device event ([A-Za-z0-9_-]{1,40}, as CMD foto wants). */
export const dosagemPedido = (deviceId: number, inicioBucket: number) => `${DOSING_PEDIDO_PREFIX}${deviceId}-${inicioBucket}`;

/** What a sync reads and writes: the events and readings (own), the fumigator a doser drives (the fumigators module). */
export interface DosingSyncDeps {
  dosagens: DosagensRepository;
  fumigators: Pick<FumigatorsService, 'drivenBy'>;
}

/**
 * Derives a doser's pump runs from its stored readings (dose_leituras) and stores them as device
 * events (dosagens, origem 'device') of the fumigator it drives: every run with a reading at or
 * after `fromEm`, read from the pump's last "off" reading before it so a run that started
 * earlier keeps its start. Idempotent, and safe while another instance runs it: one event per
 * (device, start minute); a closed event is final; an open one moves on with the readings.
 * Answers the events this call created that are still running (the live path photographs them).
 */
export async function syncDosagens(deps: DosingSyncDeps, deviceId: number, fromEm: number, now: number): Promise<OpenedDosagem[]> {
  const repository = deps.dosagens;
  const fumigador = await deps.fumigators.drivenBy(deviceId);
  // A doser that drives no fumigator has no history to show; its readings stay for a later link.
  if (!fumigador) return [];
  const openStart = await repository.oldestOpenStart(deviceId);
  const since = Math.min(fromEm, openStart ?? fromEm);
  const start = (await repository.lastOffAtOrBefore(deviceId, since)) ?? Number.MIN_SAFE_INTEGER;
  const stored = new Map((await repository.deviceEventsFrom(deviceId, Math.floor(start / MINUTE_MS))).map((event) => [event.inicio_bucket, event]));

  const seen = new Set<number>();
  const opened: OpenedDosagem[] = [];
  const toRow = (run: DerivedRun): NewDosagem => ({
    owner_id: fumigador.owner_id,
    fumigador_id: fumigador.id,
    device_id: deviceId,
    origem: 'device',
    inicio: run.inicio,
    inicio_bucket: Math.floor(run.inicio / MINUTE_MS),
    fim: run.fim,
    volume_dml: run.volume_dml,
    produto: fumigador.produto,
    operador: '',
    obs: '',
    created_at: now,
    updated_at: now,
  });

  async function save(runs: DerivedRun[]): Promise<void> {
    const fresh: NewDosagem[] = [];
    for (const run of runs) {
      const bucket = Math.floor(run.inicio / MINUTE_MS);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      const existing = stored.get(bucket);
      if (!existing) fresh.push(toRow(run));
      else if (existing.fim === null && (existing.fim !== run.fim || existing.volume_dml !== run.volume_dml)) {
        await repository.updateOpenEvent(existing.id, run.fim, run.volume_dml, now);
      }
    }
    for (const created of await repository.insertDeviceEvents(fresh)) {
      if (created.fim === null) opened.push({ id: created.id, pedido: dosagemPedido(deviceId, created.inicio_bucket) });
    }
  }

  const deriver = runDeriver();
  let bound: { from: number } | { after: number } = { from: start };
  for (;;) {
    const page = await repository.readingsPage(deviceId, bound, PAGE_ROWS);
    for (const row of page) deriver.push(row);
    await save(deriver.takeClosed());
    if (page.length < PAGE_ROWS) break;
    bound = { after: page[page.length - 1]!.em };
  }
  const open = deriver.openRun();
  if (open) await save([open]);
  // An open event the readings no longer show (an instance saw a different first reading).
  await repository.deleteOpenEvents([...stored.values()].filter((event) => event.fim === null && !seen.has(event.inicio_bucket)).map((event) => event.id));
  return opened;
}

/**
 * The live path's side, a listener of 'readings.stored' (one event per stored reading period):
 * while the pump runs or when it stopped, derives the doser's events again, so an open event's
 * volume follows the pump and a stop closes it within 30 s. Answers the events it opened (the
 * doser is asked for a picture of each).
 */
export function dosingTracker(deps: DosingSyncDeps, clock: () => number) {
  const pumpWasOn = new Map<number, boolean>();
  return async ({ device, reading, em }: AppEvents['readings.stored']): Promise<OpenedDosagem[]> => {
    if (reading.tipo !== 'DOSE') return [];
    const before = pumpWasOn.get(device.id);
    pumpWasOn.set(device.id, reading.ligada);
    // Pump off now and before: nothing changed (a first reading after a restart still looks once).
    if (before === false && !reading.ligada) return [];
    return syncDosagens(deps, device.id, em - DOSE_READING_PERIOD_MS, clock());
  };
}
