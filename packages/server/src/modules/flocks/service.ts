import { daysBetween, localDate, type Lote, type registerLoteBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, type OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import { usageChecks } from '../usage-checks.js';
import type { LoteDetails, LotesRepository } from './lotes.repository.js';

type LoteBody = z.output<typeof registerLoteBody>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whole days since placement: until `today` (the owner's date), or until closing for a closed
 * flock; null while the placement date is unknown. Negative for a placement still to come.
 */
export function flockAge(row: Pick<LoteDetails, 'data_alojamento' | 'data_encerramento'>, today: string): number | null {
  if (row.data_alojamento === null) return null;
  return daysBetween(row.data_alojamento, row.data_encerramento ?? today);
}

function toLote(row: LoteDetails, today: string): Lote {
  const alojadas = row.aves_macho + row.aves_femea + row.aves_misto;
  const mortas = row.mortalidade.reduce((sum, entry) => sum + entry.aves, 0);
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
    mortalidade: row.mortalidade,
    aves_alojadas: alojadas,
    mortalidade_total: mortas,
    aves_atuais: alojadas - mortas,
    idade: flockAge(row, today),
    situacao: row.data_encerramento === null ? 'ativo' : 'encerrado',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const byCode = (a: LoteDetails, b: LoteDetails) => a.codigo.localeCompare(b.codigo, 'pt-BR', { numeric: true }) || a.id - b.id;

/**
 * The dates and counts of a flock must agree ('Invalid flock!', 'Date of the flock not registered!'):
 * closing not before placement, deaths between placement and closing and no more than the birds placed.
 * Dates are YYYY-MM-DD, so text order is date order.
 */
function checkDatesAndCounts(body: LoteBody): void {
  const { data_alojamento: placed, data_encerramento: closed, mortalidade } = body;
  // A closing date or deaths are counted from the placement: without it they mean nothing.
  if (placed === null && (closed !== null || mortalidade.length > 0)) throw AppError.field('data_alojamento', 'FLOCK_DATE_MISSING');
  if (placed === null) return;
  if (closed !== null && closed < placed) throw AppError.field('data_encerramento', 'FLOCK_INVALID');
  const outside = mortalidade.findIndex((entry) => entry.data < placed || (closed !== null && entry.data > closed));
  if (outside >= 0) throw AppError.field(`mortalidade.${outside}.data`, 'FLOCK_INVALID');
  const deaths = mortalidade.reduce((sum, entry) => sum + entry.aves, 0);
  if (deaths > body.aves_macho + body.aves_femea + body.aves_misto) throw AppError.field('mortalidade', 'FLOCK_INVALID');
}

/** Flocks (lotes): on one farm, in some of its houses, with their mortality; judged against a standard. */
export function flocksService(deps: {
  lotes: LotesRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  /** Standards flocks are judged against: told that a flock keeps its standard from being deleted. */
  standards: Pick<StandardsService, 'nameOf' | 'registerUsageCheck'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}) {
  const { lotes, farms, standards, accounts, clock } = deps;
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
      const today = await ownerToday(scope.ownerId);
      return (await lotes.list(scope.ownerId, scope.nucleos)).sort(byCode).map((row) => toLote(row, today));
    },

    async get(scope: OwnerScope, id: number): Promise<Lote> {
      const row = await load(scope, id);
      return toLote(row, await ownerToday(scope.ownerId));
    },

    /** A grant over some farms may record flocks on those farms (and only move a flock between them). */
    async save(scope: OwnerScope, body: LoteBody): Promise<Lote> {
      const { id, prop: _prop, aviarios, mortalidade, ...values } = body;
      const current = id === undefined ? undefined : await load(scope, id);
      await checkReferences(scope, body);
      checkDatesAndCounts(body);
      const now = clock();
      const savedId = current ? current.id : await lotes.insert(scope.ownerId, values, aviarios, mortalidade, now);
      if (current) await lotes.update(scope.ownerId, current.id, values, aviarios, mortalidade, now);
      return service.get(scope, savedId);
    },

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
