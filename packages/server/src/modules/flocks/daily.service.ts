import {
  CAUSAS_MORTALIDADE_PADRAO,
  daysBetween,
  PESO_REFERENCIA_CA_PADRAO_G,
  PONTOS_CA_POR_100G_PADRAO,
  type ConfigDesempenho,
  type Diario,
  type ExportCursor,
  type ExportPage,
  type MortalidadeExportItem,
  type registerDiarioBody,
  type setConfigDesempenhoBody,
} from '@portal/shared';
import type { z } from 'zod';
import { pageOf } from '../../db/change-order.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import { requireWholeAccount, type OwnerScope } from '../permissions/index.js';
import { changedFields, toValues, type Campo } from './diario-fields.js';
import type { CausaAves, ConfigRepository, DiarioDetails, DiarioRepository, HistoricoRow } from './diario.repository.js';
import type { LoteDetails } from './lotes.repository.js';

type DiarioBody = z.output<typeof registerDiarioBody>;
type ConfigBody = z.output<typeof setConfigDesempenhoBody>;

/** One house's day as the performance module reads it (flocks' public face: dailyOf). */
export interface DailyTotals {
  data: string;
  aviario_id: number;
  mortos: number;
  eliminados: number;
  entradas: number;
  saidas: number;
  agua_l: number | null;
  temp_min: number | null;
  temp_max: number | null;
}

/** The account's performance settings (flocks' public face: performanceSettings). */
export interface PerformanceSettings {
  causas: string[];
  peso_referencia_g: number;
  pontos_100g: number;
}

const tenths = (value: number | string | null) => (value === null ? null : Number(value) / 10);
const iso = (ms: number) => new Date(ms).toISOString();

/** A record's own fields, as getdiario answers them and the export sends them (`mortalidade` items). */
function recordOf(row: DiarioDetails): MortalidadeExportItem {
  return {
    id: row.id,
    lote_id: row.lote_id,
    aviario_id: row.aviario_id,
    data: row.data,
    mortalidade: row.mortalidade,
    mortos: row.mortos,
    eliminados: row.eliminados,
    entradas: row.entradas,
    saidas: row.saidas,
    agua_l: tenths(row.agua_dl),
    temp_min: tenths(row.temp_min_dc),
    temp_max: tenths(row.temp_max_dc),
    obs: row.obs,
    created_at: iso(Number(row.created_at)),
    updated_at: iso(Number(row.updated_at)),
  };
}

/**
 * Daily house records (registerdiario, getdiario, deldiario) and the account's performance
 * settings (getconfigdesempenho, setconfigdesempenho). The flock a record hangs from is loaded
 * through the flocks service's `loadFlock` (scope and farm reach) and bounds its day.
 */
