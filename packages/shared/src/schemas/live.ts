import { z } from 'zod';
import { DEVICE_MODELS } from '../constants.js';
import { dateField, ownerQuery, propField, requiredIdQuery, timestamp } from './records/common.js';

/** The devices a page shows, by model and serial (at most 500). */
export const devupdtList = z.array(z.object({ modelo: z.enum(DEVICE_MODELS, { error: 'FIELD_INVALID' }), serie: z.string().min(1).max(40) })).max(500);

/**
 * devupdt: the list itself, as section 7 of the specification has it, or an object carrying the list
 * with `prop` (a grantee asking about an owner's devices; without prop the caller's own).
 */
export const devupdtBody = z.union([devupdtList, z.object({ prop: propField, dispositivos: devupdtList })]);
export type DevupdtBody = z.input<typeof devupdtBody>;

/** Either form of a devupdt body as one shape: the bare list asks about the caller's own devices. */
export function devupdtRequest(body: z.output<typeof devupdtBody>): { prop?: number; dispositivos: z.output<typeof devupdtList> } {
  return Array.isArray(body) ? { dispositivos: body } : body;
}

/**
 * One device's online status: minutes since its last message, null when it never sent one.
 * A device the caller may not see, or that is not registered, is left out of the answer.
 */
export const devupdtItem = z.object({ modelo: z.enum(DEVICE_MODELS), serie: z.string(), minutos: z.number().int().nullable() });
export const devupdtResponse = z.array(devupdtItem);
export type DevupdtItem = z.infer<typeof devupdtItem>;

/** getremotelist: the live devices that can be watched remotely (graders first), with their status. */
export const remoteDevice = z.object({
  id: z.number().int(),
  modelo: z.enum(DEVICE_MODELS),
  serie: z.string(),
  chip_id: z.string(),
  nome: z.string(),
  nucleo_nome: z.string().nullable(),
  aviario_nome: z.string().nullable(),
  minutos: z.number().int().nullable(),
});
export const remoteList = z.array(remoteDevice);
export type RemoteDevice = z.infer<typeof remoteDevice>;

/**
 * getleituras?id: what the device sent recently, newest first: its last live readings (kept in
 * memory by each instance, at most 100) and its last stored weighings (at most 50).
 */
// Query strings carry text: the ids are coerced like every other ?id&prop call's.
export const leiturasQuery = requiredIdQuery;
export const leituraRecente = z.object({ em: timestamp, leitura: z.record(z.string(), z.unknown()) });
export const leiturasResponse = z.object({
  iddevice: z.number().int(),
  leituras: z.array(leituraRecente),
  pesagens: z.array(
    z.object({
      id: z.number().int(),
      data: z.string(),
      hora: z.string(),
      lote: z.string().nullable(),
      aviario: z.string(),
      lado: z.string(),
      box: z.string(),
      sexo: z.string(),
      peso: z.number(),
      seq: z.number().int().nullable(),
    }),
  ),
});
export type LeiturasResponse = z.infer<typeof leiturasResponse>;

/** getfotos?id[&data]: a device's stored pictures; without data, the days that have pictures. */
export const fotosQuery = requiredIdQuery.extend({ data: dateField.optional() });

/** getremotelist[?prop]. */
export const remoteListQuery = ownerQuery;
export const fotoItem = z.object({ id: z.number().int(), pedido: z.string(), mime: z.string(), bytes: z.number().int(), em: timestamp, url: z.string() });
export const fotosResponse = z.object({
  iddevice: z.number().int(),
  /** Days with pictures (YYYY-MM-DD, in the user's timezone), newest first, with their counts. */
  dias: z.array(z.object({ data: z.string(), fotos: z.number().int() })),
  /** The pictures of `data` (or of the newest day), newest first. */
  fotos: z.array(fotoItem),
});
export type FotosResponse = z.infer<typeof fotosResponse>;
