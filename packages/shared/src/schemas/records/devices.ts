import { z } from 'zod';
import { DEVICE_MODELS, type DeviceModel } from '../../constants.js';
import { idField } from '../primitives.js';
import { notesField, optionalIdField, optionalText, propField, timestamp } from './common.js';
import { chaveValueField } from './keys.js';

/** Models that join the live socket channel; they need a chip id of at least 2 characters (section 7). */
export const LIVE_DEVICE_MODELS = ['COLETOR', 'CS', 'SELAUTO', 'SELAVES', 'BSILO', 'SPSILO', 'DOSADORP', 'MCALHA'] as const satisfies readonly DeviceModel[];

export const isLiveModel = (modelo: string): boolean => (LIVE_DEVICE_MODELS as readonly string[]).includes(modelo);

/** A device shows by its name, or by model and serial while it has none. */
export const deviceLabel = (device: { nome: string; modelo: string; serie: string }): string => device.nome.trim() || `${device.modelo} ${device.serie}`;

/** The icon of a model, served by the web (`PS/SEL` becomes `ps-sel`). */
export const deviceIcon = (modelo: string): string => `device-icons/${modelo.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;

export const serieField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(40, { error: 'FIELD_TOO_LONG' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'FIELD_INVALID' });

export const chipIdField = z
  .string({ error: 'FIELD_INVALID' })
  .trim()
  .max(40, { error: 'FIELD_TOO_LONG' })
  .regex(/^[A-Za-z0-9._:-]*$/, { error: 'FIELD_INVALID' })
  .default('');

const deviceFields = {
  prop: propField,
  nome: optionalText(80),
  chip_id: chipIdField,
  versao: optionalText(20),
  nucleo_id: optionalIdField,
  aviario_id: optionalIdField,
  obs: notesField,
};

const chipRule = (body: { modelo: string; chip_id: string }, context: z.RefinementCtx) => {
  if (isLiveModel(body.modelo) && body.chip_id.length < 2) {
    context.addIssue({ code: 'custom', path: ['chip_id'], message: 'CHIP_ID_REQUIRED' });
  }
};

/**
 * registerdevice: adds a device to the owner's account, or with `chave` (route d/{key}) to the
 * account of the key's owner. The answer carries the device's MQTT credentials, shown once.
 */
export const registerDeviceBody = z
  .object({
    modelo: z.enum(DEVICE_MODELS, { error: 'FIELD_INVALID' }),
    serie: serieField,
    chave: chaveValueField.optional(),
    ...deviceFields,
  })
  .superRefine(chipRule);
export type RegisterDeviceBody = z.input<typeof registerDeviceBody>;

/** updatedevice: model and serial never change; `renovar_credencial` issues a new secret. */
export const updateDeviceBody = z.object({
  iddevice: idField(),
  ...deviceFields,
  renovar_credencial: z.boolean({ error: 'FIELD_INVALID' }).default(false),
});
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

/** updatedevice's body that keeps every stored value (a save that changes nothing, or only renews the secret). */
export const storedDeviceBody = (device: Pick<Device, 'id' | 'nome' | 'chip_id' | 'versao' | 'nucleo_id' | 'aviario_id' | 'obs'>): UpdateDeviceBody => ({
  iddevice: device.id,
  nome: device.nome,
  chip_id: device.chip_id,
  versao: device.versao,
  nucleo_id: device.nucleo_id,
  aviario_id: device.aviario_id,
  obs: device.obs,
});

export const delDeviceBody = z.object({ iddevice: idField(), prop: propField });

export const device = z.object({
  id: z.number().int(),
  prop: z.number().int(),
  modelo: z.enum(DEVICE_MODELS),
  serie: z.string(),
  chip_id: z.string(),
  versao: z.string(),
  nome: z.string(),
  icone: z.string(),
  nucleo_id: z.number().int().nullable(),
  nucleo_nome: z.string().nullable(),
  aviario_id: z.number().int().nullable(),
  aviario_nome: z.string().nullable(),
  obs: z.string(),
  /** Last message from the device; null until it first connects. */
  ultimo_contato: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Device = z.infer<typeof device>;
export const deviceList = z.array(device);

/** The device's login to the broker; the secret is sent only when issued. */
export const deviceCredential = z.object({ usuario: z.string(), senha: z.string() });
export const deviceSaved = device.extend({ credencial: deviceCredential.optional() });
export type DeviceSaved = z.infer<typeof deviceSaved>;

export const deviceType = z.object({ modelo: z.enum(DEVICE_MODELS), icone: z.string(), ao_vivo: z.boolean() });
export const deviceTypeList = z.array(deviceType);
export type DeviceType = z.infer<typeof deviceType>;

/** A protocol the portal speaks with devices (getprotocolos). */
export const protocolo = z.object({
  id: z.string(),
  transporte: z.literal('mqtt'),
  separadores: z.array(z.string()),
  modelos: z.array(z.enum(DEVICE_MODELS)),
  topico_dados: z.string(),
  topico_comandos: z.string(),
  comandos: z.array(z.string()),
});
export const protocoloList = z.array(protocolo);

/** How a device connects (getdevice_conn?id): broker address, its login name and topics. */
export const deviceConn = z.object({
  iddevice: z.number().int(),
  protocolo: z.string(),
  host: z.string(),
  porta: z.number().int(),
  tls: z.boolean(),
  usuario: z.string(),
  client_id: z.string(),
  topico_dados: z.string(),
  topico_comandos: z.string(),
  ultimo_contato: timestamp.nullable(),
});
export type DeviceConn = z.infer<typeof deviceConn>;