export function dailyService(deps: {
  diario: DiarioRepository;
  config: ConfigRepository;
  accounts: Pick<AccountReads, 'userById'>;
  loadFlock: (scope: OwnerScope, id: number) => Promise<LoteDetails>;
  ownerToday: (ownerId: number) => Promise<string>;
  clock: () => number;
}) {
  const { diario, config, accounts, loadFlock, ownerToday, clock } = deps;

  async function performanceSettings(ownerId: number): Promise<PerformanceSettings> {
    return (await config.find(ownerId)) ?? { causas: [...CAUSAS_MORTALIDADE_PADRAO], peso_referencia_g: PESO_REFERENCIA_CA_PADRAO_G, pontos_100g: PONTOS_CA_POR_100G_PADRAO };
  }

  /** Name, else e-mail, of each writer (a removed user shows as ''). */
  async function namesOf(ids: Iterable<number | null>): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of new Set(ids)) {
      if (id === null) continue;
      const user = await accounts.userById(id);
      names.set(id, user ? user.name || user.email : '');
    }
    return names;
  }

  async function answer(flock: LoteDetails, rows: DiarioDetails[]): Promise<Diario[]> {
    const history = await diario.history(rows.map((row) => row.id));
    const names = await namesOf([...rows.map((row) => row.updated_by), ...history.map((entry) => entry.user_id)]);
    const houses = new Map(flock.aviarios.map((house) => [house.id, house.nome]));
    const houseName = (id: number) => houses.get(id) ?? '';
    const historyOf = (id: number) => history.filter((entry) => entry.diario_id === id).map((entry: HistoricoRow) => ({
      em: iso(entry.em),
      por: entry.user_id === null ? '' : (names.get(entry.user_id) ?? ''),
      campos: JSON.parse(entry.campos) as Campo[],
    }));
    const sorted = [...rows].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : houseName(a.aviario_id).localeCompare(houseName(b.aviario_id), 'pt-BR', { numeric: true }) || a.aviario_id - b.aviario_id));
    return sorted.map((row) => ({
      ...recordOf(row),
      aviario_nome: houseName(row.aviario_id),
      idade: flock.data_alojamento === null ? null : daysBetween(flock.data_alojamento, row.data),
      updated_by: row.updated_by === null ? '' : (names.get(row.updated_by) ?? ''),
      historico: historyOf(row.id),
    }));
  }

  async function one(scope: OwnerScope, flock: LoteDetails, id: number): Promise<Diario> {
    const row = await diario.find(scope.ownerId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return (await answer(flock, [row]))[0]!;
  }

  /** The day must lie in the flock's time, its house be one of the flock's, the temperatures in order. */
  async function checkDay(scope: OwnerScope, flock: LoteDetails, body: DiarioBody): Promise<void> {
    if (!flock.aviarios.some((house) => house.id === body.aviario_id)) throw AppError.field('aviario_id', 'FIELD_INVALID');
    if (flock.data_alojamento === null) throw AppError.field('lote_id', 'FLOCK_DATE_MISSING');
    const last = flock.data_encerramento ?? (await ownerToday(scope.ownerId));
    if (body.data < flock.data_alojamento || body.data > last) throw AppError.field('data', 'DAILY_DATE_OUTSIDE_FLOCK');
    if (body.temp_min !== null && body.temp_max !== null && body.temp_min > body.temp_max) throw AppError.field('temp_max', 'FIELD_INVALID');
  }

  /** Writes the day in one transaction: the checks that depend on stored rows run inside it. */
  async function write(scope: OwnerScope, flock: LoteDetails, body: DiarioBody, causes: readonly string[]): Promise<number> {
    return diario.transaction(async (trx) => {
      if (body.uid !== undefined) {
        const applied = await diario.appliedUid(trx, scope.ownerId, body.uid);
        if (applied !== undefined) return applied;
      }
      const current = await diario.findByDay(trx, flock.id, body.aviario_id, body.data);
      // A cause already on the record stays writable after the account drops it from its list.
      const allowed = new Set([...causes, ...(current?.mortalidade.map((entry) => entry.causa) ?? [])]);
      const unknown = body.mortalidade.findIndex((entry) => !allowed.has(entry.causa));
      if (unknown >= 0) throw AppError.field(`mortalidade.${unknown}.causa`, 'MORTALITY_CAUSE_UNKNOWN');
      const causas: CausaAves[] = body.mortalidade.map(({ causa, aves }) => ({ causa, aves }));
      const values = toValues(body, causas);
      const others = await diario.totals(flock.id, current?.id, trx);
      const placed = flock.aves_macho + flock.aves_femea + flock.aves_misto;
      const alive = placed - others.mortos - others.eliminados - others.saidas + others.entradas + values.entradas;
      if (values.mortos + values.eliminados + values.saidas > alive) throw AppError.field('mortalidade', 'DAILY_BIRDS_EXCEEDED');
      const now = clock();
      const entry = { owner_id: scope.ownerId, uid: body.uid ?? null, user_id: scope.actorId, em: now };
      if (!current) {
        const id = await diario.insert(trx, { ...values, owner_id: scope.ownerId, lote_id: flock.id, aviario_id: body.aviario_id, data: body.data, by: scope.actorId, now }, causas);
        if (entry.uid !== null) await diario.appendHistory(trx, { ...entry, diario_id: id, campos: '[]', criacao: true });
        return id;
      }
      const campos = changedFields(current, values, causas);
      if (campos.length > 0) await diario.update(trx, current.id, values, causas, scope.actorId, now);
      // An unchanged write leaves no history, unless its uid must be remembered.
      if (campos.length > 0 || entry.uid !== null) await diario.appendHistory(trx, { ...entry, diario_id: current.id, campos: JSON.stringify(campos), criacao: false });
      return current.id;
    });
  }

  return {
    dailyOf: async (ownerId: number, loteId: number): Promise<DailyTotals[]> =>
      (await diario.days(ownerId, loteId)).map((row) => ({
        data: row.data, aviario_id: row.aviario_id, mortos: row.mortos, eliminados: row.eliminados, entradas: row.entradas, saidas: row.saidas,
        agua_l: tenths(row.agua_dl), temp_min: tenths(row.temp_min_dc), temp_max: tenths(row.temp_max_dc),
      })),

    performanceSettings,

    /** The export's `mortalidade` (issue 21): the owner's daily records changed after the cursor, in change order, none changed after `until`. */
    async changedSince(ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<MortalidadeExportItem>> {
      return pageOf(await diario.changedSince(ownerId, { after, limit, until }), (row) => Number(row.updated_at), recordOf);
    },

    async getConfig(scope: OwnerScope): Promise<ConfigDesempenho> {
      return { prop: scope.ownerId, ...(await performanceSettings(scope.ownerId)) };
    },

    /** Account-wide: a grant limited to some farms does not change what every farm uses. */
    async setConfig(scope: OwnerScope, body: ConfigBody): Promise<ConfigDesempenho> {
      requireWholeAccount(scope);
      const settings = { causas: body.causas, peso_referencia_g: body.peso_referencia_g, pontos_100g: body.pontos_100g };
      await config.save(scope.ownerId, settings, clock());
      return { prop: scope.ownerId, ...settings };
    },

    async register(scope: OwnerScope, body: DiarioBody): Promise<Diario> {
      const flock = await loadFlock(scope, body.lote_id);
      await checkDay(scope, flock, body);
      const { causas } = await performanceSettings(scope.ownerId);
      let id: number;
      try {
        id = await write(scope, flock, body, causas);
      } catch (error) {
        // Two writes of the same day (or uid) at once: the second finds the first's row on its retry.
        if (!isUniqueViolation(error)) throw error;
        id = await write(scope, flock, body, causas);
      }
      return one(scope, flock, id);
    },

    async list(scope: OwnerScope, query: { lote_id: number; di?: string; df?: string }): Promise<Diario[]> {
      if (query.di !== undefined && query.df !== undefined && query.di > query.df) throw AppError.field('df', 'DATE_RANGE_INVALID');
      const flock = await loadFlock(scope, query.lote_id);
      return answer(flock, await diario.list(scope.ownerId, flock.id, query.di, query.df));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const row = await diario.find(scope.ownerId, id);
      if (!row) throw new AppError('NOT_FOUND');
      await loadFlock(scope, row.lote_id);
      await diario.remove(scope.ownerId, id);
    },
  };
}
export type DailyService = ReturnType<typeof dailyService>;

