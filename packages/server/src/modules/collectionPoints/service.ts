import { ERROR_MESSAGES, splitPiped, type PontoColeta, type registerPontoColetaBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import type { DevicesService } from '../devices/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, requireWholeAccount, type OwnerScope } from '../permissions/index.js';
import { COLLECTOR_MODEL, type CollectionPointsRepository, type Collector, type PontoColetaDetails } from './collection-points.repository.js';

type PontoColetaBody = z.output<typeof registerPontoColetaBody>;

const iso = (ms: number) => new Date(ms).toISOString();

/** COLLECTOR_NOT_FOUND on serie_coletores, its message naming the first serial that is not a collector. */
function collectorNotFound(serial: string): AppError {
  const msg = `${ERROR_MESSAGES.COLLECTOR_NOT_FOUND.replace(/\.$/, '')}: ${serial}`;
  return new AppError('COLLECTOR_NOT_FOUND', { errors: [{ code: 'COLLECTOR_NOT_FOUND', msg, field: 'serie_coletores' }] });
}

function toPontoColeta(row: PontoColetaDetails, collectors: Collector[]): PontoColeta {
  const bySerial = new Map(collectors.map((collector) => [collector.serie, collector]));
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    nucleo_id: row.nucleo_id,
    nucleo_nome: row.nucleo_nome,
    aviario_id: row.aviario_id,
    aviario_nome: row.aviario_nome,
    serie_coletores: row.serie_coletores,
    // In the order of the list; a serial whose device is gone is left out.
    coletores: splitPiped(row.serie_coletores).flatMap((serial) => {
      const collector = bySerial.get(serial);
      return collector ? [{ device_id: collector.id, serie: collector.serie, nome: collector.nome }] : [];
    }),
    obs: row.obs,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Collection points (pontocoleta): where ground collectors are read; a point may have no farm. */
export function collectionPointsService(deps: {
  points: CollectionPointsRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  /** Devices: a point's collectors are the owner's; a collector a point lists cannot be deleted. */
  devices: Pick<DevicesService, 'ofOwner' | 'registerUsageCheck'>;
  clock: () => number;
}) {
  const { points, farms, devices, clock } = deps;
  devices.registerUsageCheck((device) => points.usingDevice(device));

  /** The owner's collectors with these serials (serials compare exactly, as the device registry stores them). */
  async function collectors(ownerId: number, serials: readonly string[]): Promise<Collector[]> {
    if (serials.length === 0) return [];
    const wanted = new Set(serials);
    return (await devices.ofOwner(ownerId))
      .filter((device) => device.modelo === COLLECTOR_MODEL && wanted.has(device.serie))
      .map(({ id, serie, nome, nucleo_id }) => ({ id, serie, nome, nucleo_id }));
  }

  async function withCollectors(ownerId: number, rows: PontoColetaDetails[]): Promise<PontoColeta[]> {
    const serials = [...new Set(rows.flatMap((row) => splitPiped(row.serie_coletores)))];
    const found = await collectors(ownerId, serials);
    return rows.map((row) => toPontoColeta(row, found));
  }

  async function load(scope: OwnerScope, id: number): Promise<PontoColetaDetails> {
    return inReach(scope, await points.find(scope.ownerId, id));
  }

  /** Farm and house must be the owner's and reachable; every serial a collector of the owner. */
  async function checkLinks(scope: OwnerScope, current: PontoColetaDetails | undefined, body: PontoColetaBody): Promise<void> {
    if (body.nucleo_id === null) {
      // A point on no farm is outside any per-farm grant.
      requireWholeAccount(scope);
      if (body.aviario_id !== null) throw AppError.field('aviario_id', 'FIELD_INVALID');
    } else {
      const houseIds = reachesFarm(scope, body.nucleo_id) ? await farms.houseIdsOf(scope.ownerId, body.nucleo_id) : undefined;
      if (!houseIds) throw AppError.field('nucleo_id', 'FIELD_INVALID');
      if (body.aviario_id !== null && !houseIds.includes(body.aviario_id)) throw AppError.field('aviario_id', 'FIELD_INVALID');
    }
    const serials = splitPiped(body.serie_coletores);
    const kept = new Set(current ? splitPiped(current.serie_coletores) : []);
    // A collector already on the point stays allowed for a grantee who could not pick it.
    const usable = new Set(
      (await collectors(scope.ownerId, serials))
        .filter((collector) => reachesFarm(scope, collector.nucleo_id) || kept.has(collector.serie))
        .map((collector) => collector.serie),
    );
    const unknown = serials.find((serial) => !usable.has(serial));
    if (unknown !== undefined) throw collectorNotFound(unknown);
  }

  const service = {
    async list(scope: OwnerScope): Promise<PontoColeta[]> {
      return withCollectors(scope.ownerId, await points.list(scope.ownerId, scope.nucleos));
    },

    async get(scope: OwnerScope, id: number): Promise<PontoColeta> {
      return (await withCollectors(scope.ownerId, [await load(scope, id)]))[0]!;
    },

    async save(scope: OwnerScope, body: PontoColetaBody): Promise<PontoColeta> {
      const current = body.id === undefined ? undefined : await load(scope, body.id);
      await checkLinks(scope, current, body);
      const values = {
        nucleo_id: body.nucleo_id,
        aviario_id: body.aviario_id,
        nome: body.nome,
        serie_coletores: splitPiped(body.serie_coletores).join('|'),
        obs: body.obs,
      };
      const now = clock();
      const savedId = current ? current.id : await points.insert(scope.ownerId, values, now);
      if (current) await points.update(scope.ownerId, current.id, values, now);
      return service.get(scope, savedId);
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      await points.remove(scope.ownerId, current.id);
    },

    /** A point in the caller's reach as stored, with its farm and house names (the collection history reads it so). */
    details: load,

    /** The owner's collectors with these serials (the collection history reads their batches). */
    collectors,
  } satisfies RecordService<PontoColetaBody, PontoColeta> & Record<string, unknown>;
  return service;
}
export type CollectionPointsService = ReturnType<typeof collectionPointsService>;
