import fc from 'fast-check';
import { DEVICE_MODELS, type DeviceModel } from '../constants.js';
import { isStorableText } from '../schemas/primitives.js';
import { PESO_MAX_G } from '../schemas/weighings.js';
import { NUMBER_LIMITS as N, TEXT_LIMITS as L } from './codec.js';
import {
  MODEL_MESSAGES,
  type DeviceMessage,
  type DeviceMessageType,
  type MsgCalha,
  type MsgColeta,
  type MsgDose,
  type MsgId,
  type MsgImagem,
  type MsgPes,
  type MsgPeso,
  type MsgSel,
  type MsgSilo,
  type PortalMessage,
} from './protocol.js';

/**
 * Test-only: fast-check arbitraries of VALID protocol messages (what a correct device or the
 * portal sends), for the codec's tests and the gateway's. Not exported from the package index.
 */

/** Characters the escaping must carry, and text that looks like an escape already. */
const TRICKY = ['%', '|', '$', ';', '%25', '%7C', '%%', 'P1|', ' ', 'ç', 'ã', '🐔', '\u200F', '漢'];

/** Text a field of `max` characters accepts: unicode, the escaped characters, CR LF and tab when multiline. */
export function wireText(max: number, { min = 0, multiline = false }: { min?: number; multiline?: boolean } = {}): fc.Arbitrary<string> {
  const unit = fc.oneof(
    fc.constantFrom(...TRICKY, ...(multiline ? ['\r', '\n', '\r\n', '\t'] : [])),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((char) => isStorableText(char, multiline)),
  );
  // A unit is at most 3 characters ('%25'), so max / 3 units always fit.
  const any = fc.string({ unit, minLength: min, maxLength: Math.max(min, Math.min(24, Math.floor(max / 3))) }).filter((value) => value.length >= min && value.length <= max);
  // Exactly at the limit, with a character that is escaped on the wire.
  const full = fc.constantFrom('x', '|', 'ç', '%').map((char) => char.repeat(max));
  return fc.oneof({ arbitrary: any, weight: 9 }, { arbitrary: full, weight: 1 });
}

/** A number with `decimals` decimals in [min, max], built from whole units so it is exactly what the wire writes. */
export function fixed(decimals: number, min: number, max: number): fc.Arbitrary<number> {
  const scale = 10 ** decimals;
  const units = fc.bigInt({ min: BigInt(Math.round(min * scale)), max: BigInt(Math.round(max * scale)) }).map((value) => Number(value) / scale);
  return fc.oneof({ arbitrary: units, weight: 8 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
}

const count = fixed(0, 0, N.COUNT_MAX);
const grams = fixed(1, 0, PESO_MAX_G);
const totalGrams = fixed(1, 0, N.TOTAL_G_MAX);
const percent = fixed(2, 0, 100);
const seq = fixed(0, 0, Number.MAX_SAFE_INTEGER);

/** A real YYYY-MM-DD between 1900 and 2100 (29 February included). */
export const wireDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10));
const two = (max: number) => fc.integer({ min: 0, max }).map((value) => String(value).padStart(2, '0'));
export const wireTime = fc.tuple(two(23), two(59), two(59)).map((parts) => parts.join(':'));
export const wirePedido = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

