import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { CalhaRow } from './analysis.js';
import { userTimezone } from '../accounts/users.repository.js';

/** A trough monitor as the calls show it. */
export interface MonitorRow {
  id: number;
  nucleo_id: number | null;
  modelo: string;
  serie: string;
  nome: string;
  nucleo_nome: string | null;
  aviario_nome: string | null;
}

/** Trough monitors (devices) and their stored readings (calha_leituras, mqtt/readings-store.ts). */
export function troughsRepository(db: Kysely<Tables>) {
  const monitors = () =>
    db
      .selectFrom('devices')
      .leftJoin('nucleos', 'nucleos.id', 'devices.nucleo_id')
      .leftJoin('aviarios', 'aviarios.id', 'devices.aviario_id')
      .select(['devices.id', 'devices.nucleo_id', 'devices.modelo', 'devices.serie', 'devices.nome', 'nucleos.nome as nucleo_nome', 'aviarios.nome as aviario_nome']);

  return {
    /** The owner's timezone (hours from UTC): days are counted as the owner does. */
    ownerTimezone: (ownerId: number): Promise<number | undefined> => userTimezone(db, ownerId),

    /** One of the owner's devices (any model: the service checks it is a monitor). */
    async findDevice(ownerId: number, id: number): Promise<MonitorRow | undefined> {
      return monitors().where('devices.owner_id', '=', ownerId).where('devices.id', '=', id).executeTakeFirst();
    },

    /** The owner's devices of these models (all, or on these farms). */
    async listOfModels(ownerId: number, only: readonly number[] | null, models: readonly string[]): Promise<MonitorRow[]> {
      if (only !== null && only.length === 0) return [];
      let query = monitors().where('devices.owner_id', '=', ownerId).where('devices.modelo', 'in', [...models]);
      if (only !== null) query = query.where('devices.nucleo_id', 'in', [...only]);
      return query.execute();
    },

    /**
     * The trough numbers each device has readings of. A skip scan (each step one index seek on
     * device_id, idcalha), so a monitor with years of minute rows answers at once on both databases.
     */
    async troughNumbers(ownerId: number, deviceIds: readonly number[]): Promise<Array<{ device_id: number; idcalha: number }>> {
      const found: Array<{ device_id: number; idcalha: number }> = [];
      for (const deviceId of deviceIds) {
        const { rows } = await sql<{ idcalha: number | string }>`
          with recursive seen(idcalha) as (
            select min(idcalha) from calha_leituras where device_id = ${deviceId} and owner_id = ${ownerId}
            union all
            select (select min(idcalha) from calha_leituras where device_id = ${deviceId} and owner_id = ${ownerId} and idcalha > seen.idcalha)
            from seen where seen.idcalha is not null
          )
          select idcalha from seen where idcalha is not null`.execute(db);
        for (const row of rows) found.push({ device_id: deviceId, idcalha: Number(row.idcalha) });
      }
      return found;
    },

    /** Up to `limit` readings of a trough in [from, to) after `after` (epoch ms), oldest first: one page. */
    async readings(ownerId: number, deviceId: number, idcalha: number, range: { from: number; to: number; after: number | null }, limit: number): Promise<CalhaRow[]> {
      let query = db
        .selectFrom('calha_leituras')
        .select(['em', 'rpm_dec', 'voltas', 'ligada', 'presenca'])
        .where('owner_id', '=', ownerId)
        .where('device_id', '=', deviceId)
        .where('idcalha', '=', idcalha)
        .where('em', '<', range.to);
      query = range.after === null ? query.where('em', '>=', range.from) : query.where('em', '>', range.after);
      return query.orderBy('em').limit(limit).execute();
    },
  };
}
export type TroughsRepository = ReturnType<typeof troughsRepository>;
