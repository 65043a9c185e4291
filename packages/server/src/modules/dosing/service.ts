import {
  deviceLabel,
  DOSAGEM_MAX_MINUTES,
  FUMIGACAO_MAX_EVENTOS,
  localDayRange,
  timezoneOffsetMs,
  type ChartDataResponse,
  type Dosagem,
  type DosagemDetalhe,
  type DosagemFumigador,
  type DosagemRelatorio,
  type FotosDosagem,
  type FumigacaoLista,
  type MsgDose,
  type registerDosagemBody,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppEvents, EventBus } from '../../events/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FumigadorDetails, FumigatorsService } from '../fumigators/index.js';
import { fotoUrl, type LiveService } from '../live/index.js';
import type { OwnerScope } from '../permissions/index.js';
import { doseChart } from './chart.js';
import type { DosagemChanges, DosagemRow, DosagensRepository, NewDoseReading } from './dosagens.repository.js';
import { dailyReport, durationMs, minutesText, mlOf } from './report.js';
import { DOSE_READING_PERIOD_MS, DOSING_PEDIDO_PREFIX, dosingTracker, syncDosagens, type OpenedDosagem } from './sync.js';

type RegisterBody = z.output<typeof registerDosagemBody>;
/** A fumigator and a period of local days, as the dosing reports ask. */
export interface Period {
  id: number;
  di: string;
  df: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Pictures prove an event from a minute before it starts to five after it ends. */
export const FOTO_WINDOW = { before: MINUTE_MS, after: 5 * MINUTE_MS };
/** The detail's readings: two minutes either side of the event, at most this many (a day of 30-s readings). */
const DETAIL_MARGIN_MS = 2 * MINUTE_MS;
const DETAIL_MAX_READINGS = 2_880;

const iso = (ms: number) => new Date(ms).toISOString();
const readTimes = (stored: string) => stored.split('|').filter((time) => time.length > 0);
/** The first index of `sorted` whose value is ≥ `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function toFumigador(row: FumigadorDetails): DosagemFumigador {
  return {
    id: row.id,
    nome: row.nome,
    nucleo_nome: row.nucleo_nome,
    aviario_nome: row.aviario_nome,
    device_id: row.device_id,
    device_nome: row.device ? deviceLabel(row.device) : null,
    produto: row.produto,
    horarios: readTimes(row.horarios),
    ativo: row.ativo === 1,
  };
}

/**
 * Dosing and fumigation history: reports over a fumigator's events, the events' own calls, and the
 * device events derived from a doser's stored readings.
 */
export function dosingService(deps: {
  dosagens: DosagensRepository;
  fumigators: Pick<FumigatorsService, 'details' | 'drivenBy'>;
  /** Device pictures (modules/live): a dosing event's proofs; its pedidos are reserved there for the portal. */
  live: Pick<LiveService, 'fotosBetween' | 'fotoRequests'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  events: EventBus;
  clock: () => number;
}) {
  const { dosagens, fumigators, live, accounts, events, clock } = deps;
  live.fotoRequests.reservePrefix(DOSING_PEDIDO_PREFIX);
  const tracker = dosingTracker(deps, clock);

  const fumigatorFor = async (scope: OwnerScope, id: number | null) => {
    if (id === null) throw new AppError('NOT_FOUND');
    return fumigators.details(scope, id);
  };
  const timezoneOf = (scope: OwnerScope) => accounts.timezoneOf(scope.ownerId);
  /** [from, to) of a period of local days. */
  const rangeOf = (query: Period, timezone: number) => localDayRange(query.di, query.df, timezone);
  /** The device whose pictures and readings an event has: its own, or (manual) the fumigator's doser. */
  const deviceOf = (row: DosagemRow, fumigador: FumigadorDetails) => row.device_id ?? fumigador.device_id;
  const fotoWindow = (row: DosagemRow, now: number) => ({ from: Number(row.inicio) - FOTO_WINDOW.before, to: Number(row.fim ?? now) + FOTO_WINDOW.after });

  function toDosagem(row: DosagemRow, fotosCount: number, now: number): Dosagem {
    const event = { inicio: Number(row.inicio), fim: row.fim === null ? null : Number(row.fim), volume_dml: Number(row.volume_dml) };
    const ms = durationMs(event, now);
    const closed = event.fim !== null;
    return {
      id: Number(row.id),
      fumigador_id: Number(row.fumigador_id),
      origem: row.origem,
      inicio: iso(event.inicio),
      fim: event.fim === null ? null : iso(event.fim),
      duracao_min: closed ? minutesText(ms) : null,
      volume_ml: mlOf(event.volume_dml),
      vazao_media_ml_min: closed && ms > 0 ? Math.round((event.volume_dml * MINUTE_MS) / ms) / 10 : null,
      produto: row.produto,
      operador: row.operador,
      obs: row.obs,
      fotos: fotosCount,
      updated_at: iso(Number(row.updated_at)),
    };
  }

  async function fotoCount(row: DosagemRow, fumigador: FumigadorDetails): Promise<number> {
    const device = deviceOf(row, fumigador);
    if (device === null) return 0;
    const window = fotoWindow(row, clock());
    return (await dosagens.fotoTimes(device, window.from, window.to)).length;
  }

  /** An event of the fumigator `fumigadorId` names, within the caller's reach. */
  async function eventFor(scope: OwnerScope, id: number): Promise<{ row: DosagemRow; fumigador: FumigadorDetails }> {
    const row = await dosagens.find(scope.ownerId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { row, fumigador: await fumigatorFor(scope, row.fumigador_id) };
  }

  return {
    /** dose_leituras as the readings ingestion (modules/readings) fills it: one row per doser and 30 s, ml in tenths. */
    series: {
      table: 'dose_leituras',
      periodMs: DOSE_READING_PERIOD_MS,
      rowOf: (ownerId: number, deviceId: number, reading: MsgDose, em: number, bucket: number): NewDoseReading => ({
        owner_id: ownerId,
        device_id: deviceId,
        em,
        bucket,
        volume_dml: Math.round(reading.volume_ml * 10),
        vazao_dml_min: Math.round(reading.vazao_ml_min * 10),
        ligada: reading.ligada ? 1 : 0,
      }),
      insert: (rows: readonly NewDoseReading[]): Promise<void> => dosagens.insertReadings(rows),
      anyOfOwner: (ownerId: number): Promise<boolean> => dosagens.anyReadingOf(ownerId),
      maintenance: dosagens.maintenance,
    } as const,

    /** Derives the doser's events from its readings at or after `fromEm`, stamped `now` (the demo's history): syncDosagens. */
    syncDevice: (deviceId: number, fromEm: number, now = clock()): Promise<OpenedDosagem[]> => syncDosagens(deps, deviceId, fromEm, now),

    /**
     * The listener of 'readings.stored': a doser's stored reading moves its events on (dosingTracker);
     * each event opened is announced ('dosagens.opened'), so the doser is asked for its picture.
     */
    async followReading(stored: AppEvents['readings.stored']): Promise<void> {
      for (const opened of await tracker(stored)) await events.emit('dosagens.opened', { device: stored.device, dosagemId: opened.id, pedido: opened.pedido });
    },

    /** When the owner's dosing events (device and manual) started in [from, to), per fumigator (alarms: dosagem_perdida). */
    startsBetween: (ownerId: number, from: number, to: number) => dosagens.startsBetween(ownerId, from, to),

    async relatorio(scope: OwnerScope, query: Period): Promise<DosagemRelatorio> {
      const fumigador = await fumigatorFor(scope, query.id);
      const timezone = await timezoneOf(scope);
      const { from, to } = rangeOf(query, timezone);
      const events = await dosagens.eventTotals(fumigador.id, from, to);
      const readingDays = fumigador.device_id === null ? new Set<number>() : await dosagens.readingDays(fumigador.device_id, from, to, timezoneOffsetMs(timezone));
      const info = toFumigador(fumigador);
      const report = dailyReport({ di: query.di, df: query.df, timezone, now: clock(), events, readingDays, horarios: info.horarios, ativo: info.ativo });
      return { fumigador: info, di: query.di, df: query.df, timezone, ...report };
    },

    async detalhe(scope: OwnerScope, query: { id: number; iddosagens: number }): Promise<DosagemDetalhe> {
      const fumigador = await fumigatorFor(scope, query.id);
      const row = await dosagens.find(scope.ownerId, query.iddosagens);
      if (!row || row.fumigador_id !== fumigador.id) throw new AppError('NOT_FOUND');
      const now = clock();
      const device = deviceOf(row, fumigador);
      const leituras =
        device === null
          ? []
          : await dosagens.readingsBetween(device, Number(row.inicio) - DETAIL_MARGIN_MS, Number(row.fim ?? now) + DETAIL_MARGIN_MS, DETAIL_MAX_READINGS);
      return {
        fumigador: toFumigador(fumigador),
        dosagem: toDosagem(row, await fotoCount(row, fumigador), now),
        leituras: leituras.map((reading) => ({ em: iso(reading.em), volume_ml: mlOf(reading.volume_dml), vazao_ml_min: reading.vazao_dml_min / 10, ligada: reading.ligada === 1 })),
      };
    },

    async lista(scope: OwnerScope, query: Period): Promise<FumigacaoLista> {
      const fumigador = await fumigatorFor(scope, query.id);
      const { from, to } = rangeOf(query, await timezoneOf(scope));
      const rows = await dosagens.eventsOf(fumigador.id, from, to, FUMIGACAO_MAX_EVENTOS + 1);
      const listed = rows.slice(0, FUMIGACAO_MAX_EVENTOS);
      const now = clock();
      // One read of picture times per device over the listed events' windows, counted per event here.
      const times = new Map<number, number[]>();
      for (const device of new Set(listed.map((row) => deviceOf(row, fumigador)))) {
        if (device === null) continue;
        const windows = listed.filter((row) => deviceOf(row, fumigador) === device).map((row) => fotoWindow(row, now));
        times.set(device, await dosagens.fotoTimes(device, Math.min(...windows.map((w) => w.from)), Math.max(...windows.map((w) => w.to))));
      }
      const countOf = (row: DosagemRow) => {
        const device = deviceOf(row, fumigador);
        const sorted = device === null ? undefined : times.get(device);
        if (!sorted) return 0;
        const window = fotoWindow(row, now);
        return lowerBound(sorted, window.to + 1) - lowerBound(sorted, window.from);
      };
      return { fumigador_id: fumigador.id, di: query.di, df: query.df, eventos: listed.map((row) => toDosagem(row, countOf(row), now)), truncado: rows.length > FUMIGACAO_MAX_EVENTOS };
    },

    async grafico(scope: OwnerScope, query: Period): Promise<ChartDataResponse> {
      const fumigador = await fumigatorFor(scope, query.id);
      const timezone = await timezoneOf(scope);
      const { from, to } = rangeOf(query, timezone);
      return doseChart({ dosagens, deviceId: fumigador.device_id, titulo: fumigador.nome, di: query.di, df: query.df, from, to: Math.min(to, clock()), timezone });
    },

    async fotos(scope: OwnerScope, id: number): Promise<FotosDosagem> {
      const { row, fumigador } = await eventFor(scope, id);
      const device = deviceOf(row, fumigador);
      if (device === null) return { iddosagem: id, fotos: [] };
      const window = fotoWindow(row, clock());
      const items = await live.fotosBetween(device, window.from, window.to + 1);
      return {
        iddosagem: id,
        fotos: items.reverse().map((item) => ({ id: item.id, pedido: item.pedido, mime: item.mime, bytes: item.bytes, em: iso(item.created_at), url: fotoUrl(item.id) })),
      };
    },

    /** A manual event (no id), or an event's annotation (id); inicio, fim and volume change manual events only. */
    async register(scope: OwnerScope, body: RegisterBody): Promise<Dosagem> {
      const fumigador = await fumigatorFor(scope, body.fumigador_id);
      const now = clock();
      const given = { inicio: body.inicio === undefined ? undefined : Date.parse(body.inicio), fim: body.fim === undefined ? undefined : Date.parse(body.fim) };
      const volumeDml = body.volume_ml === undefined ? undefined : Math.round(body.volume_ml * 10);
      if (body.id === undefined) {
        const inicio = given.inicio!;
        const id = await dosagens.insert({
          owner_id: scope.ownerId,
          fumigador_id: fumigador.id,
          device_id: null,
          origem: 'manual',
          inicio,
          inicio_bucket: Math.floor(inicio / MINUTE_MS),
          fim: given.fim!,
          volume_dml: volumeDml!,
          produto: body.produto ?? fumigador.produto,
          operador: body.operador,
          obs: body.obs,
          created_at: now,
          updated_at: now,
        });
        const row = (await dosagens.find(scope.ownerId, id))!;
        return toDosagem(row, await fotoCount(row, fumigador), now);
      }
      const row = await dosagens.find(scope.ownerId, body.id);
      if (!row || row.fumigador_id !== fumigador.id) throw new AppError('NOT_FOUND');
      const changes: DosagemChanges = { operador: body.operador, obs: body.obs, ...(body.produto === undefined ? {} : { produto: body.produto }) };
      if (given.inicio !== undefined || given.fim !== undefined || volumeDml !== undefined) {
        if (row.origem === 'device') throw new AppError('DOSAGEM_FROM_DEVICE');
        const inicio = given.inicio ?? Number(row.inicio);
        const fim = given.fim ?? Number(row.fim);
        if (fim < inicio) throw AppError.field(given.fim === undefined ? 'inicio' : 'fim', 'DATE_RANGE_INVALID');
        if (fim - inicio > DOSAGEM_MAX_MINUTES * MINUTE_MS) throw AppError.field(given.fim === undefined ? 'inicio' : 'fim', 'FIELD_OUT_OF_RANGE');
        Object.assign(changes, { inicio, inicio_bucket: Math.floor(inicio / MINUTE_MS), fim, ...(volumeDml === undefined ? {} : { volume_dml: volumeDml }) });
      }
      await dosagens.update(scope.ownerId, Number(row.id), changes, now);
      const saved = (await dosagens.find(scope.ownerId, Number(row.id)))!;
      return toDosagem(saved, await fotoCount(saved, fumigador), now);
    },

    async remove(scope: OwnerScope, id: number): Promise<{ ok: true; id: number }> {
      const { row } = await eventFor(scope, id);
      if (row.origem === 'device') throw new AppError('DOSAGEM_FROM_DEVICE');
      await dosagens.remove(scope.ownerId, id);
      return { ok: true, id };
    },
  };
}
export type DosingService = ReturnType<typeof dosingService>;
