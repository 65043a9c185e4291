import { deviceLabel, DOSER_DEVICE_MODELS, type Fumigador, type registerFumigadorBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RecordService } from '../../http/record-calls.js';
import type { DevicesService } from '../devices/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, requireLinkedDevice, type OwnerScope } from '../permissions/index.js';
import type { FumigadorDetails, FumigatorsRepository } from './fumigators.repository.js';

type FumigadorBody = z.output<typeof registerFumigadorBody>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Times of day are stored pipe-separated and sorted (08:00|14:00); HH:MM sorts as text. */
const storeTimes = (times: string[]) => [...times].sort().join('|');
const readTimes = (stored: string) => stored.split('|').filter((time) => time.length > 0);

function toFumigador(row: FumigadorDetails): Fumigador {
  return {
    id: row.id,
    prop: row.owner_id,
    nome: row.nome,
    nucleo_id: row.nucleo_id,
    nucleo_nome: row.nucleo_nome,
    aviario_id: row.aviario_id,
    aviario_nome: row.aviario_nome,
    device_id: row.device_id,
    device_nome: row.device ? deviceLabel(row.device) : null,
    produto: row.produto,
    dose_ml: row.dose_ml,
    volume_agua_l: row.volume_agua_l,
    duracao_min: row.duracao_min,
    horarios: readTimes(row.horarios),
    ativo: row.ativo === 1,
    obs: row.obs,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Fumigators and dosers (fumigadores; the `dosador` screen edits their dosing settings). */
export function fumigatorsService(deps: {
  fumigators: FumigatorsRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  /** Devices: a fumigator's doser must be one of them; a device dosing a fumigator cannot be deleted. */
  devices: Pick<DevicesService, 'findOwned' | 'registerUsageCheck'>;
  clock: () => number;
}) {
  const { fumigators, farms, devices, clock } = deps;
  devices.registerUsageCheck((device) => fumigators.usingDevice(device.id));

  async function load(scope: OwnerScope, id: number): Promise<FumigadorDetails> {
    return inReach(scope, await fumigators.find(scope.ownerId, id));
  }

  /** Farm, house and doser device must be the owner's, within the caller's reach, and fit together. */
  async function checkLinks(scope: OwnerScope, current: FumigadorDetails | undefined, body: FumigadorBody): Promise<void> {
    const houseIds = reachesFarm(scope, body.nucleo_id) ? await farms.houseIdsOf(scope.ownerId, body.nucleo_id) : undefined;
    if (!houseIds) throw AppError.field('nucleo_id', 'FIELD_INVALID');
    if (body.aviario_id !== null && !houseIds.includes(body.aviario_id)) throw AppError.field('aviario_id', 'FIELD_INVALID');
    if (body.device_id !== null) {
      requireLinkedDevice(scope, await devices.findOwned(scope.ownerId, body.device_id), current?.device_id, DOSER_DEVICE_MODELS);
    }
  }

  const service = {
    async list(scope: OwnerScope): Promise<Fumigador[]> {
      return (await fumigators.list(scope.ownerId, scope.nucleos)).map(toFumigador);
    },

    async get(scope: OwnerScope, id: number): Promise<Fumigador> {
      return toFumigador(await load(scope, id));
    },

    async save(scope: OwnerScope, body: FumigadorBody): Promise<Fumigador> {
      const current = body.id === undefined ? undefined : await load(scope, body.id);
      await checkLinks(scope, current, body);
      const values = {
        nucleo_id: body.nucleo_id,
        aviario_id: body.aviario_id,
        device_id: body.device_id,
        nome: body.nome,
        produto: body.produto,
        dose_ml: body.dose_ml,
        volume_agua_l: body.volume_agua_l,
        duracao_min: body.duracao_min,
        horarios: storeTimes(body.horarios),
        ativo: body.ativo ? 1 : 0,
        obs: body.obs,
      };
      const now = clock();
      const savedId = current ? current.id : await fumigators.insert(scope.ownerId, values, now);
      if (current) await fumigators.update(scope.ownerId, current.id, values, now);
      return toFumigador(await load(scope, savedId));
    },

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      await fumigators.remove(scope.ownerId, current.id);
    },

    /** A fumigator in the caller's reach as stored, with its farm, house and device names (dosing reads its events so). */
    details: load,

    /** The fumigator a doser drives (the oldest, should several name it): dosing files the doser's events under it. */
    drivenBy: (deviceId: number) => fumigators.drivenBy(deviceId),
  } satisfies RecordService<FumigadorBody, Fumigador> & Record<string, unknown>;
  return service;
}
export type FumigatorsService = ReturnType<typeof fumigatorsService>;
