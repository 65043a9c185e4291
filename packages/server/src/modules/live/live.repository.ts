import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { DeviceIdentity } from '../devices/index.js';

/** A device as the live calls and the hub need it: who owns it, where it is, when it last spoke. */
export interface LiveDeviceRow extends DeviceIdentity {
  last_contact_at: number | null;
}

export interface RemoteDeviceRow extends LiveDeviceRow {
  nome: string;
  nucleo_nome: string | null;
  aviario_nome: string | null;
}

export interface DevicePesagemRow {
  id: number;
  data: string;
  hora: string;
  lote: string | null;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  peso_dg: number;
  seq: number | null;
}

const DEVICE_COLUMNS = ['devices.id', 'devices.owner_id', 'devices.nucleo_id', 'devices.modelo', 'devices.serie', 'devices.chip_id', 'devices.last_contact_at'] as const;

/** Reads for the live channel and the live calls (devupdt, getremotelist, getleituras, getfotos, img_cs). */
export function liveRepository(db: Kysely<Tables>) {
  return {
    /**
     * Devices by serial in any account, compared without case (as registration's serialTaken);
     * the caller matches the model. Serials are ASCII, so lower() agrees on both databases.
     */
    async findBySerials(serials: readonly string[]): Promise<LiveDeviceRow[]> {
      const lowered = [...new Set(serials.map((serie) => serie.toLowerCase()))];
      if (lowered.length === 0) return [];
      return db.selectFrom('devices').select(DEVICE_COLUMNS).where(sql<string>`lower(serie)`, 'in', lowered).execute();
    },

    /** The owner's devices (all, or on these farms) with these serials, compared without case. */
    async findOwnedBySerials(ownerId: number, only: readonly number[] | null, serials: readonly string[]): Promise<LiveDeviceRow[]> {
      const lowered = [...new Set(serials.map((serie) => serie.toLowerCase()))];
      if (lowered.length === 0 || (only !== null && only.length === 0)) return [];
      let query = db.selectFrom('devices').select(DEVICE_COLUMNS).where('owner_id', '=', ownerId).where(sql<string>`lower(serie)`, 'in', lowered);
      if (only !== null) query = query.where('nucleo_id', 'in', [...only]);
      return query.execute();
    },

    /** The owner's devices of these models (all, or on these farms), with their place names. */
    async listOfModels(ownerId: number, only: readonly number[] | null, models: readonly string[]): Promise<RemoteDeviceRow[]> {
      if (only !== null && only.length === 0) return [];
      let query = db
        .selectFrom('devices')
        .leftJoin('nucleos', 'nucleos.id', 'devices.nucleo_id')
        .leftJoin('aviarios', 'aviarios.id', 'devices.aviario_id')
        .select(DEVICE_COLUMNS)
        .select(['devices.nome', 'nucleos.nome as nucleo_nome', 'aviarios.nome as aviario_nome'])
        .where('devices.owner_id', '=', ownerId)
        .where('devices.modelo', 'in', [...models]);
      if (only !== null) query = query.where('devices.nucleo_id', 'in', [...only]);
      return query.execute();
    },

    async find(ownerId: number, id: number): Promise<LiveDeviceRow | undefined> {
      return db.selectFrom('devices').select(DEVICE_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    /** The device's last stored weighings, newest (last stored) first. */
    async recentPesagens(ownerId: number, deviceId: number, limit: number): Promise<DevicePesagemRow[]> {
      return db
        .selectFrom('pesagens')
        .leftJoin('lotes', 'lotes.id', 'pesagens.lote_id')
        .select(['pesagens.id', 'pesagens.data', 'pesagens.hora', 'lotes.codigo as lote', 'pesagens.aviario', 'pesagens.lado', 'pesagens.box', 'pesagens.sexo', 'pesagens.peso_dg', 'pesagens.seq'])
        .where('pesagens.owner_id', '=', ownerId)
        .where('pesagens.device_id', '=', deviceId)
        .orderBy('pesagens.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Whose picture this is and where its device is (img_cs checks access before reading the bytes). */
    async fotoPlace(id: number): Promise<{ owner_id: number; device_id: number; nucleo_id: number | null } | undefined> {
      return db
        .selectFrom('device_fotos')
        .innerJoin('devices', 'devices.id', 'device_fotos.device_id')
        .select(['device_fotos.owner_id', 'device_fotos.device_id', 'devices.nucleo_id'])
        .where('device_fotos.id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type LiveRepository = ReturnType<typeof liveRepository>;
