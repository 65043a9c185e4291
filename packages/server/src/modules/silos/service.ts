import { deviceLabel, SILO_DEVICE_MODELS, type ExportCursor, type ExportPage, type Silo, type SiloExportItem, type registerSiloBody } from '@portal/shared';
import type { z } from 'zod';
import { pageOf } from '../../db/change-order.js';
import { AppError } from '../../http/errors.js';
import { usageChecks } from '../usage-checks.js';
import type { RecordService } from '../../http/record-calls.js';
import type { DevicesService } from '../devices/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, requireLinkedDevice, type OwnerScope } from '../permissions/index.js';
import type { SiloDetails, SilosRepository } from './silos.repository.js';

type SiloBody = z.output<typeof registerSiloBody>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Kilograms travel with 1 decimal and are stored as integer tenths, so sums stay exact. */
export const toTenths = (kg: number) => Math.round(kg * 10);
export const toKg = (tenths: number) => tenths / 10;

function toSilo(row: SiloDetails): Silo {
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    nucleo_id: row.nucleo_id,
    nucleo_nome: row.nucleo_nome,
    capacidade_kg: toKg(row.capacidade_hg),
    tipo_racao: row.tipo_racao,
    device_id: row.device_id,
    device_nome: row.device ? deviceLabel(row.device) : null,
    aviarios: row.aviarios,
    obs: row.obs,
    saldo_kg: toKg(row.saldo_hg),
    ultimo_movimento: row.ultimo_movimento,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A silo as the export sends it: as registered (its balance travels as its `racao` movements). */
function toExportItem(row: SiloDetails): SiloExportItem {
  const { id, nome, nucleo_id, capacidade_kg, tipo_racao, device_id, aviarios, obs, created_at, updated_at } = toSilo(row);
  return { id, nome, nucleo_id, capacidade_kg, tipo_racao, device_id, aviarios, obs, created_at, updated_at };
}

/** Feed silos: on one farm, serving some of its houses, optionally weighed by a silo scale. */
export function silosService(deps: {
  silos: SilosRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  /** Devices: a silo's scale must be one of them; a device weighing a silo cannot be deleted. */
  devices: Pick<DevicesService, 'findOwned' | 'registerUsageCheck'>;
  clock: () => number;
}) {
  const { silos, farms, devices, clock } = deps;
  devices.registerUsageCheck((device) => silos.usingDevice(device.id));
  /** What refers to a silo from other modules (chart lines plotting it): registered by those modules. */
  const usage = usageChecks();

  async function load(scope: OwnerScope, id: number): Promise<SiloDetails> {
    return inReach(scope, await silos.find(scope.ownerId, id));
  }

  /** The farm, its houses and the scale a silo names must be the owner's and within the caller's reach. */
  async function checkLinks(scope: OwnerScope, current: SiloDetails | undefined, body: SiloBody): Promise<void> {
    const houseIds = reachesFarm(scope, body.nucleo_id) ? await farms.houseIdsOf(scope.ownerId, body.nucleo_id) : undefined;
    if (!houseIds) throw AppError.field('nucleo_id', 'FIELD_INVALID');
    const houses = new Set(houseIds);
    const stranger = body.aviarios.findIndex((id) => !houses.has(id));
    if (stranger >= 0) throw AppError.field(`aviarios.${stranger}`, 'FIELD_INVALID');
    if (body.device_id !== null) {
      requireLinkedDevice(scope, await devices.findOwned(scope.ownerId, body.device_id), current?.device_id, SILO_DEVICE_MODELS);
    }
  }

  const service = {
    async list(scope: OwnerScope): Promise<Silo[]> {
      return (await silos.list(scope.ownerId, scope.nucleos)).map(toSilo);
    },

    async get(scope: OwnerScope, id: number): Promise<Silo> {
      return toSilo(await load(scope, id));
    },

    async save(scope: OwnerScope, body: SiloBody): Promise<Silo> {
      const current = body.id === undefined ? undefined : await load(scope, body.id);
      await checkLinks(scope, current, body);
      const values = {
        nucleo_id: body.nucleo_id,
        nome: body.nome,
        capacidade_hg: toTenths(body.capacidade_kg),
        tipo_racao: body.tipo_racao,
        device_id: body.device_id,
        obs: body.obs,
      };
      const now = clock();
      const savedId = current ? current.id : await silos.insert(scope.ownerId, values, body.aviarios, now);
      if (current) await silos.update(scope.ownerId, current.id, values, body.aviarios, now);
      return toSilo(await load(scope, savedId));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      if (await usage.inUse(current.id)) throw new AppError('RECORD_IN_USE');
      if (!(await silos.removeUnlessUsed(scope.ownerId, current.id))) throw new AppError('RECORD_IN_USE');
    },

    /** For another module that refers to silos (a chart line plotting one): a delete of one it still uses is refused. */
    registerUsageCheck: usage.register,

    /** The export's `silos` (issue 21): the owner's silos changed after the cursor, in change order, none changed after `until`. */
    async changedSince(ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<SiloExportItem>> {
      return pageOf(await silos.changedSince(ownerId, { after, limit, until }), (row) => row.updated_at, toExportItem);
    },

    /** The owner's silos on one farm, with their houses and scale (the feed report's silos). */
    ofFarm: (ownerId: number, nucleoId: number): Promise<SiloDetails[]> => silos.list(ownerId, [nucleoId]),
  } satisfies RecordService<SiloBody, Silo> & Record<string, unknown>;
  return service;
}
export type SilosService = ReturnType<typeof silosService>;
