import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { FarmsService } from '../farms/index.js';
import type { FlocksService } from '../flocks/index.js';
import { reachesFarm, type OwnerScope } from '../permissions/index.js';
import { chooseFlock, looseKey, oneFarm, sameCode, textIndex, type FlockKeys } from './resolution.js';
import { WeighingFault } from './validation.js';

/** The house a farm or flock created for a file gets (a flock needs one). */
export const CREATED_HOUSE_NAME = 'Aviário 1';
/** Farms and flocks listed as missing at most (the rows naming more are refused all the same). */
const MISSING_LISTED = 1000;
/** Distinct (farm, flock) texts remembered at most: a file of endless distinct names resolves again rather than fill memory. */
const PAIRS_CACHED = 100_000;

/** What the resolver reads and creates through the farms and flocks modules. */
export interface ReferenceServices {
  farms: Pick<FarmsService, 'namesOf' | 'firstHouses' | 'createNamed' | 'addHouse'>;
  flocks: Pick<FlocksService, 'codesOf' | 'createCoded'>;
}

interface FarmRef {
  id: number;
  nome: string;
  codigo: string;
  /** The farm's first house (by order), for flocks created on it; null when it has none. */
  primeiraCasa: number | null;
}

interface FlockRef extends FlockKeys {
  nucleo_id: number;
}

/** A record a staged import will create, under its placeholder id (farm and house ids may be placeholders too). */
type PlannedRecord =
  | { kind: 'farm'; id: number; houseId: number; nome: string }
  | { kind: 'house'; id: number; farmId: number }
  | { kind: 'flock'; id: number; farmId: number; houseId: number; codigo: string };

export interface Resolved {
  nucleoId: number;
  loteId: number;
}

/** A pair's answer: fixed, refused, or (several flocks of that code) chosen by each row's date. */
type PairAnswer = Resolved | WeighingFault | { nucleoId: number; flocks: readonly FlockRef[] };

const byDate = (answer: PairAnswer, data: string): Resolved | WeighingFault =>
  'flocks' in answer ? { nucleoId: answer.nucleoId, loteId: chooseFlock(answer.flocks, data)!.id } : answer;

/** Where the resolver creates what is missing: in the import's open transaction. */
export interface ReferenceStore {
  trx: Transaction<Tables>;
  now: number;
}

/**
 * The rule of resolution.ts over a file's rows, once per distinct (farm, flock) text pair: the
 * owner's farms and flocks are read once, first. Missing ones are refused, or with
 * `createMissing` created in the import's transaction once `createIn` gave one (PostgreSQL's one
 * transaction); until then they get negative placeholder ids, only counted in a dry run, created
 * by `createPlanned` when a staged import is decided. A grant limited to some farms reaches only
 * those and cannot create farms.
 */
