import { DEVICE_MODELS, type DeviceModel } from '../constants.js';
import { PESO_MAX_G } from '../schemas/weighings.js';
import { date, decimal, field, fieldCount, flag, integer, item, list, oneOf, optionalField, optionalInteger, pedido, readFields, Rejection, text, time, writeFields, type Field, type FieldCodec } from './fields.js';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MESSAGE_CHARS,
  MAX_MESSAGE_CHARS,
  MODEL_MESSAGES,
  PROTOCOL_VERSION,
  type DeviceMessage,
  type DeviceMessageType,
  type MsgColeta,
  type ParseResult,
  type PortalMessage,
  type ProtocolRejection,
} from './protocol.js';

/**
 * The device protocol P1 (docs/device-protocol.md, which has the same tables): every message is
 * `P1|TIPO|` followed by its fields in the order below. Parsing never throws; formatting a valid
 * message and parsing it back gives the same message.
 */

/** Longest text of each field: the database columns it ends in (devices, pesagens, nucleos, lotes). */
export const TEXT_LIMITS = {
  serie: 40,
  chip_id: 40,
  versao: 20,
  nucleo: 120,
  lote: 40,
  aviario: 40,
  lado: 40,
  box: 40,
  linha: 40,
  sexo: 20,
  obs: 200,
  header: 80,
  descricao: 80,
  desc: 80,
  img: 200,
  motivo: 80,
} as const;

/** Number ranges (grams and percentages: 1 and 2 decimals). */
export const NUMBER_LIMITS = {
  COUNT_MAX: 1_000_000_000,
  /** A batch or category total, grams. */
  TOTAL_G_MAX: 1_000_000_000,
  KG_MAX: 10_000_000,
  ML_MAX: 10_000_000,
  RPM_MAX: 10_000,
  IDADE_MAX: 10_000,
  SCORE_MAX: 1_000_000,
} as const;

const L = TEXT_LIMITS;
const N = NUMBER_LIMITS;
const count = integer(0, N.COUNT_MAX);
const grams = decimal(1, 0, PESO_MAX_G);
const totalGrams = decimal(1, 0, N.TOTAL_G_MAX);
const percent = decimal(2, 0, 100);
const seq = integer(0, Number.MAX_SAFE_INTEGER);

/**
 * A picture in base64 (RFC 4648, padded, canonical: the unused bits of the last character are
 * zero), at most MAX_IMAGE_BYTES once decoded, starting with the JPEG or PNG signature, so
 * what the portal later serves as an image is one.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SIGNATURES: Record<string, number[]> = { 'image/jpeg': [0xff, 0xd8, 0xff], 'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] };

/** The first bytes of a valid base64 text (whole 4-character groups only). */
function decodePrefix(base64: string, bytes: number): number[] {
  const out: number[] = [];
  for (let at = 0; out.length < bytes && at + 4 <= base64.length; at += 4) {
    const group = base64.slice(at, at + 4);
    const bits = [...group].reduce((acc, char) => acc * 64 + Math.max(0, B64.indexOf(char)), 0);
    const pad = group.endsWith('==') ? 2 : group.endsWith('=') ? 1 : 0;
    out.push((bits >> 16) & 255, (bits >> 8) & 255, bits & 255);
    out.length -= pad;
  }
  return out.slice(0, bytes);
}

