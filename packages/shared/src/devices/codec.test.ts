import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS, type DeviceModel } from '../constants.js';
import { anyDeviceMessage, deviceMessageFor, deviceMessageOf, modelAndMessage, msgId, portalMessage, wireText } from './arbitraries.js';
import { TEXT_LIMITS, formatDeviceMessage, formatPortalMessage, parseDeviceMessage, parsePortalMessage } from './codec.js';
import { MAX_IMAGE_MESSAGE_CHARS, MAX_MESSAGE_CHARS, MODEL_MESSAGES, PROTOCOL_REJECTIONS, type DeviceMessage, type DeviceMessageType, type ProtocolRejection } from './protocol.js';

/** The wire order of each message's fields (docs/device-protocol.md has the same tables). */
const ORDER: Record<DeviceMessageType, string[]> = {
  ID: ['modelo', 'serie', 'chip_id', 'versao'],
  PESO: ['peso', 'estavel', 'aves'],
  COLETA: ['machos', 'femeas', 'peso_total'],
  SILO: ['peso_kg'],
  CALHA: ['idcalha', 'rpm', 'voltas', 'ligada', 'presenca'],
  DOSE: ['volume_ml', 'vazao_ml_min', 'ligada'],
  SEL: ['header', 'data', 'nucleo', 'lote', 'aviario', 'sexo', 'idade', 'categorias', 'seletoras', 'infoGeral'],
  PES: ['seq', 'data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote', 'linha', 'score', 'obs'],
  IMAGEM: ['pedido', 'mime', 'base64'],
};
/** Trailing fields older devices leave out (the line is shorter, the key absent). */
const OPTIONAL: Partial<Record<DeviceMessageType, string[]>> = { CALHA: ['presenca'] };
/** The fields a message is written with: its optional ones only when it has them. */
const writtenFields = (message: DeviceMessage) => ORDER[message.tipo].filter((name) => !OPTIONAL[message.tipo]?.includes(name) || name in message);
/** Required numbers and flags at the top level of each message (optional ones accept ''); a trailing optional flag refuses ''. */
const NUMBERS: Partial<Record<DeviceMessageType, string[]>> = {
  PESO: ['peso', 'estavel', 'aves'],
  COLETA: ['machos', 'femeas', 'peso_total'],
  SILO: ['peso_kg'],
  CALHA: ['idcalha', 'rpm', 'voltas', 'ligada', 'presenca'],
  DOSE: ['volume_ml', 'vazao_ml_min', 'ligada'],
  SEL: ['idade'],
  PES: ['seq', 'peso'],
};
const TEXTS: Partial<Record<DeviceMessageType, (keyof typeof TEXT_LIMITS)[]>> = {
  ID: ['serie', 'chip_id', 'versao'],
  SEL: ['header', 'nucleo', 'lote', 'aviario', 'sexo'],
  PES: ['nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'linha', 'obs'],
};

/** A model that may send `tipo` (ID: the message's own model). */
const senderOf = (message: DeviceMessage): DeviceModel => (message.tipo === 'ID' ? message.modelo : DEVICE_MODELS.find((modelo) => MODEL_MESSAGES[modelo].includes(message.tipo))!);

/** A valid message as its fields, with where each named field sits. */
function fieldsOf(message: DeviceMessage) {
  const parts = formatDeviceMessage(message).split('|');
  const at = (name: string) => 2 + ORDER[message.tipo].indexOf(name);
  return { parts, at, modelo: senderOf(message) };
}

function expectRefused(payload: string, modelo: DeviceModel, motivo: ProtocolRejection) {
  const result = parseDeviceMessage(payload, modelo);
  expect(result.ok ? result : result.motivo, payload.slice(0, 200)).toBe(motivo);
}

const NOT_NUMBERS = ['', 'x', '1e3', '-1', '+1', '1,5', '.5', '1.', 'NaN', 'Infinity', '0x10', ' 1', '1 ', '1.123', '2'.repeat(17), '１'];

describe('round trip', () => {
  it('parses every valid device message back to itself', () => {
    fc.assert(
      fc.property(modelAndMessage, ({ modelo, message }) => {
        const text = formatDeviceMessage(message);
        expect(parseDeviceMessage(text, modelo)).toEqual({ ok: true, message });
        expect(text.length).toBeLessThanOrEqual(message.tipo === 'IMAGEM' ? MAX_IMAGE_MESSAGE_CHARS : MAX_MESSAGE_CHARS);
        expect(text).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 500 },
    );
  });

  it('writes each message with its fields in the documented order', () => {
    fc.assert(
      fc.property(anyDeviceMessage, (message) => {
        expect(formatDeviceMessage(message).split('|')).toHaveLength(2 + writtenFields(message).length);
      }),
    );
  });

  it('parses every valid portal message back to itself', () => {
    fc.assert(
      fc.property(portalMessage, (message) => {
        expect(parsePortalMessage(formatPortalMessage(message))).toEqual({ ok: true, message });
      }),
    );
  });

  it('tolerates one trailing line end', () => {
    const text = formatDeviceMessage({ tipo: 'SILO', peso_kg: 1234.5 });
    expect(parseDeviceMessage(`${text}\n`, 'SILO')).toEqual(parseDeviceMessage(text, 'SILO'));
    expect(parseDeviceMessage(`${text}\r\n`, 'SILO')).toEqual(parseDeviceMessage(text, 'SILO'));
    expectRefused(`${text}\n\n`, 'SILO', 'NUMERO');
  });
});

describe('refusals', () => {
  it('never throws on arbitrary text, and refuses with a listed reason', () => {
    const prefixed = fc.tuple(fc.constantFrom('', 'P1|', 'P1|PES|', 'P1|SEL|', 'P1|IMAGEM|', 'P1|CMD|'), fc.string({ unit: 'binary', maxLength: 300 })).map(([head, tail]) => head + tail);
    fc.assert(
      fc.property(prefixed, fc.constantFrom(...DEVICE_MODELS), (payload, modelo) => {
        for (const result of [parseDeviceMessage(payload, modelo), parsePortalMessage(payload)]) {
          if (!result.ok) expect(PROTOCOL_REJECTIONS).toContain(result.motivo);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a dropped or an added field (CAMPOS)', () => {
    fc.assert(
      fc.property(anyDeviceMessage, fc.nat(), wireText(10), (message, where, extra) => {
        const { parts, modelo } = fieldsOf(message);
        const index = 2 + (where % (parts.length - 2));
        // Optional trailing fields make a range of counts valid: drop below it, add above it.
        const required = ORDER[message.tipo].length - (OPTIONAL[message.tipo]?.length ?? 0);
        const dropped = parts.length - 2 - required + 1;
        const added = ORDER[message.tipo].length - (parts.length - 2) + 1;
        expectRefused(parts.toSpliced(Math.min(index, parts.length - dropped), dropped).join('|'), modelo, 'CAMPOS');
        expectRefused(parts.toSpliced(index, 0, ...Array<string>(added).fill(extra.replaceAll('|', ''))).join('|'), modelo, 'CAMPOS');
      }),
    );
    fc.assert(
      fc.property(portalMessage, fc.nat(), (message, where) => {
        const parts = formatPortalMessage(message).split('|');
        // A CMD's first field is the command word: without it the rest is an unknown command.
        const first = message.tipo === 'CMD' && parts.length > 3 ? 3 : 2;
        const index = first + (where % (parts.length - first));
        const dropped = parsePortalMessage(parts.toSpliced(index, 1).join('|'));
        const added = parsePortalMessage([...parts, 'x'].join('|'));
        expect([dropped.ok || dropped.motivo, added.ok || added.motivo]).toEqual(['CAMPOS', 'CAMPOS']);
      }),
    );
  });

  it('refuses another version (VERSAO)', () => {
    const version = fc.string({ maxLength: 5 }).filter((value) => value !== 'P1' && !/[|\r\n]/.test(value));
    fc.assert(
      fc.property(anyDeviceMessage, portalMessage, version, (message, portal, other) => {
        const { parts, modelo } = fieldsOf(message);
        expectRefused([other, ...parts.slice(1)].join('|'), modelo, 'VERSAO');
        const refused = parsePortalMessage([other, ...formatPortalMessage(portal).split('|').slice(1)].join('|'));
        expect(refused.ok || refused.motivo).toBe('VERSAO');
      }),
    );
  });

  it('refuses unknown types (TIPO), empty payloads (VAZIA) and portal messages sent as data', () => {
    expectRefused('P1|XYZ|1', 'CS', 'TIPO');
    expectRefused('P1', 'CS', 'TIPO');
    expectRefused('P1|ACK|3', 'CS', 'TIPO');
    expectRefused('P1|id|a|b|c', 'CS', 'TIPO');
    expectRefused('', 'CS', 'VAZIA');
    expectRefused('\n', 'CS', 'VAZIA');
    for (const payload of ['P1|CMD|reboot', 'P1|PESO|1|1|1', 'P1|ack|1']) expect(parsePortalMessage(payload)).toMatchObject({ ok: false, motivo: 'TIPO' });
    expect(parsePortalMessage('P1|CMD')).toMatchObject({ ok: false, motivo: 'CAMPOS' });
    expect(parsePortalMessage('')).toMatchObject({ ok: false, motivo: 'VAZIA' });
  });

  it('refuses a corrupted number or flag (NUMERO)', () => {
    const withNumbers = deviceMessageOf(Object.keys(NUMBERS) as DeviceMessageType[]);
    fc.assert(
      fc.property(withNumbers, fc.nat(), fc.constantFrom(...NOT_NUMBERS), (message, which, bad) => {
        const { parts, at, modelo } = fieldsOf(message);
        const names = NUMBERS[message.tipo]!;
        parts[at(names[which % names.length]!)] = bad;
        expectRefused(parts.join('|'), modelo, 'NUMERO');
      }),
    );
  });

  it('refuses a broken escape, a bare separator, a control character or a text over its column (TEXTO)', () => {
    const withTexts = deviceMessageOf(Object.keys(TEXTS) as DeviceMessageType[]);
    const broken = fc.constantFrom('%', 'a%', '%2', '%ZZ', '%41', '%%', '%0', '%7', 'a%3', '%u0041', '$', ';', 'a$b', '\u0000', '%0A'.replace('0A', '0B'), 'a\u0007');
    fc.assert(
      fc.property(withTexts, fc.nat(), broken, (message, which, bad) => {
        const { parts, at, modelo } = fieldsOf(message);
        const names = TEXTS[message.tipo]!;
        const name = names[which % names.length]!;
        parts[at(name)] = bad;
        expectRefused(parts.join('|'), modelo, 'TEXTO');
        parts[at(name)] = 'é'.repeat(TEXT_LIMITS[name] + 1);
        expectRefused(parts.join('|'), modelo, 'TEXTO');
        parts[at(name)] = '%7C'.repeat(TEXT_LIMITS[name]);
        expect(parseDeviceMessage(parts.join('|'), modelo).ok).toBe(true);
      }),
    );
  });

  it('refuses a message over the size limit (GRANDE) before reading it', () => {
    fc.assert(
      fc.property(anyDeviceMessage, (message) => {
        const { parts, modelo } = fieldsOf(message);
        const limit = message.tipo === 'IMAGEM' ? MAX_IMAGE_MESSAGE_CHARS : MAX_MESSAGE_CHARS;
        const text = parts.join('|');
        expectRefused(text + 'x'.repeat(limit + 1 - text.length), modelo, 'GRANDE');
      }),
      { numRuns: 50 },
    );
    expect(parsePortalMessage(`P1|NAK|1|${'x'.repeat(MAX_MESSAGE_CHARS)}`)).toMatchObject({ ok: false, motivo: 'GRANDE' });
  });
});

describe('models (MODELO)', () => {
  it.each(DEVICE_MODELS)('%s sends only the messages MODEL_MESSAGES lists', (modelo) => {
    fc.assert(
      fc.property(anyDeviceMessage, (message) => {
        const own = message.tipo === 'ID' ? { ...message, modelo } : message;
        const result = parseDeviceMessage(formatDeviceMessage(own), modelo);
        if (MODEL_MESSAGES[modelo].includes(message.tipo)) expect(result).toEqual({ ok: true, message: own });
        else expect(result).toMatchObject({ ok: false, motivo: 'MODELO' });
      }),
      { numRuns: 60 },
    );
    fc.assert(fc.property(deviceMessageFor(modelo), (message) => {
      expect(parseDeviceMessage(formatDeviceMessage(message), modelo).ok).toBe(true);
    }), { numRuns: 30 });
  });

  it('refuses an ID naming another model, or none', () => {
    fc.assert(
      fc.property(msgId(), fc.constantFrom(...DEVICE_MODELS), (message, modelo) => {
        fc.pre(message.modelo !== modelo);
        expectRefused(formatDeviceMessage(message), modelo, 'MODELO');
      }),
    );
    expectRefused('P1|ID|PS-SEL|1|ab|1.0', 'PS/SEL', 'MODELO');
    expect(parseDeviceMessage('P1|ID|PS/SEL|1|ab|1.0', 'PS/SEL').ok).toBe(true);
  });
});
