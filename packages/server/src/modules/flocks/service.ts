import {
  daysBetween, localDate, type ExportCursor, type ExportPage, type Fechamento, type Lote, type LoteExportItem, type registerFechamentoBody, type registerLoteBody,
} from '@portal/shared';
import type { z } from 'zod';
import { pageOf } from '../../db/change-order.js';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, type OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import { usageChecks } from '../usage-checks.js';
import { dailyService } from './daily.service.js';
import type { ConfigRepository, DiarioRepository, DiarioTotals } from './diario.repository.js';
import type { LoteDetails, LotesRepository } from './lotes.repository.js';

type LoteBody = z.output<typeof registerLoteBody>;
type FechamentoBody = z.output<typeof registerFechamentoBody>;
/** A flock's sums over its daily records, and its deaths per day and cause. */
type DailySummary = DiarioTotals & { mortalidade: { data: string; aves: number; causa: string }[] };
const NO_RECORDS: DailySummary = { mortos: 0, eliminados: 0, entradas: 0, saidas: 0, mortalidade: [] };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whole days since placement: until `today` (the owner's date), or until closing for a closed
 * flock; null while the placement date is unknown. Negative for a placement still to come.
 */
export function flockAge(row: Pick<LoteDetails, 'data_alojamento' | 'data_encerramento'>, today: string): number | null {
  if (row.data_alojamento === null) return null;
  return daysBetween(row.data_alojamento, row.data_encerramento ?? today);
}

/** What was delivered, when the flock was closed out (registerfechamento). */
function fechamentoOf(row: LoteDetails): Fechamento | null {
  if (row.aves_entregues === null || row.data_encerramento === null) return null;
  const hg = Number(row.kg_entregues_hg ?? 0);
  return {
    data: row.data_encerramento,
    aves_entregues: row.aves_entregues,
    kg_entregues: hg / 10,
    // hg × 100 g per bird, to one decimal of a gram.
    peso_medio_g: row.aves_entregues > 0 ? Math.round((hg * 1000) / row.aves_entregues) / 10 : null,
    racao_kg: row.racao_hg === null ? null : Number(row.racao_hg) / 10,
    obs: row.obs_fechamento ?? '',
  };
}

function toLote(row: LoteDetails, today: string, daily: DailySummary): Lote {
  const alojadas = row.aves_macho + row.aves_femea + row.aves_misto;
  return {
    id: row.id,
    prop: row.owner_id,
    codigo: row.codigo,
    nucleo_id: row.nucleo_id,
    nucleo_nome: row.nucleo_nome,
    aviarios: row.aviarios,
    data_alojamento: row.data_alojamento,
    linhagem: row.linhagem,
    padrao_id: row.padrao_id,
    padrao_nome: row.padrao_nome,
    aves_macho: row.aves_macho,
    aves_femea: row.aves_femea,
    aves_misto: row.aves_misto,
    data_encerramento: row.data_encerramento,
    obs: row.obs,
    mortalidade: daily.mortalidade,
    aves_alojadas: alojadas,
    mortalidade_total: daily.mortos,
    eliminados_total: daily.eliminados,
    aves_atuais: alojadas - daily.mortos - daily.eliminados + daily.entradas - daily.saidas,
    fechamento: fechamentoOf(row),
    idade: flockAge(row, today),
    situacao: row.data_encerramento === null ? 'ativo' : 'encerrado',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A flock as the export sends it: as registered, without the names and sums the portal's screens add. */
function toExportItem(row: LoteDetails): LoteExportItem {
  const { id, codigo, nucleo_id, aviarios, data_alojamento, linhagem, padrao_id, aves_macho, aves_femea, aves_misto, data_encerramento, obs } = row;
  return {
    id, codigo, nucleo_id, aviarios, data_alojamento, linhagem, padrao_id, aves_macho, aves_femea, aves_misto, data_encerramento, obs,
    fechamento: fechamentoOf(row),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const byCode = (a: LoteDetails, b: LoteDetails) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }) || a.id - b.id;

/**
 * The dates of a flock must agree ('Invalid flock!', 'Date of the flock not registered!'): closing
 * not before placement, and no closing without a placement. Dates are YYYY-MM-DD, so text order is date order.
 */
function checkDates(body: { data_alojamento: string | null; data_encerramento: string | null }): void {
  const { data_alojamento: placed, data_encerramento: closed } = body;
  // A closing date is counted from the placement: without it, it means nothing.
  if (placed === null && closed !== null) throw AppError.field('data_alojamento', 'FLOCK_DATE_MISSING');
  if (placed !== null && closed !== null && closed < placed) throw AppError.field('data_encerramento', 'FLOCK_INVALID');
}

/** Flocks (lotes): on one farm, in some of its houses, with their daily records and close-out; judged against a standard. */
export function flocksService(deps: {
  lotes: LotesRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  /** Standards flocks are judged against: told that a flock keeps its standard from being deleted. */
  standards: Pick<StandardsService, 'nameOf' | 'registerUsageCheck'>;
  diario: DiarioRepository;
  config: ConfigRepository;
  accounts: Pick<AccountReads, 'timezoneOf' | 'userById'>;
  clock: () => number;
}) {
  const { lotes, diario, farms, standards, accounts, clock } = deps;
  /** What refers to a flock besides its weighings (chart lines plotting it): registered by those modules. */
  const usage = usageChecks();
  standards.registerUsageCheck(lotes.judgedAgainst);

  /** The owner's today: ages count whole days in the owner's time zone, whoever asks. */
  async function ownerToday(ownerId: number): Promise<string> {
    return localDate(clock(), await accounts.timezoneOf(ownerId));
  }

  async function load(scope: OwnerScope, id: number): Promise<LoteDetails> {
    return inReach(scope, await lotes.find(scope.ownerId, id));
  }

  const daily = dailyService({ diario, config: deps.config, accounts, loadFlock: load, ownerToday, clock });

  async function answer(ownerId: number, rows: LoteDetails[]): Promise<Lote[]> {
    const today = await ownerToday(ownerId);
    const summaries = await diario.summaries(rows.map((row) => row.id));
    return rows.map((row) => toLote(row, today, summaries.get(row.id) ?? NO_RECORDS));
  }

  /**
   * The daily records of a flock being rewritten must still fit it: within its dates, in its
   * houses, no more losses than birds placed.
   */
  async function checkAgainstDaily(current: LoteDetails, body: LoteBody): Promise<void> {
    const span = await diario.span(current.id);
    if (!span) return;
    const placed = body.data_alojamento;
    if (placed === null) throw AppError.field('data_alojamento', 'FLOCK_DATE_MISSING');
    if (span.first < placed) throw AppError.field('data_alojamento', 'DAILY_RECORDS_OUTSIDE_FLOCK');
    if (body.data_encerramento !== null && span.last > body.data_encerramento) throw AppError.field('data_encerramento', 'DAILY_RECORDS_OUTSIDE_FLOCK');
    const kept = new Set(body.aviarios);
    if ((await diario.housesWithRecords(current.id)).some((house) => !kept.has(house))) throw AppError.field('aviarios', 'RECORD_IN_USE');
    const totals = await diario.totals(current.id);
    const alive = body.aves_macho + body.aves_femea + body.aves_misto - totals.mortos - totals.eliminados - totals.saidas + totals.entradas;
    if (alive < 0) throw AppError.field('aves_misto', 'DAILY_BIRDS_EXCEEDED');
  }

  /** The farm must be the owner's and within reach, the houses that farm's, the standard the owner's. */
  async function checkReferences(scope: OwnerScope, body: LoteBody): Promise<void> {
    const houseIds = reachesFarm(scope, body.nucleo_id) ? await farms.houseIdsOf(scope.ownerId, body.nucleo_id) : undefined;
    if (!houseIds) throw AppError.field('nucleo_id', 'FIELD_INVALID');
    const houses = new Set(houseIds);
    const foreign = body.aviarios.findIndex((id) => !houses.has(id));
    if (foreign >= 0) throw AppError.field(`aviarios.${foreign}`, 'FIELD_INVALID');
    if (body.padrao_id !== null && (await standards.nameOf(scope.ownerId, body.padrao_id)) === undefined) {
      throw AppError.field('padrao_id', 'FIELD_INVALID');
    }
  }

  const service = {
    async list(scope: OwnerScope): Promise<Lote[]> {
      return answer(scope.ownerId, (await lotes.list(scope.ownerId, scope.nucleos)).sort(byCode));
    },

    async get(scope: OwnerScope, id: number): Promise<Lote> {
      return (await answer(scope.ownerId, [await load(scope, id)]))[0]!;
    },

    /** A grant over some farms may record flocks on those farms (and only move a flock between them). */
    async save(scope: OwnerScope, body: LoteBody): Promise<Lote> {
      const { id, prop: _prop, aviarios, ...values } = body;
      const current = id === undefined ? undefined : await load(scope, id);
      await checkReferences(scope, body);
      checkDates(body);
      if (current) await checkAgainstDaily(current, body);
      const now = clock();
      const savedId = current ? current.id : await lotes.insert(scope.ownerId, values, aviarios, now);
      if (current) await lotes.update(scope.ownerId, current.id, values, aviarios, now);
      return service.get(scope, savedId);
    },

    /**
     * Close-out: the flock closes on `data` with what was delivered. Not before placement, and not
     * before a day that has a daily record (that record would fall outside the flock).
     */
    async closeOut(scope: OwnerScope, body: FechamentoBody): Promise<Lote> {
      const current = await load(scope, body.lote_id);
      if (current.data_alojamento === null) throw AppError.field('lote_id', 'FLOCK_DATE_MISSING');
      if (body.data < current.data_alojamento) throw AppError.field('data', 'FLOCK_INVALID');
      const span = await diario.span(current.id);
      if (span && span.last > body.data) throw AppError.field('data', 'DAILY_RECORDS_OUTSIDE_FLOCK');
      const closeOut = {
        data: body.data,
        aves_entregues: body.aves_entregues,
        kg_entregues_hg: Math.round(body.kg_entregues * 10),
        racao_hg: body.racao_kg === null ? null : Math.round(body.racao_kg * 10),
        obs_fechamento: body.obs,
      };
      await lotes.closeOut(scope.ownerId, current.id, closeOut, clock());
      return service.get(scope, current.id);
    },

    /** The export's `lotes` (issue 21): the owner's flocks changed after the cursor, in change order, none changed after `until`. */
    async changedSince(ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<LoteExportItem>> {
      return pageOf(await lotes.changedSince(ownerId, { after, limit, until }), (row) => row.updated_at, toExportItem);
    },

    /** Daily house records and the account's performance settings (daily.service.ts). */
    daily,
    /** The export's `mortalidade`: the owner's daily records changed after the cursor (daily.service.ts). */
    dailyChangedSince: daily.changedSince,
    /** Each house's day of the owner's flock, oldest first (for the performance module). */
    dailyOf: daily.dailyOf,
    /** The owner's causes of death and corrected-FCR reference, defaults until set. */
    performanceSettings: daily.performanceSettings,

    /** The owner's flock's id, placement date and standard, undefined when the owner has no such flock. */
    placementOf: (ownerId: number, id: number) => lotes.placement(ownerId, id),

    /** For another module that refers to flocks: a delete of one it still uses is refused. */
    registerUsageCheck: usage.register,

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      if ((await usage.inUse(current.id)) || (await lotes.hasWeighings(current.id))) throw new AppError('RECORD_IN_USE');
      await lotes.remove(scope.ownerId, current.id);
    },

    /** The owner's flocks' codes and placement periods (on one farm, or on all): what a weighing's flock text is matched against. */
    codesOf: lotes.codesOf,
    /** A flock an imported file named (create_missing), in one house of its farm, in the import's transaction. */
    createCoded: lotes.insertCoded,
  } satisfies RecordService<LoteBody, Lote> & Record<string, unknown>;
  return service;
}
export type FlocksService = ReturnType<typeof flocksService>;