export function imageBytes(base64: string): number {
  return (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

function checkImage(mime: string, base64: string): Rejection | undefined {
  const bad = (why: string) => new Rejection('IMAGEM', `base64: ${why}`);
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(base64)) return bad('not base64');
  const last = base64.replace(/=+$/, '').at(-1)!;
  const unused = base64.endsWith('==') ? 15 : base64.endsWith('=') ? 3 : 0;
  if ((B64.indexOf(last) & unused) !== 0) return bad('not canonical base64');
  if (imageBytes(base64) > MAX_IMAGE_BYTES) return bad(`over ${MAX_IMAGE_BYTES} bytes`);
  const signature = SIGNATURES[mime]!;
  const head = decodePrefix(base64, signature.length);
  if (head.length < signature.length || signature.some((byte, index) => head[index] !== byte)) return bad(`not a ${mime} file`);
  return undefined;
}
const base64: FieldCodec<string> = { read: (raw) => raw, write: (value) => value };

/** The fields of each device message, in wire order. */
const DEVICE_FIELDS: Record<DeviceMessageType, readonly Field[]> = {
  ID: [field('modelo', oneOf(DEVICE_MODELS, 'MODELO')), field('serie', text(L.serie, { min: 1 })), field('chip_id', text(L.chip_id, { min: 1 })), field('versao', text(L.versao))],
  PESO: [field('peso', grams), field('estavel', flag), field('aves', count)],
  COLETA: [field('machos', count), field('femeas', count), field('peso_total', totalGrams)],
  SILO: [field('peso_kg', decimal(1, 0, N.KG_MAX))],
  // presenca came later (feed sensed in the trough): monitors without the sensor send 4 fields.
  CALHA: [field('idcalha', count), field('rpm', decimal(1, 0, N.RPM_MAX)), field('voltas', count), field('ligada', flag), optionalField('presenca', flag)],
  DOSE: [field('volume_ml', decimal(1, 0, N.ML_MAX)), field('vazao_ml_min', decimal(1, 0, N.ML_MAX)), field('ligada', flag)],
  SEL: [
    field('header', text(L.header)),
    field('data', date),
    field('nucleo', text(L.nucleo)),
    field('lote', text(L.lote)),
    field('aviario', text(L.aviario)),
    field('sexo', text(L.sexo)),
    field('idade', integer(0, N.IDADE_MAX)),
    field(
      'categorias',
      list([field('box', count), field('descricao', text(L.descricao)), field('peso_total', totalGrams), field('aves', count), field('pm', grams), field('percent', percent)], 1, 20),
    ),
    field('seletoras', list([field('serie', text(L.serie)), field('total_aves', count), field('aves_hora', count), field('img', text(L.img))], 0, 20)),
    field('infoGeral', item([field('desc', text(L.desc)), field('peso_total', totalGrams), field('aves', count), field('pm', grams), field('percent', percent)])),
  ],
  PES: [
    field('seq', seq),
    field('data', date),
    field('hora', time),
    field('nucleo', text(L.nucleo)),
    field('lote', text(L.lote)),
    field('aviario', text(L.aviario)),
    field('lado', text(L.lado)),
    field('box', text(L.box)),
    field('sexo', text(L.sexo)),
    field('peso', decimal(1, 0, PESO_MAX_G, { above: true })),
    field('idade_lote', optionalInteger(0, N.IDADE_MAX)),
    field('linha', text(L.linha)),
    field('score', optionalInteger(0, N.SCORE_MAX)),
    field('obs', text(L.obs, { multiline: true })),
  ],
  IMAGEM: [field('pedido', pedido), field('mime', oneOf(['image/jpeg', 'image/png'] as const, 'IMAGEM')), field('base64', base64)],
};
const DEVICE_TYPES = Object.keys(DEVICE_FIELDS) as DeviceMessageType[];

const reject = (motivo: ProtocolRejection, detalhe: string) => ({ ok: false as const, motivo, detalhe });
const fromRejection = (rejection: Rejection) => reject(rejection.motivo, rejection.detalhe);

/**
 * The payload's fields after the version check, or why there are none. One trailing line end
 * is tolerated (devices that print lines); any other CR or LF must be escaped inside a text.
 */
function split(payload: string, maxChars: number): string[] | ReturnType<typeof reject> {
  const line = payload.endsWith('\r\n') ? payload.slice(0, -2) : payload.endsWith('\n') ? payload.slice(0, -1) : payload;
  if (line === '') return reject('VAZIA', 'empty payload');
  if (payload.length > maxChars) return reject('GRANDE', `${payload.length} characters, over ${maxChars}`);
  const version = line.slice(0, line.indexOf('|') === -1 ? 20 : line.indexOf('|'));
  if (version !== PROTOCOL_VERSION) return reject('VERSAO', `version ${JSON.stringify(version)}, not ${PROTOCOL_VERSION}`);
  return line.split('|');
}

export function parseDeviceMessage(payload: string, modelo: DeviceModel): ParseResult<DeviceMessage> {
  const parts = split(payload, MAX_IMAGE_MESSAGE_CHARS);
  if (!Array.isArray(parts)) return parts;
  const tipo = parts[1] ?? '';
  if (!(DEVICE_TYPES as string[]).includes(tipo)) return reject('TIPO', `unknown type ${JSON.stringify(tipo.slice(0, 20))}`);
  const type = tipo as DeviceMessageType;
  if (!MODEL_MESSAGES[modelo]?.includes(type)) return reject('MODELO', `${modelo} does not send ${type}`);
  if (type !== 'IMAGEM' && payload.length > MAX_MESSAGE_CHARS) return reject('GRANDE', `${payload.length} characters, over ${MAX_MESSAGE_CHARS}`);
  const fields = DEVICE_FIELDS[type];
  const { min, max } = fieldCount(fields);
  if (parts.length - 2 < min || parts.length - 2 > max) return reject('CAMPOS', `${type} has ${min === max ? min : `${min} to ${max}`} fields, got ${parts.length - 2}`);
  const record = readFields(fields, parts.slice(2));
  if (record instanceof Rejection) return fromRejection(record);
  if (type === 'ID' && record.modelo !== modelo) return reject('MODELO', `ID says ${String(record.modelo)}, the device is ${modelo}`);
  if (type === 'IMAGEM') {
    const fault = checkImage(record.mime as string, record.base64 as string);
    if (fault) return fromRejection(fault);
  }
  return { ok: true, message: { tipo: type, ...record } as DeviceMessage };
}

export function formatDeviceMessage(message: DeviceMessage): string {
  const { tipo, ...record } = message;
  return [PROTOCOL_VERSION, tipo, ...writeFields(DEVICE_FIELDS[tipo], record)].join('|');
}

/** Portal → device: CMD update | CMD foto pedido | ACK seq | NAK seq motivo. */
const PORTAL_FIELDS = {
  update: [field('comando', oneOf(['update'] as const, 'TIPO'))],
  foto: [field('comando', oneOf(['foto'] as const, 'TIPO')), field('pedido', pedido)],
  ACK: [field('seq', seq)],
  NAK: [field('seq', seq), field('motivo', text(L.motivo, { min: 1 }))],
} satisfies Record<string, readonly Field[]>;

export function parsePortalMessage(payload: string): ParseResult<PortalMessage> {
  const parts = split(payload, MAX_MESSAGE_CHARS);
  if (!Array.isArray(parts)) return parts;
  const tipo = parts[1] ?? '';
  let fields: readonly Field[];
  if (tipo === 'ACK' || tipo === 'NAK') fields = PORTAL_FIELDS[tipo];
  else if (tipo === 'CMD' && (parts[2] === 'update' || parts[2] === 'foto')) fields = PORTAL_FIELDS[parts[2]];
  else if (tipo === 'CMD') return reject(parts.length < 3 ? 'CAMPOS' : 'TIPO', `unknown command ${JSON.stringify((parts[2] ?? '').slice(0, 20))}`);
  else return reject('TIPO', `unknown type ${JSON.stringify(tipo.slice(0, 20))}`);
  if (parts.length - 2 !== fields.length) return reject('CAMPOS', `${tipo} has ${fields.length} fields, got ${parts.length - 2}`);
  const record = readFields(fields, parts.slice(2));
  if (record instanceof Rejection) return fromRejection(record);
  return { ok: true, message: { tipo, ...record } as PortalMessage };
}

export function formatPortalMessage(message: PortalMessage): string {
  const { tipo, ...record } = message;
  const fields = message.tipo === 'CMD' ? PORTAL_FIELDS[message.comando] : PORTAL_FIELDS[message.tipo];
  return [PROTOCOL_VERSION, tipo, ...writeFields(fields, record)].join('|');
}

/** Birds in a ground collector's batch: section 9's average is a complete batch's total / 20. */
export const COLLECTOR_BATCH_BIRDS = 20;

/**
 * Section 9: the average is the batch total / 20; the sex is the one with more birds ('misto' on a tie).
 * Only a complete batch (COLLECTOR_BATCH_BIRDS birds) has such an average: before that, the readings
 * are the batch's progress.
 */
export function collectorSummary(coleta: Pick<MsgColeta, 'machos' | 'femeas' | 'peso_total'>): { pm: number; sexo: 'M' | 'F' | 'misto'; aves: number } {
  // In tenths of a gram so the one rounding (half up) is exact: total_dg / 20, rounded, / 10.
  const pm = Math.round(Math.round(coleta.peso_total * 10) / COLLECTOR_BATCH_BIRDS) / 10;
  const sexo = coleta.machos > coleta.femeas ? 'M' : coleta.machos < coleta.femeas ? 'F' : 'misto';
  return { pm, sexo, aves: coleta.machos + coleta.femeas };
}
