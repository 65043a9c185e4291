import type { ExportCursor, ExportPage, MovimentoTipo, RacaoExportItem, SiloMovimento, registerSiloMovBody } from '@portal/shared';
import type { z } from 'zod';
import { pageOf } from '../../db/change-order.js';
import { AppError } from '../../http/errors.js';
import { reachesFarm, type OwnerScope } from '../permissions/index.js';
import type { MovementRow, MovementsRepository, MovementsTransaction } from './movements.repository.js';
import { toKg, toTenths } from './service.js';
import type { SiloRow, SilosRepository } from './silos.repository.js';

type MovementBody = z.output<typeof registerSiloMovBody>;

/** The movement's effect on `siloId`: stored signed for its source, the opposite for a transfer's destination. */
const effectOn = (row: MovementRow, siloId: number) => (row.silo_id === siloId ? row.quantidade_hg : -row.quantidade_hg);

/** The silo's balance after each of its movements (rows in date order), in tenths. */
function runningBalances(rows: MovementRow[], siloId: number): { row: MovementRow; saldo: number }[] {
  let saldo = 0;
  return rows
    .filter((row) => row.silo_id === siloId || row.silo_destino_id === siloId)
    .map((row) => {
      saldo += effectOn(row, siloId);
      return { row, saldo };
    });
}

const neverNegative = (rows: MovementRow[], siloId: number) => runningBalances(rows, siloId).every(({ saldo }) => saldo >= 0);

/** A delivery adds, a consumption and a transfer out take away, an adjustment carries its own sign. */
const signedTenths = (tipo: MovimentoTipo, kg: number) => (tipo === 'entrada' || tipo === 'ajuste' ? toTenths(kg) : -toTenths(kg));

/** A movement as the export sends it (`racao`): stored once, on its source silo, with its effect there. */
const toExportItem = (row: MovementRow): RacaoExportItem => ({
  id: row.id,
  silo_id: row.silo_id,
  tipo: row.tipo as MovimentoTipo,
  data: row.data,
  quantidade_kg: toKg(row.quantidade_hg),
  silo_destino_id: row.silo_destino_id,
  nota_fiscal: row.nota_fiscal,
  obs: row.obs,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Feed movements (route silos/{id}/{mov}): registersilomov, getsilomov, delsilomov. No silo's
 * balance may go below zero at any point of its history, in date order.
 */
export function siloMovementsService(deps: { silos: SilosRepository; movements: MovementsRepository; clock: () => number }) {
  const { silos, movements, clock } = deps;

  /** A silo of the owner on a farm the caller reaches, else undefined. */
  async function reachableSilo(scope: OwnerScope, id: number): Promise<SiloRow | undefined> {
    const row = await silos.findRow(scope.ownerId, id);
    return row && reachesFarm(scope, row.nucleo_id) ? row : undefined;
  }

  /** Writes inside one transaction, then refuses (undoing the write) if a balance went negative. */
  async function changeKeepingBalances(siloIds: number[], write: (transaction: MovementsTransaction) => Promise<void>, refusal: () => AppError) {
    await movements.atomically(async (transaction) => {
      await transaction.lockSilos(siloIds);
      await write(transaction);
      const rows = await transaction.touching(siloIds);
      if (!siloIds.every((id) => neverNegative(rows, id))) throw refusal();
    });
  }

  async function list(scope: OwnerScope, siloId: number): Promise<SiloMovimento[]> {
    const silo = await reachableSilo(scope, siloId);
    if (!silo) throw new AppError('NOT_FOUND');
    const history = runningBalances(await movements.touching([silo.id]), silo.id);
    const others = history.flatMap(({ row }) => (row.silo_destino_id === null ? [] : [row.silo_id === silo.id ? row.silo_destino_id : row.silo_id]));
    const names = await silos.names([...new Set(others)]);
    return history.map(({ row, saldo }) => {
      const other = row.silo_destino_id === null ? null : row.silo_id === silo.id ? row.silo_destino_id : row.silo_id;
      return {
        id: row.id,
        idsilo: silo.id,
        tipo: row.tipo as MovimentoTipo,
        data: row.data,
        quantidade_kg: toKg(effectOn(row, silo.id)),
        silo_destino_id: row.silo_destino_id,
        silo_origem_id: row.silo_id,
        outro_silo_nome: other === null ? null : (names.get(other) ?? null),
        nota_fiscal: row.nota_fiscal,
        obs: row.obs,
        saldo_kg: toKg(saldo),
        created_at: new Date(row.created_at).toISOString(),
      };
    });
  }

  return {
    list,

    /** Feed taken out of each silo by consumption movements, per day in [di, df]: hg (the feed report's silos without a scale). */
    consumptionPerDay: (siloIds: number[], di: string, df: string) => movements.consumptionPerDay(siloIds, di, df),

    /** The export's `racao` (issue 21): movements of the owner's silos registered after the cursor, none after `until`. */
    async changedSince(ownerId: number, after: ExportCursor, limit: number, until?: number): Promise<ExportPage<RacaoExportItem>> {
      return pageOf(await movements.changedSince(ownerId, { after, limit, until }), (row) => row.created_at, toExportItem);
    },

    /** Registers a movement and answers the silo's movements. */
    async add(scope: OwnerScope, body: MovementBody): Promise<SiloMovimento[]> {
      const silo = await reachableSilo(scope, body.idsilo);
      if (!silo) throw new AppError('NOT_FOUND');
      const destinationId = body.tipo === 'transferencia' ? body.silo_destino_id : null;
      if (destinationId !== null) {
        const destination = destinationId === silo.id ? undefined : await reachableSilo(scope, destinationId);
        if (!destination) throw AppError.field('silo_destino_id', 'FIELD_INVALID');
      }
      const values = {
        silo_id: silo.id,
        tipo: body.tipo,
        data: body.data,
        quantidade_hg: signedTenths(body.tipo, body.quantidade_kg),
        silo_destino_id: destinationId,
        nota_fiscal: body.nota_fiscal,
        obs: body.obs,
        created_at: clock(),
      };
      const touched = destinationId === null ? [silo.id] : [silo.id, destinationId];
      await changeKeepingBalances(
        touched,
        async (transaction) => {
          await transaction.insert(values);
        },
        () => AppError.field('quantidade_kg', 'SILO_BALANCE_NEGATIVE'),
      );
      return list(scope, silo.id);
    },

    /** Deletes a movement, unless a balance would then go negative (a delivery later feed came from). */
    async remove(scope: OwnerScope, id: number): Promise<void> {
      const row = await movements.find(scope.ownerId, id);
      const touched = row ? (row.silo_destino_id === null ? [row.silo_id] : [row.silo_id, row.silo_destino_id]) : [];
      const reachable = await Promise.all(touched.map((siloId) => reachableSilo(scope, siloId)));
      if (!row || reachable.some((silo) => !silo)) throw new AppError('NOT_FOUND');
      await changeKeepingBalances(touched, (transaction) => transaction.remove(row.id), () => new AppError('SILO_BALANCE_NEGATIVE'));
    },
  };
}
export type SiloMovementsService = ReturnType<typeof siloMovementsService>;
