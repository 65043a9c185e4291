import type { DeviceModel } from '../constants.js';

/**
 * The device protocol, version 1 (docs/device-protocol.md): one line of text per MQTT message.
 *
 *   P1|<TIPO>|<field>|<field>…
 *
 * Fields are separated by '|'; a list field holds items separated by '$', and an item's own
 * fields are separated by ';'. Numbers are written with a decimal point. Text fields escape
 * '%', '|', '$', ';', CR and LF as %25 %7C %24 %3B %0D %0A, so any text survives a round trip.
 *
 * Device → portal, topic portal/{modelo}/{serie}/dados; portal → device, portal/{modelo}/{serie}/cmd.
 */
export const PROTOCOL_VERSION = 'P1';

/** Largest message the portal reads: a picture (IMAGEM) of up to 384 KiB in base64, or 8 KiB for the rest. */
export const MAX_IMAGE_BYTES = 384 * 1024;
export const MAX_MESSAGE_CHARS = 8 * 1024;
export const MAX_IMAGE_MESSAGE_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 256;

/** Identification, sent after every connect; chip_id must match the registered one. */
export interface MsgId {
  tipo: 'ID';
  modelo: DeviceModel;
  serie: string;
  chip_id: string;
  versao: string;
}

/** A scale's live reading: grams (1 decimal) and whether the platform is stable. */
export interface MsgPeso {
  tipo: 'PESO';
  peso: number;
  estavel: boolean;
  /** Birds on the platform (0 when the scale does not count). */
  aves: number;
}

/**
 * A ground collector's batch: males and females counted, the batch's total grams. The average
 * is total / 20 and the sex is derived from the counts (spec section 9), see collectorSummary.
 */
export interface MsgColeta {
  tipo: 'COLETA';
  machos: number;
  femeas: number;
  peso_total: number;
}

/** A silo scale: feed in the silo, kg with 1 decimal. */
export interface MsgSilo {
  tipo: 'SILO';
  peso_kg: number;
}

/**
 * A trough monitor: trough number, rotation in rpm (1 decimal), turns since midnight, motor on,
 * and feed sensed in the trough — absent when the monitor has no presence sensor.
 */
export interface MsgCalha {
  tipo: 'CALHA';
  idcalha: number;
  rpm: number;
  voltas: number;
  ligada: boolean;
  presenca?: boolean;
}

/** A doser: product dosed today (ml), current flow (ml/min), pump on. */
export interface MsgDose {
  tipo: 'DOSE';
  volume_ml: number;
  vazao_ml_min: number;
  ligada: boolean;
}

/** One category box of a grader (spec section 3). */
export interface SelCategoria {
  box: number;
  descricao: string;
  peso_total: number;
  aves: number;
  pm: number;
  percent: number;
}
export interface SelSeletora {
  serie: string;
  total_aves: number;
  aves_hora: number;
  img: string;
}
export interface SelInfoGeral {
  desc: string;
  peso_total: number;
  aves: number;
  pm: number;
  percent: number;
}

/** A grader's selection in progress (spec section 3). data is YYYY-MM-DD. */
export interface MsgSel {
  tipo: 'SEL';
  header: string;
  data: string;
  nucleo: string;
  lote: string;
  aviario: string;
  sexo: string;
  idade: number;
  categorias: SelCategoria[];
  seletoras: SelSeletora[];
  infoGeral: SelInfoGeral;
}

/**
 * A weighing record (section 3 fields). seq is the device's own counter: the portal stores a
 * (device, seq) once and acknowledges it only after the commit. serie_balanca is the sender.
 */
export interface MsgPes {
  tipo: 'PES';
  seq: number;
  data: string;
  hora: string;
  nucleo: string;
  lote: string;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  /** Grams, 1 decimal. */
  peso: number;
  idade_lote: number | null;
  linha: string;
  score: number | null;
  obs: string;
}

/** The answer to 'foto': the request's id, the picture's type and its bytes in base64. */
export interface MsgImagem {
  tipo: 'IMAGEM';
  pedido: string;
  mime: 'image/jpeg' | 'image/png';
  base64: string;
}

export type DeviceMessage = MsgId | MsgPeso | MsgColeta | MsgSilo | MsgCalha | MsgDose | MsgSel | MsgPes | MsgImagem;
export type DeviceMessageType = DeviceMessage['tipo'];
/** Messages shown live to browsers as they are. */
export type LiveReading = MsgPeso | MsgColeta | MsgSilo | MsgCalha | MsgDose | MsgSel;

/** Portal → device. */
export type PortalMessage =
  | { tipo: 'CMD'; comando: 'update' }
  | { tipo: 'CMD'; comando: 'foto'; pedido: string }
  | { tipo: 'ACK'; seq: number }
  | { tipo: 'NAK'; seq: number; motivo: string };

/** Why a message was refused; logged with the device, never shown to browsers. */
export const PROTOCOL_REJECTIONS = [
  'VAZIA', // empty payload
  'GRANDE', // over the size limit
  'VERSAO', // not P1
  'TIPO', // unknown message type
  'MODELO', // type not sent by this model
  'CAMPOS', // wrong number of fields
  'NUMERO', // not a number, or out of range
  'DATA', // not a real date / time
  'TEXTO', // bad escape, or text too long
  'LISTA', // list item with the wrong number of fields
  'IMAGEM', // bad base64, type or size
] as const;
export type ProtocolRejection = (typeof PROTOCOL_REJECTIONS)[number];

export type ParseResult<T> = { ok: true; message: T } | { ok: false; motivo: ProtocolRejection; detalhe: string };

/** Which device messages each model sends (ID and IMAGEM: every model). */
export const MODEL_MESSAGES: Record<DeviceModel, readonly DeviceMessageType[]> = {
  COLETOR: ['ID', 'COLETA', 'PES', 'IMAGEM'],
  CS: ['ID', 'PESO', 'PES', 'IMAGEM'],
  SELAUTO: ['ID', 'SEL', 'PES', 'IMAGEM'],
  SELAVES: ['ID', 'SEL', 'PES', 'IMAGEM'],
  BSILO: ['ID', 'SILO', 'IMAGEM'],
  SPSILO: ['ID', 'SILO', 'IMAGEM'],
  DOSADORP: ['ID', 'DOSE', 'IMAGEM'],
  MCALHA: ['ID', 'CALHA', 'IMAGEM'],
  SEQFC: ['ID', 'SILO', 'IMAGEM'],
  FC: ['ID', 'PESO', 'PES', 'IMAGEM'],
  BD15PS: ['ID', 'PESO', 'PES', 'IMAGEM'],
  'PS/SEL': ['ID', 'PESO', 'PES', 'IMAGEM'],
  SEQ: ['ID', 'SILO', 'IMAGEM'],
  SAC: ['ID', 'CALHA', 'IMAGEM'],
  SILO: ['ID', 'SILO', 'IMAGEM'],
  DOSADOR: ['ID', 'DOSE', 'IMAGEM'],
  CAM: ['ID', 'IMAGEM'],
  BL30PI: ['ID', 'PESO', 'PES', 'IMAGEM'],
};

export { parseDeviceMessage, formatDeviceMessage, parsePortalMessage, formatPortalMessage, collectorSummary, COLLECTOR_BATCH_BIRDS } from './codec.js';
