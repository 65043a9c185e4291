import { deviceIcon, isLiveModel, type Device, type DeviceConn, type DeviceSaved, type registerDeviceBody, type updateDeviceBody } from '@portal/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.js';
import type { EventBus } from '../../events/index.js';
import { AppError } from '../../http/errors.js';
import type { FarmsService } from '../farms/index.js';
import type { KeysService, KeyUser } from '../keys/index.js';
import { inReach, reachesFarm, type OwnerScope } from '../permissions/index.js';
import { usageChecks } from '../usage-checks.js';
import { credentialUserFor, hashDeviceSecret, newDeviceSecret, verifiedDevice, verifyDeviceLogin } from './credentials.js';
import type { DeviceIdentity, DeviceRow, DeviceRowBase, DeviceValues, DevicesRepository } from './devices.repository.js';
import { PROTOCOL_ID, commandTopic, dataTopic } from './protocol.js';

type RegisterBody = z.output<typeof registerDeviceBody>;
type UpdateBody = z.output<typeof updateDeviceBody>;

const iso = (ms: number) => new Date(ms).toISOString();

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    prop: row.owner_id,
    modelo: row.modelo as Device['modelo'],
    serie: row.serie,
    chip_id: row.chip_id,
    versao: row.versao,
    nome: row.nome,
    icone: deviceIcon(row.modelo),
    nucleo_id: row.nucleo_id,
    nucleo_nome: row.nucleo_nome,
    aviario_id: row.aviario_id,
    aviario_nome: row.aviario_nome,
    obs: row.obs,
    ultimo_contato: row.last_contact_at === null ? null : iso(row.last_contact_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Where the broker listens, as devices reach it. */
export interface BrokerAddress {
  host: string;
  porta: number;
}

/** What a usage check is told of a device about to be deleted. */
export type UsedDevice = Pick<DeviceRowBase, 'id' | 'owner_id' | 'modelo' | 'serie'>;

/** What the MQTT broker learns of a device whose login it accepted. */
export type VerifiedDevice = Pick<DeviceRowBase, 'id' | 'owner_id' | 'modelo' | 'serie' | 'chip_id'>;

/**
 * Weighing devices: registration (also into another owner's account with that owner's access
 * key), their broker credentials (the secret is shown once) and how they connect.
 */
export function devicesService(deps: {
  devices: DevicesRepository;
  keys: KeysService;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  clock: () => number;
  /** Told 'device.changed' when a device's record changed, so the MQTT gateway reads it again. */
  events: Pick<EventBus, 'emit'>;
}) {
  const { devices, keys, farms, clock, events } = deps;
  /** What uses a device (a silo it weighs, a fumigator it doses, a chart line, a collection point): registered by those modules. */
  const usage = usageChecks<UsedDevice>();

  async function load(scope: OwnerScope, id: number): Promise<DeviceRow> {
    return inReach(scope, await devices.find(scope.ownerId, id));
  }

  /**
   * The farm and house must be the owner's, reachable and consistent. A device without a farm is
   * account-wide: a grant limited to some farms cannot put one there.
   */
  async function checkPlace(scope: OwnerScope, values: Pick<DeviceValues, 'nucleo_id' | 'aviario_id'>): Promise<void> {
    const { nucleo_id: nucleoId = null, aviario_id: aviarioId = null } = values;
    if (nucleoId === null) {
      if (aviarioId !== null) throw AppError.field('aviario_id', 'FIELD_INVALID');
      if (scope.nucleos !== null) throw new AppError('FORBIDDEN');
      return;
    }
    const houseIds = reachesFarm(scope, nucleoId) ? await farms.houseIdsOf(scope.ownerId, nucleoId) : undefined;
    if (!houseIds) throw AppError.field('nucleo_id', 'FIELD_INVALID');
    if (aviarioId !== null && !houseIds.includes(aviarioId)) throw AppError.field('aviario_id', 'FIELD_INVALID');
  }

  async function create(scope: OwnerScope, body: RegisterBody): Promise<DeviceSaved> {
    const { modelo, serie, chave: _chave, prop: _prop, ...values } = body;
    await checkPlace(scope, values);
    if (await devices.serialTaken(modelo, serie)) throw AppError.field('serie', 'DEVICE_ALREADY_REGISTERED');
    const senha = newDeviceSecret();
    const usuario = credentialUserFor(modelo, serie);
    let id: number;
    try {
      id = await devices.insert(scope.ownerId, { ...values, modelo, serie, credential_user: usuario, credential_hash: hashDeviceSecret(senha) }, clock());
    } catch (error) {
      // Two registrations of the same device at once: the unique index decides.
      if (isUniqueViolation(error)) throw AppError.field('serie', 'DEVICE_ALREADY_REGISTERED');
      throw error;
    }
    return { ...toDevice(await load(scope, id)), credencial: { usuario, senha } };
  }

  return {
    async list(scope: OwnerScope): Promise<Device[]> {
      return (await devices.list(scope.ownerId, scope.nucleos)).map(toDevice);
    },

    async get(scope: OwnerScope, id: number): Promise<Device> {
      return toDevice(await load(scope, id));
    },

    /** One of the owner's devices, whatever the caller's reach: a record linking it checks its model and farm (requireLinkedDevice). */
    async findOwned(ownerId: number, id: number): Promise<Device | undefined> {
      const row = await devices.find(ownerId, id);
      return row && toDevice(row);
    },

    /** The owner's devices, whatever the caller's reach: the collectors a collection point lists are looked up among them. */
    async ofOwner(ownerId: number): Promise<Device[]> {
      return (await devices.list(ownerId, null)).map(toDevice);
    },

    /** registerdevice in the account acted for. */
    register: create,

    /**
     * registerdevice with an access key: the device goes into the key owner's account, which the
     * caller needs no grant over; the key's history records who registered what, from where.
     * The key holder sees none of the owner's farms, so it places the device on none (the owner
     * does): any farm id is refused with one answer, so ids the holder tries tell it nothing
     * (issue 22: a taken serial answered 409 on the owner's farms and 400 elsewhere).
     */
    async registerWithKey(chave: string, body: RegisterBody, user: KeyUser): Promise<DeviceSaved> {
      const detalhe = `${body.modelo} ${body.serie}`;
      const accepted = await keys.accept(chave, 'dispositivo', user, detalhe);
      if (body.nucleo_id !== undefined && body.nucleo_id !== null) throw AppError.field('nucleo_id', 'FIELD_INVALID');
      // The key stands for the owner for this one registration.
      const scope: OwnerScope = { ownerId: accepted.ownerId, actorId: user.userId, nivel: 'proprietario', nucleos: null };
      const saved = await create(scope, body);
      await keys.recordAccepted(accepted, 'dispositivo_registrado', detalhe, user);
      return saved;
    },

    /** updatedevice: model and serial never change; `renovar_credencial` issues a new secret, sent once. */
    async update(scope: OwnerScope, body: UpdateBody): Promise<DeviceSaved> {
      const { iddevice, prop: _prop, renovar_credencial: renew, ...values } = body;
      const current = await load(scope, iddevice);
      if (isLiveModel(current.modelo) && values.chip_id.length < 2) throw AppError.field('chip_id', 'CHIP_ID_REQUIRED');
      await checkPlace(scope, values);
      const now = clock();
      await devices.update(scope.ownerId, current.id, values, now);
      let credencial: DeviceSaved['credencial'];
      if (renew) {
        const senha = newDeviceSecret();
        await devices.setCredentialHash(scope.ownerId, current.id, hashDeviceSecret(senha), now);
        credencial = { usuario: current.credential_user, senha };
      }
      await events.emit('device.changed', { modelo: current.modelo, serie: current.serie });
      const saved = toDevice(await load(scope, current.id));
      return credencial ? { ...saved, credencial } : saved;
    },

    /** For another module that refers to devices: a delete of one it still uses is refused. */
    registerUsageCheck: usage.register,

    async remove(scope: OwnerScope, id: number): Promise<void> {
      const current = await load(scope, id);
      if (await usage.inUse(current)) throw new AppError('RECORD_IN_USE');
      await devices.remove(scope.ownerId, current.id);
      await events.emit('device.changed', { modelo: current.modelo, serie: current.serie });
    },

    /**
     * A new broker secret for a device, its hash stored (the demo's simulated devices log in with
     * it): the device's login name and the secret, answered once.
     */
    async renewCredential(scope: OwnerScope, id: number): Promise<{ usuario: string; senha: string }> {
      const current = await load(scope, id);
      const senha = newDeviceSecret();
      await devices.setCredentialHash(scope.ownerId, current.id, hashDeviceSecret(senha), clock());
      return { usuario: current.credential_user, senha };
    },

    /** For the MQTT gateway: the registered device a topic names (model and serial, serial without case), any owner's. */
    findKnown: (modelo: string, serie: string): Promise<DeviceIdentity | undefined> => devices.findBySerial(modelo, serie),

    /** For the MQTT gateway: these devices sent something by `now` (getdevice's ultimo_contato, devupdt's minutes). */
    touchContacts: (ids: readonly number[], now: number): Promise<void> => devices.touchContacts(ids, now),

    /** The model of the owner's device `id`, undefined when the owner has no such device (a chart line must suit it). */
    modelOf: (ownerId: number, id: number): Promise<string | undefined> => devices.modelOf(ownerId, id),

    /** getdevice_conn: the broker address (as the gateway knows it), the device's login name and its topics (never the secret). */
    async connection(scope: OwnerScope, id: number, broker: BrokerAddress): Promise<DeviceConn> {
      const row = await load(scope, id);
      return {
        iddevice: row.id,
        protocolo: PROTOCOL_ID,
        host: broker.host,
        porta: broker.porta,
        tls: false,
        usuario: row.credential_user,
        client_id: `${row.modelo}-${row.serie}`,
        topico_dados: dataTopic(row.modelo, row.serie),
        topico_comandos: commandTopic(row.modelo, row.serie),
        ultimo_contato: row.last_contact_at === null ? null : iso(row.last_contact_at),
      };
    },

    /**
     * For the MQTT broker: the device whose login this is, or null. The secret's hash is compared
     * in constant time, and an unknown login costs the same hashing as a known one.
     */
    verifyDeviceCredential(usuario: string, senha: string): Promise<VerifiedDevice | null> {
      return verifyDeviceLogin(devices, usuario, senha);
    },

    /** For an external broker's topic check: the device of this broker login (no secret asked), if any. */
    async findByCredentialUser(usuario: string): Promise<VerifiedDevice | undefined> {
      const row = usuario === '' ? undefined : await devices.findByCredentialUser(usuario);
      return row && verifiedDevice(row);
    },
  };
}
export type DevicesService = ReturnType<typeof devicesService>;
