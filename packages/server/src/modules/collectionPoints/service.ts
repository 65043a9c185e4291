import { ERROR_MESSAGES, splitPiped, type PontoColeta, type registerPontoColetaBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import { inReach, reachesFarm, requireWholeAccount, type OwnerScope } from '../permissions/scope.js';
import type { CollectionPointsRepository, Collector, PontoColetaDetails } from './collection-points.repository.js';

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
export function collectionPointsService(deps: { points: CollectionPointsRepository; clock: () => number }) {
  const { points, clock } = deps;

  async function withCollectors(ownerId: number, rows: PontoColetaDetails[]): Promise<PontoColeta[]> {
    const serials = [...new Set(rows.flatMap((row) => splitPiped(row.serie_coletores)))];
    const collectors = await points.collectors(ownerId, serials);
    return rows.map((row) => toPontoColeta(row, collectors));
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
      const farm = reachesFarm(scope, body.nucleo_id) ? await points.findNucleo(scope.ownerId, body.nucleo_id) : undefined;
      if (!farm) throw AppError.field('nucleo_id', 'FIELD_INVALID');
      if (body.aviario_id !== null && !(await points.findHouse(farm.id, body.aviario_id))) throw AppError.field('aviario_id', 'FIELD_INVALID');
    }
    const serials = splitPiped(body.serie_coletores);
    const kept = new Set(current ? splitPiped(current.serie_coletores) : []);
    // A collector already on the point stays allowed for a grantee who could not pick it.
    const usable = new Set(
      (await points.collectors(scope.ownerId, serials))
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
  } satisfies RecordService<PontoColetaBody, PontoColeta> & Record<string, unknown>;
  return service;
}
export type CollectionPointsService = ReturnType<typeof collectionPointsService>;