export async function fileResolver(services: ReferenceServices, scope: OwnerScope, createMissing: boolean) {
  const { ownerId } = scope;
  let store: ReferenceStore | undefined;
  const names = await services.farms.namesOf(ownerId);
  const firstHouse = await services.farms.firstHouses(names.map((farm) => farm.id));
  const farms = textIndex<FarmRef>((farm) => [farm.nome, farm.codigo]);
  const flocks = textIndex<FlockRef>((flock) => [flock.codigo]);
  for (const farm of names) farms.add({ ...farm, primeiraCasa: firstHouse.get(farm.id) ?? null });
  for (const flock of await services.flocks.codesOf(ownerId)) flocks.add(flock);
  /** Farm text → flock text → answer: two lookups per row, no key built. */
  const cache = new Map<string, Map<string, PairAnswer>>();
  let pairs = 0;
  const missingFarms = new Map<string, string>();
  const missingFlocks = new Map<string, { nucleo: string; lote: string }>();
  /** Placeholder ids (negative) of the records to create when no store is given: a dry run's, or a staged import's. */
  let planned = 0;
  const plan: PlannedRecord[] = [];

  const noteMissingFarm = (nome: string) => {
    const key = looseKey(nome);
    if (missingFarms.size < MISSING_LISTED && !missingFarms.has(key)) missingFarms.set(key, nome);
  };
  const noteMissingFlock = (nucleo: string, lote: string) => {
    const key = `${looseKey(nucleo)}\u0000${looseKey(lote)}`;
    if (missingFlocks.size < MISSING_LISTED && !missingFlocks.has(key)) missingFlocks.set(key, { nucleo, lote });
  };

  async function createFarm(nome: string): Promise<FarmRef> {
    if (store) {
      const created = await services.farms.createNamed(store.trx, ownerId, nome, CREATED_HOUSE_NAME, store.now);
      return { id: created.id, nome, codigo: '', primeiraCasa: created.houseId };
    }
    const created = { id: -++planned, nome, codigo: '', primeiraCasa: -++planned };
    plan.push({ kind: 'farm', id: created.id, houseId: created.primeiraCasa, nome });
    return created;
  }

  async function farmFor(nucleo: string): Promise<FarmRef | WeighingFault> {
    const found = oneFarm(farms.find(nucleo));
    if (found === 'NUCLEO_AMBIGUOUS') return new WeighingFault('NUCLEO_AMBIGUOUS', 'nucleo', nucleo);
    if (found !== 'NUCLEO_NOT_FOUND') return reachesFarm(scope, found.id) ? found : new WeighingFault('NUCLEO_OUT_OF_REACH', 'nucleo', nucleo);
    noteMissingFarm(nucleo);
    if (!createMissing) return new WeighingFault('NUCLEO_NOT_FOUND', 'nucleo', nucleo);
    // Creating farms takes a grant over the whole account.
    if (scope.nucleos !== null) return new WeighingFault('NUCLEO_OUT_OF_REACH', 'nucleo', nucleo);
    const created = await createFarm(nucleo);
    farms.add(created);
    return created;
  }

  async function createFlock(farm: FarmRef, lote: string): Promise<FlockRef> {
    let houseId = farm.primeiraCasa;
    if (houseId === null) {
      houseId = store ? await services.farms.addHouse(store.trx, farm.id, CREATED_HOUSE_NAME) : -++planned;
      if (!store) plan.push({ kind: 'house', id: houseId, farmId: farm.id });
      farm.primeiraCasa = houseId;
    }
    const id = store ? await services.flocks.createCoded(store.trx, ownerId, farm.id, lote, houseId, store.now) : -++planned;
    if (!store) plan.push({ kind: 'flock', id, farmId: farm.id, houseId, codigo: lote });
    return { id, nucleo_id: farm.id, codigo: lote, data_alojamento: null, data_encerramento: null };
  }

  async function flockFor(farm: FarmRef, nucleo: string, lote: string): Promise<PairAnswer> {
    const matches = flocks.find(lote);
    const here = sameCode(matches.filter((flock) => flock.nucleo_id === farm.id));
    if (here.length === 1) return { nucleoId: farm.id, loteId: here[0]!.id };
    if (here.length > 1) return { nucleoId: farm.id, flocks: here };
    noteMissingFlock(nucleo, lote);
    if (!createMissing) {
      // The same code on another farm in reach: most likely the file names the wrong farm.
      const elsewhere = matches.some((flock) => reachesFarm(scope, flock.nucleo_id));
      return new WeighingFault(elsewhere ? 'LOTE_OTHER_NUCLEO' : 'LOTE_NOT_FOUND', 'lote', lote);
    }
    const created = await createFlock(farm, lote);
    flocks.add(created);
    return { nucleoId: farm.id, loteId: created.id };
  }

  return {
    /** From now on, missing farms and flocks are created in `where` (the import's one transaction) rather than planned. */
    createIn(where: ReferenceStore): void {
      store = where;
    },

    /** The cached answer for a row's farm, flock and date; undefined the first time its pair is seen. */
    cached(nucleo: string, lote: string, data: string): Resolved | WeighingFault | undefined {
      const answer = cache.get(nucleo)?.get(lote);
      return answer && byDate(answer, data);
    },

    async resolve(nucleo: string, lote: string, data: string): Promise<Resolved | WeighingFault> {
      const known = cache.get(nucleo)?.get(lote);
      if (known) return byDate(known, data);
      const farm = await farmFor(nucleo);
      const answer = farm instanceof WeighingFault ? farm : await flockFor(farm, nucleo, lote);
      if (pairs > PAIRS_CACHED) {
        cache.clear();
        pairs = 0;
      }
      let flocksOfFarm = cache.get(nucleo);
      if (!flocksOfFarm) cache.set(nucleo, (flocksOfFarm = new Map()));
      flocksOfFarm.set(lote, answer);
      pairs += 1;
      return byDate(answer, data);
    },

    /** What the file names that the owner lacks, in the order first met. */
    missing: () => ({ nucleos: [...missingFarms.values()], lotes: [...missingFlocks.values()] }),

    /**
     * Creates, in `store.trx`, the farms, houses and flocks planned under placeholder ids while the
     * file was read without a store (a staged import); answers each placeholder's real id.
     */
    async createPlanned({ trx, now }: ReferenceStore): Promise<Map<number, number>> {
      const real = new Map<number, number>();
      const id = (placeholder: number) => (placeholder < 0 ? real.get(placeholder)! : placeholder);
      for (const record of plan) {
        if (record.kind === 'farm') {
          const farm = await services.farms.createNamed(trx, ownerId, record.nome, CREATED_HOUSE_NAME, now);
          real.set(record.id, farm.id).set(record.houseId, farm.houseId);
        } else if (record.kind === 'house') {
          real.set(record.id, await services.farms.addHouse(trx, id(record.farmId), CREATED_HOUSE_NAME));
        } else {
          real.set(record.id, await services.flocks.createCoded(trx, ownerId, id(record.farmId), record.codigo, id(record.houseId), now));
        }
      }
      return real;
    },
  };
}
export type FileResolver = Awaited<ReturnType<typeof fileResolver>>;
