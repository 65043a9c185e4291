import {
  DEVICE_FOTOS_PER_DAY,
  LIVE_CHIP_MIN,
  LIVE_DEVICE_MODELS,
  type DevupdtItem,
  type FotosResponse,
  type LeiturasResponse,
  type RemoteDevice,
  type devupdtList,
} from '@portal/shared';
import type { z } from 'zod';
import { fotoRequests } from './foto-requests.js';
import type { FotosRepository, NewFoto } from './fotos.repository.js';
import type { DeviceGateway } from '../../mqtt/types.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { DeviceAccess } from '../../realtime/access.js';
import { inReach, type OwnerScope, type Principal } from '../permissions/index.js';
import type { LiveRepository } from './live.repository.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** getleituras shows the device's last stored weighings, at most this many. */
export const RECENT_PESAGENS = 50;
/** Graders lead the remote list (they are what people watch from afar). */
const GRADERS = ['SELAUTO', 'SELAVES'];

const iso = (ms: number) => new Date(ms).toISOString();
/** Code-unit order, the same on both databases whatever PostgreSQL's collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const serialKey = (modelo: string, serie: string) => `${modelo}|${serie.toLowerCase()}`;

/** The picture's address, relative to the portal's root (the page is served from it). */
export const fotoUrl = (id: number) => `img_cs/${id}`;

/** Online status, recent readings and weighings, and pictures of live devices. */
export function liveService(deps: { live: LiveRepository; fotos: FotosRepository; access: DeviceAccess; accounts: Pick<AccountReads, 'timezoneOf'>; clock: () => number }) {
  const { live, fotos, access, accounts, clock } = deps;

  /** Whole minutes since the device's last message (never negative), null when it never sent one. */
  const minutesSince = (lastContactAt: number | null): number | null =>
    lastContactAt === null ? null : Math.max(0, Math.floor((clock() - lastContactAt) / MINUTE_MS));

  async function device(scope: OwnerScope, id: number) {
    return inReach(scope, await live.find(scope.ownerId, id));
  }

  return {
    /** Who may read or manage a device (the live channel checks each registration with it). */
    access,
    /** Devices with these serials, any owner's, compared without case (the live channel's registrations). */
    devicesBySerials: live.findBySerials,
    /** The limits on users' and the portal's picture requests, built once (the live channel's and the gateway's). */
    fotoRequests: fotoRequests(fotos, clock),

    /** A device's picture, stored only as the answer to an open request and within its daily quota (the MQTT gateway). */
    storeFotoAnswer: (foto: NewFoto) => fotos.storeAnswer(foto, DEVICE_FOTOS_PER_DAY, DAY_MS),

    /** A device's pictures received in [from, to), oldest first (a dosing event's proof). */
    fotosBetween: (deviceId: number, from: number, to: number) => fotos.listOfDay(deviceId, from, to),

    /** The status of the devices asked for, in their order; unknown or unreachable ones are left out. */
    async devupdt(scope: OwnerScope, dispositivos: z.output<typeof devupdtList>): Promise<DevupdtItem[]> {
      const rows = await live.findOwnedBySerials(scope.ownerId, scope.nucleos, dispositivos.map((item) => item.serie));
      const found = new Map(rows.map((row) => [serialKey(row.modelo, row.serie), row]));
      const answered = new Set<string>();
      const items: DevupdtItem[] = [];
      for (const { modelo, serie } of dispositivos) {
        const key = serialKey(modelo, serie);
        const row = found.get(key);
        if (!row || answered.has(key)) continue;
        answered.add(key);
        items.push({ modelo, serie, minutos: minutesSince(row.last_contact_at) });
      }
      return items;
    },

    /** Live devices with a chip id, graders first, then by model and serial. */
    async remoteList(scope: OwnerScope): Promise<RemoteDevice[]> {
      const rows = await live.listOfModels(scope.ownerId, scope.nucleos, LIVE_DEVICE_MODELS);
      const rank = (modelo: string) => (GRADERS.includes(modelo) ? 0 : 1);
      return rows
        .filter((row) => row.chip_id.length >= LIVE_CHIP_MIN)
        .sort((a, b) => rank(a.modelo) - rank(b.modelo) || byText(a.modelo, b.modelo) || byText(a.serie, b.serie) || a.id - b.id)
        .map((row) => ({
          id: row.id,
          modelo: row.modelo as RemoteDevice['modelo'],
          serie: row.serie,
          chip_id: row.chip_id,
          nome: row.nome,
          nucleo_nome: row.nucleo_nome,
          aviario_nome: row.aviario_nome,
          minutos: minutesSince(row.last_contact_at),
        }));
    },

    /**
     * This instance's last live readings of the device (`gateway`: the MQTT gateway that received
     * them, known only to the route plugin) and its last stored weighings.
     */
    async leituras(scope: OwnerScope, id: number, gateway: Pick<DeviceGateway, 'recent'>): Promise<LeiturasResponse> {
      await device(scope, id);
      const pesagens = await live.recentPesagens(scope.ownerId, id, RECENT_PESAGENS);
      return {
        iddevice: id,
        leituras: gateway.recent(id).map(({ em, leitura }) => ({ em, leitura: { ...leitura } })),
        pesagens: pesagens.map(({ peso_dg: pesoDg, ...row }) => ({ ...row, peso: pesoDg / 10 })),
      };
    },

    /** The days with pictures (in the reader's timezone) and the pictures of `data`, or of the newest day. */
    async fotos(scope: OwnerScope, id: number, data: string | undefined): Promise<FotosResponse> {
      await device(scope, id);
      const timezone = await accounts.timezoneOf(scope.actorId);
      const dias = await fotos.listDays(id, timezone);
      const day = data ?? dias[0]?.data;
      if (day === undefined) return { iddevice: id, dias, fotos: [] };
      // Local midnight of `day` as an instant: UTC midnight moved back by the offset.
      const from = Date.parse(`${day}T00:00:00Z`) - Math.round(timezone * HOUR_MS);
      const items = await fotos.listOfDay(id, from, from + DAY_MS);
      return {
        iddevice: id,
        dias,
        fotos: items.map((item) => ({ id: item.id, pedido: item.pedido, mime: item.mime, bytes: item.bytes, em: iso(item.created_at), url: fotoUrl(item.id) })),
      };
    },

    /**
     * A picture's bytes, for a user who may read its device's owner and farm. Anything else is
     * NOT_FOUND, so picture ids reveal nothing.
     */
    async image(principal: Principal, id: number): Promise<{ mime: string; conteudo: Buffer }> {
      const place = await live.fotoPlace(id);
      if (!place || !(await access(principal, place, 'read'))) throw new AppError('NOT_FOUND');
      const foto = await fotos.find(place.owner_id, id);
      if (!foto) throw new AppError('NOT_FOUND');
      return { mime: foto.mime, conteudo: foto.conteudo };
    },
  };
}
export type LiveService = ReturnType<typeof liveService>;
