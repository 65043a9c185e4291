import type { ExportCursor, ExportPage, Nucleo, NucleoExportItem, registerNucleoBody, updateNucleoManualBody } from '@portal/shared';
import type { z } from 'zod';
import { pageOf } from '../../db/change-order.js';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { reachesFarm, type OwnerScope } from '../permissions/index.js';
import type { AviarioValues, NucleoWithHouses, NucleosRepository } from './nucleos.repository.js';

type NucleoBody = z.output<typeof registerNucleoBody>;
type HousesBody = z.output<typeof updateNucleoManualBody>;

const iso = (ms: number) => new Date(ms).toISOString();

function toNucleo(row: NucleoWithHouses): Nucleo {
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    tipo: row.tipo as Nucleo['tipo'],
    codigo: row.codigo,
    endereco: row.endereco,
    cidade: row.cidade,
    estado: row.estado,
    pais: row.pais,
    latitude: row.latitude,
    longitude: row.longitude,
    obs: row.obs,
    aviarios: row.aviarios.map(({ id, nome, lados, boxes, capacidade, area_m2 }) => ({ id, nome, lados, boxes, capacidade, area_m2 })),
    lotes_ativos: row.lotes_ativos,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A farm as the export sends it: its record without the owner and the count of open flocks (which change without it). */
function toExportItem(row: NucleoWithHouses): NucleoExportItem {
  const { prop: _prop, lotes_ativos: _open, ...item } = toNucleo(row);
  return item;
}

/** Farms (nucleos) with their houses, sides and pens; hatcheries with their incubators. */
export function farmsService(deps: { nucleos: NucleosRepository; clock: () => number }) {
  const { nucleos, clock } = deps;

  async function load(scope: OwnerScope, id: number): Promise<NucleoWithHouses> {
    const row = reachesFarm(scope, id) ? await nucleos.find(scope.ownerId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Houses kept by id must be this farm's; houses dropped must not be in use. */
  async function checkHouses(current: NucleoWithHouses | undefined, houses: AviarioValues[]): Promise<void> {
    const existing = new Set(current?.aviarios.map((house) => house.id) ?? []);
    for (const [index, house] of houses.entries()) {
      if (house.id !== undefined && !existing.has(house.id)) throw AppError.field(`aviarios.${index}.id`, 'FIELD_INVALID');
    }
    const kept = new Set(houses.map((house) => house.id));
    const dropped = [...existing].filter((id) => !kept.has(id));
    if ((await nucleos.housesInUse(dropped)).length > 0) throw AppError.field('aviarios', 'RECORD_IN_USE');
  }

  const service = {
    async list(scope: OwnerScope): Promise<Nucleo[]> {
      return (await nucleos.list(scope.ownerId, scope.nucleos)).map(toNucleo);
    },

    async get(scope: OwnerScope, id: number): Promise<Nucleo> {
      return toNucleo(await load(scope, id));
    },

    async save(scope: OwnerScope, body: NucleoBody): Promise<Nucleo> {
      const { id, prop: _prop, aviarios, ...values } = body;
      // A grant limited to some farms may edit those, not add new ones.
      if (id === undefined && scope.nucleos !== null) throw new AppError('FORBIDDEN');
      const current = id === undefined ? undefined : await load(scope, id);
      if (await nucleos.nameTaken(scope.ownerId, values.nome, id)) throw AppError.field('nome', 'DUPLICATE_NAME');
      await checkHouses(current, aviarios);
      const now = clock();
      const savedId = current ? current.id : await nucleos.insert(scope.ownerId, values, aviarios, now);
      if (current) await nucleos.update(scope.ownerId, current.id, values, aviarios, now);
      return toNucleo(await load(scope, savedId));
    },

    /** The ids of the owner's farm's houses, undefined when the owner has no such farm (a flock's houses must be its farm's). */
    async houseIdsOf(ownerId: number, id: number): Promise<number[] | undefined> {
      return (await nucleos.find(ownerId, id))?.aviarios.map((house) => house.id);
    },

    /** updatenucleomanual: the houses alone. */
    async saveHouses(scope: OwnerScope, body: HousesBody): Promise<Nucleo> {
      const current = await load(scope, body.idnucleo);
      await checkHouses(current, body.aviarios);
      await nucleos.update(scope.ownerId, current.id, undefined, body.aviarios, clock());
      return toNucleo(await load(scope, current.id));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      if (await nucleos.farmInUse(current.id)) throw new AppError('RECORD_IN_USE');
      await nucleos.remove(scope.ownerId, current.id);
    },

    /** The export's `nucleos` (issue 21): the owner's farms changed after the cursor, in change order, none changed after `until`. */
    async changedSince(ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<NucleoExportItem>> {
      return pageOf(await nucleos.changedSince(ownerId, { after, limit, until }), (row) => row.updated_at, toExportItem);
    },

    /** Every owner with at least one farm: whose alarms the alarms job evaluates. */
    owners: nucleos.owners,
    /** The owner's farms' names and codes, first registered first: what a weighing's farm text is matched against. */
    namesOf: nucleos.namesOf,
    /** Each farm's first house among the ids: where a flock created for an imported file is placed. */
    firstHouses: nucleos.firstHouses,
    /** A farm an imported file named (create_missing), with one house, in the import's transaction. */
    createNamed: nucleos.insertNamed,
    /** A house for a farm that has none, in the import's transaction. */
    addHouse: nucleos.insertHouse,
  } satisfies RecordService<NucleoBody, Nucleo> & Record<string, unknown>;
  return service;
}
export type FarmsService = ReturnType<typeof farmsService>;