const SIGNATURES = { 'image/jpeg': [0xff, 0xd8, 0xff], 'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] } as const;
/** base64 of `bytes` (no Node Buffer: the shared package runs in browsers too). */
export const toBase64 = (bytes: ArrayLike<number>): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

export const msgId = (modelo?: DeviceModel): fc.Arbitrary<MsgId> =>
  fc.record({
    tipo: fc.constant('ID' as const),
    modelo: modelo ? fc.constant(modelo) : fc.constantFrom(...DEVICE_MODELS),
    serie: wireText(L.serie, { min: 1 }),
    chip_id: wireText(L.chip_id, { min: 1 }),
    versao: wireText(L.versao),
  });

export const msgPeso: fc.Arbitrary<MsgPeso> = fc.record({ tipo: fc.constant('PESO' as const), peso: grams, estavel: fc.boolean(), aves: count });
export const msgColeta: fc.Arbitrary<MsgColeta> = fc.record({ tipo: fc.constant('COLETA' as const), machos: count, femeas: count, peso_total: totalGrams });
export const msgSilo: fc.Arbitrary<MsgSilo> = fc.record({ tipo: fc.constant('SILO' as const), peso_kg: fixed(1, 0, N.KG_MAX) });
/** presenca is left out now and then: a monitor without the feed sensor (the 4-field line). */
export const msgCalha: fc.Arbitrary<MsgCalha> = fc.record(
  { tipo: fc.constant('CALHA' as const), idcalha: count, rpm: fixed(1, 0, N.RPM_MAX), voltas: count, ligada: fc.boolean(), presenca: fc.boolean() },
  { requiredKeys: ['tipo', 'idcalha', 'rpm', 'voltas', 'ligada'] },
);
export const msgDose: fc.Arbitrary<MsgDose> = fc.record({ tipo: fc.constant('DOSE' as const), volume_ml: fixed(1, 0, N.ML_MAX), vazao_ml_min: fixed(1, 0, N.ML_MAX), ligada: fc.boolean() });

export const msgSel: fc.Arbitrary<MsgSel> = fc.record({
  tipo: fc.constant('SEL' as const),
  header: wireText(L.header),
  data: wireDate,
  nucleo: wireText(L.nucleo),
  lote: wireText(L.lote),
  aviario: wireText(L.aviario),
  sexo: wireText(L.sexo),
  idade: fixed(0, 0, N.IDADE_MAX),
  categorias: fc.array(fc.record({ box: count, descricao: wireText(L.descricao), peso_total: totalGrams, aves: count, pm: grams, percent }), { minLength: 1, maxLength: 20 }),
  seletoras: fc.array(fc.record({ serie: wireText(L.serie), total_aves: count, aves_hora: count, img: wireText(L.img) }), { maxLength: 20 }),
  infoGeral: fc.record({ desc: wireText(L.desc), peso_total: totalGrams, aves: count, pm: grams, percent }),
});

export const msgPes: fc.Arbitrary<MsgPes> = fc.record({
  tipo: fc.constant('PES' as const),
  seq,
  data: wireDate,
  hora: wireTime,
  nucleo: wireText(L.nucleo),
  lote: wireText(L.lote),
  aviario: wireText(L.aviario),
  lado: wireText(L.lado),
  box: wireText(L.box),
  sexo: wireText(L.sexo),
  peso: fixed(1, 0.1, PESO_MAX_G),
  idade_lote: fc.option(fixed(0, 0, N.IDADE_MAX), { nil: null }),
  linha: wireText(L.linha),
  score: fc.option(fixed(0, 0, N.SCORE_MAX), { nil: null }),
  obs: wireText(L.obs, { multiline: true }),
});

/** A small picture: the type's signature followed by arbitrary bytes. */
export const msgImagem: fc.Arbitrary<MsgImagem> = fc.constantFrom('image/jpeg' as const, 'image/png' as const).chain((mime) =>
  fc.record({
    tipo: fc.constant('IMAGEM' as const),
    pedido: wirePedido,
    mime: fc.constant(mime),
    base64: fc.uint8Array({ maxLength: 96 }).map((tail) => toBase64([...SIGNATURES[mime], ...tail])),
  }),
);

/** Valid messages of each type (ID: of any model). */
export const deviceMessages: { [K in DeviceMessageType]: fc.Arbitrary<Extract<DeviceMessage, { tipo: K }>> } = {
  ID: msgId(),
  PESO: msgPeso,
  COLETA: msgColeta,
  SILO: msgSilo,
  CALHA: msgCalha,
  DOSE: msgDose,
  SEL: msgSel,
  PES: msgPes,
  IMAGEM: msgImagem,
};

/** A valid message of one of `tipos`. */
export const deviceMessageOf = (tipos: readonly DeviceMessageType[]): fc.Arbitrary<DeviceMessage> =>
  fc.oneof(...tipos.map((tipo) => deviceMessages[tipo] as fc.Arbitrary<DeviceMessage>));

/** Any valid message of any type. */
export const anyDeviceMessage: fc.Arbitrary<DeviceMessage> = fc.oneof(...Object.values(deviceMessages));

/** A valid message a device of `modelo` may send (its ID names that model). */
export function deviceMessageFor(modelo: DeviceModel): fc.Arbitrary<DeviceMessage> {
  return fc.oneof(...MODEL_MESSAGES[modelo].map((tipo) => (tipo === 'ID' ? msgId(modelo) : deviceMessages[tipo])));
}

/** A device model with a message it may send. */
export const modelAndMessage: fc.Arbitrary<{ modelo: DeviceModel; message: DeviceMessage }> = fc
  .constantFrom(...DEVICE_MODELS)
  .chain((modelo) => deviceMessageFor(modelo).map((message) => ({ modelo, message })));

export const portalMessage: fc.Arbitrary<PortalMessage> = fc.oneof(
  fc.constant({ tipo: 'CMD' as const, comando: 'update' as const }),
  fc.record({ tipo: fc.constant('CMD' as const), comando: fc.constant('foto' as const), pedido: wirePedido }),
  fc.record({ tipo: fc.constant('ACK' as const), seq }),
  fc.record({ tipo: fc.constant('NAK' as const), seq, motivo: wireText(L.motivo, { min: 1 }) }),
);
