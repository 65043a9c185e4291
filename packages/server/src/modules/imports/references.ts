import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { reachesFarm, type OwnerScope } from '../permissions/scope.js';
import type { FarmRef, FlockRef, ImportacoesRepository } from './importacoes.repository.js';
import { RowRejected } from './rows.js';

/** The house a farm or flock created by an import gets (a flock needs one). */
export const CREATED_HOUSE_NAME = 'Aviário 1';
/** Farms and flocks listed as missing at most (the rows naming more are refused all the same). */
const MISSING_LISTED = 1000;

/** A record a staged import will create, under its placeholder id (farm and house ids may be placeholders too). */
type PlannedRecord =
  | { kind: 'farm'; id: number; houseId: number; nome: string }
  | { kind: 'house'; id: number; farmId: number }
  | { kind: 'flock'; id: number; farmId: number; houseId: number; codigo: string };

export interface Resolved {
  nucleoId: number;
  loteId: number;
}

/** Case-insensitive, then also accent-insensitive: how a file's farm or flock text meets a record's. */
const lower = (value: string) => value.toLocaleLowerCase('pt-BR');
const plain = (value: string) => lower(value).normalize('NFD').replace(/\p{M}/gu, '');

function lookup<T>(keys: (item: T) => string[]) {
  const exact = new Map<string, T[]>();
  const loose = new Map<string, T[]>();
  const put = (map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  return {
    add(item: T): void {
      for (const key of keys(item)) {
        if (key === '') continue;
        put(exact, lower(key), item);
        put(loose, plain(key), item);
      }
    },
    /** Same text but for case first; accents ignored only when that names one record. */
    find(text: string): T[] {
      const found = exact.get(lower(text));
      if (found) return found;
      const near = loose.get(plain(text)) ?? [];
      return near.length === 1 ? near : [];
    },
  };
}

/**
 * Resolves the farm (by name, or code) and flock (by code on that farm) each row names, once per
 * distinct pair. Missing ones are refused, or with `createMissing` created in the import's
 * transaction when a store is given (PostgreSQL's one transaction); without one they get negative
 * placeholder ids, only counted in a dry run, created by `createPlanned` when a staged import is
 * decided. A grant limited to some farms reaches only those and cannot create farms.
 */
export function referenceResolver(options: {
  scope: OwnerScope;
  farms: FarmRef[];
  flocks: FlockRef[];
  createMissing: boolean;
  /** Where to create what is missing; undefined in a dry run. */
  store?: { repository: ImportacoesRepository; trx: Transaction<Tables>; now: number };
}) {
  const { scope, createMissing, store } = options;
  const farms = lookup<FarmRef>((farm) => [farm.nome, farm.codigo]);
  const flocks = lookup<FlockRef>((flock) => [flock.codigo]);
  for (const farm of options.farms) farms.add(farm);
  for (const flock of options.flocks) flocks.add(flock);
  /** Farm text → flock text → answer: two lookups per row, no key built. */
  const cache = new Map<string, Map<string, Resolved | RowRejected>>();
  let pairs = 0;
  const missingFarms = new Map<string, string>();
  const missingFlocks = new Map<string, { nucleo: string; lote: string }>();
  /** Placeholder ids (negative) of the records to create when no store is given: a dry run's, or a staged import's. */
  let planned = 0;
  const plan: PlannedRecord[] = [];

  const noteMissingFarm = (nome: string) => {
    if (missingFarms.size < MISSING_LISTED && !missingFarms.has(plain(nome))) missingFarms.set(plain(nome), nome);
  };
  const noteMissingFlock = (nucleo: string, lote: string) => {
    const key = `${plain(nucleo)}\u0000${plain(lote)}`;
    if (missingFlocks.size < MISSING_LISTED && !missingFlocks.has(key)) missingFlocks.set(key, { nucleo, lote });
  };

  async function farmFor(nucleo: string): Promise<FarmRef | RowRejected> {
    const found = farms.find(nucleo);
    // A name shared by two farms: the one first registered (the file cannot say which).
    const farm = found[0];
    if (farm) return reachesFarm(scope, farm.id) ? farm : new RowRejected('NUCLEO_OUT_OF_REACH', 'nucleo', nucleo);
    noteMissingFarm(nucleo);
    if (!createMissing) return new RowRejected('NUCLEO_NOT_FOUND', 'nucleo', nucleo);
    // Creating farms takes a grant over the whole account.
    if (scope.nucleos !== null) return new RowRejected('NUCLEO_OUT_OF_REACH', 'nucleo', nucleo);
    const created = store
      ? await store.repository.createFarm(store.trx, scope.ownerId, nucleo, CREATED_HOUSE_NAME, store.now)
      : { id: -++planned, nome: nucleo, codigo: '', primeiraCasa: -++planned };
    if (!store) plan.push({ kind: 'farm', id: created.id, houseId: created.primeiraCasa!, nome: nucleo });
    farms.add(created);
    return created;
  }

  async function flockFor(farm: FarmRef, nucleo: string, lote: string): Promise<FlockRef | RowRejected> {
    const matches = flocks.find(lote);
    const here = matches.filter((flock) => flock.nucleo_id === farm.id);
    // Several with that code on the farm: the active one, else the newest.
    const best = here.find((flock) => flock.ativo) ?? here.at(-1);
    if (best) return best;
    noteMissingFlock(nucleo, lote);
    if (!createMissing) {
      // The same code on another farm in reach: most likely the file names the wrong farm.
      const elsewhere = matches.some((flock) => reachesFarm(scope, flock.nucleo_id));
      return new RowRejected(elsewhere ? 'LOTE_OTHER_NUCLEO' : 'LOTE_NOT_FOUND', 'lote', lote);
    }
    let houseId = farm.primeiraCasa;
    if (houseId === null) {
      houseId = store ? await store.repository.createHouse(store.trx, farm.id, CREATED_HOUSE_NAME) : -++planned;
      if (!store) plan.push({ kind: 'house', id: houseId, farmId: farm.id });
      farm.primeiraCasa = houseId;
    }
    const created = store
      ? await store.repository.createFlock(store.trx, scope.ownerId, farm.id, lote, houseId, store.now)
      : { id: -++planned, nucleo_id: farm.id, codigo: lote, ativo: true };
    if (!store) plan.push({ kind: 'flock', id: created.id, farmId: farm.id, houseId, codigo: lote });
    flocks.add(created);
    return created;
  }

  return {
    /** The cached answer for a row's farm and flock; undefined the first time a pair is seen. */
    cached: (nucleo: string, lote: string) => cache.get(nucleo)?.get(lote),

    async resolve(nucleo: string, lote: string): Promise<Resolved | RowRejected> {
      const known = cache.get(nucleo)?.get(lote);
      if (known) return known;
      const farm = await farmFor(nucleo);
      const answer = farm instanceof RowRejected ? farm : await flockFor(farm, nucleo, lote);
      const resolved = answer instanceof RowRejected ? answer : { nucleoId: answer.nucleo_id, loteId: answer.id };
      // Bounded: a file of endless distinct names resolves again rather than fill memory.
      if (pairs > 100_000) {
        cache.clear();
        pairs = 0;
      }
      let flocksOfFarm = cache.get(nucleo);
      if (!flocksOfFarm) cache.set(nucleo, (flocksOfFarm = new Map()));
      flocksOfFarm.set(lote, resolved);
      pairs += 1;
      return resolved;
    },

    /** What the file names that the owner lacks, in the order first met. */
    missing: () => ({ nucleos: [...missingFarms.values()], lotes: [...missingFlocks.values()] }),

    /**
     * Creates, in `trx`, the farms, houses and flocks planned under placeholder ids while the file
     * was read without a store (a staged import); answers each placeholder's real id.
     */
    async createPlanned(repository: ImportacoesRepository, trx: Transaction<Tables>, now: number): Promise<Map<number, number>> {
      const real = new Map<number, number>();
      const id = (placeholder: number) => (placeholder < 0 ? real.get(placeholder)! : placeholder);
      for (const record of plan) {
        if (record.kind === 'farm') {
          const farm = await repository.createFarm(trx, scope.ownerId, record.nome, CREATED_HOUSE_NAME, now);
          real.set(record.id, farm.id).set(record.houseId, farm.primeiraCasa!);
        } else if (record.kind === 'house') {
          real.set(record.id, await repository.createHouse(trx, id(record.farmId), CREATED_HOUSE_NAME));
        } else {
          real.set(record.id, (await repository.createFlock(trx, scope.ownerId, id(record.farmId), record.codigo, id(record.houseId), now)).id);
        }
      }
      return real;
    },
  };
}
export type ReferenceResolver = ReturnType<typeof referenceResolver>;
