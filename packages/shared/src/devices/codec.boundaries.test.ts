import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS, type DeviceModel } from '../constants.js';
import { PESO_MAX_G } from '../schemas/weighings.js';
import { toBase64 } from './arbitraries.js';
import { collectorSummary, formatDeviceMessage, parseDeviceMessage, parsePortalMessage } from './codec.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_MESSAGE_CHARS, MODEL_MESSAGES, type DeviceMessageType, type MsgPes } from './protocol.js';

const pes = (fields: Partial<Record<keyof MsgPes, string>>) => {
  const base = { seq: '1', data: '2024-03-01', hora: '08:30:00', nucleo: 'Granja', lote: 'L1', aviario: 'A1', lado: 'E', box: '1', sexo: 'M', peso: '2500.5', idade_lote: '35', linha: 'Cobb', score: '', obs: '' };
  return `P1|PES|${Object.values({ ...base, ...fields }).join('|')}`;
};
const motivo = (payload: string, modelo: DeviceModel = 'CS') => {
  const result = parseDeviceMessage(payload, modelo);
  return result.ok ? 'ok' : result.motivo;
};

describe('numbers', () => {
  it.each([
    ['0', 'NUMERO'], ['0.0', 'NUMERO'], ['0.1', 'ok'], [String(PESO_MAX_G), 'ok'], ['100000', 'NUMERO'], ['99999.95', 'NUMERO'],
    ['0.05', 'NUMERO'], ['2500.50', 'NUMERO'], ['2500', 'ok'], ['-1', 'NUMERO'], ['1e3', 'NUMERO'],
  ])('a weighing of %s g: %s', (peso, expected) => {
    expect(motivo(pes({ peso }))).toBe(expected);
  });

  it('lets a live reading be 0 g (an empty platform)', () => {
    expect(motivo('P1|PESO|0|1|0')).toBe('ok');
    expect(motivo(`P1|PESO|${PESO_MAX_G}|0|0`)).toBe('ok');
    expect(motivo('P1|PESO|0|2|0')).toBe('NUMERO');
  });

  it.each([
    [{ seq: String(Number.MAX_SAFE_INTEGER) }, 'ok'], [{ seq: '9007199254740992' }, 'NUMERO'], [{ seq: '1.0' }, 'NUMERO'],
    [{ idade_lote: '' }, 'ok'], [{ idade_lote: '10000' }, 'ok'], [{ idade_lote: '10001' }, 'NUMERO'],
    [{ score: '' }, 'ok'], [{ score: '1000000' }, 'ok'], [{ score: '1.5' }, 'NUMERO'], [{ score: '1000001' }, 'NUMERO'],
  ])('PES %j: %s', (fields, expected) => {
    expect(motivo(pes(fields))).toBe(expected);
  });

  it.each([
    ['P1|CALHA|1|10000|5|1', 'ok'], ['P1|CALHA|1|10000.1|5|1', 'NUMERO'], ['P1|CALHA|1|12.34|5|1', 'NUMERO'], ['P1|CALHA|1|12.3|5|true', 'NUMERO'],
    ['P1|CALHA|1000000000|0|1000000000|0', 'ok'], ['P1|CALHA|1000000001|0|0|0', 'NUMERO'],
    ['P1|CALHA|1|12.3|5|1|1', 'ok'], ['P1|CALHA|1|0|5|1|0', 'ok'], ['P1|CALHA|1|12.3|5|1|', 'NUMERO'], ['P1|CALHA|1|12.3|5|1|2', 'NUMERO'],
    ['P1|CALHA|1|12.3|5|1|1|1', 'CAMPOS'], ['P1|CALHA|1|12.3|5', 'CAMPOS'],
  ])('%s: %s', (payload, expected) => {
    expect(motivo(payload, 'MCALHA')).toBe(expected);
  });

  it('reads CALHA with and without presenca (monitors without the feed sensor send 4 fields)', () => {
    const old = parseDeviceMessage('P1|CALHA|2|14.5|380|1', 'SAC');
    expect(old).toEqual({ ok: true, message: { tipo: 'CALHA', idcalha: 2, rpm: 14.5, voltas: 380, ligada: true } });
    expect(old.ok && 'presenca' in old.message).toBe(false);
    expect(parseDeviceMessage('P1|CALHA|2|0|380|1|0', 'SAC')).toEqual({ ok: true, message: { tipo: 'CALHA', idcalha: 2, rpm: 0, voltas: 380, ligada: true, presenca: false } });
    expect(formatDeviceMessage({ tipo: 'CALHA', idcalha: 2, rpm: 14.5, voltas: 380, ligada: true })).toBe('P1|CALHA|2|14.5|380|1');
    expect(formatDeviceMessage({ tipo: 'CALHA', idcalha: 2, rpm: 14.5, voltas: 380, ligada: true, presenca: true })).toBe('P1|CALHA|2|14.5|380|1|1');
  });

  it('writes numbers without exponent or trailing zeros', () => {
    expect(formatDeviceMessage({ tipo: 'PESO', peso: 0.1, estavel: true, aves: 1_000_000_000 })).toBe('P1|PESO|0.1|1|1000000000');
    expect(formatDeviceMessage({ tipo: 'SILO', peso_kg: 10_000_000 })).toBe('P1|SILO|10000000');
    expect(formatDeviceMessage({ tipo: 'DOSE', volume_ml: 2500, vazao_ml_min: 12.5, ligada: false })).toBe('P1|DOSE|2500|12.5|0');
    const seq = formatDeviceMessage({ ...(parseDeviceMessage(pes({}), 'CS') as { message: MsgPes }).message, seq: Number.MAX_SAFE_INTEGER });
    expect(seq).toContain('|9007199254740991|');
  });
});

describe('dates and times', () => {
  it.each([
    ['2024-02-29', 'ok'], ['2023-02-29', 'DATA'], ['1900-02-29', 'DATA'], ['2000-02-29', 'ok'], ['2024-04-31', 'DATA'], ['2024-13-01', 'DATA'],
    ['2024-1-01', 'DATA'], ['01/03/2024', 'DATA'], ['1899-12-31', 'DATA'], ['2100-12-31', 'ok'], ['', 'DATA'],
  ])('data %s: %s', (data, expected) => {
    expect(motivo(pes({ data }))).toBe(expected);
  });

  it.each([['23:59:59', 'ok'], ['00:00:00', 'ok'], ['24:00:00', 'DATA'], ['23:60:00', 'DATA'], ['23:59:60', 'DATA'], ['8:30:00', 'DATA'], ['08:30', 'DATA'], ['', 'DATA']])(
    'hora %s: %s',
    (hora, expected) => {
      expect(motivo(pes({ hora }))).toBe(expected);
    },
  );
});

describe('texts and lists', () => {
  it('reads escapes in either case and keeps unicode', () => {
    // Only the six escapes exist: a percent-encoded UTF-8 byte is a broken escape.
    expect(motivo(pes({ nucleo: 'Granja%7cS%C3o' }))).toBe('TEXTO');
    expect(parseDeviceMessage(pes({ nucleo: 'Granja%7cSão', obs: 'linha 1%0D%0Alinha 2 🐔' }), 'CS')).toMatchObject({ ok: true, message: { nucleo: 'Granja|São', obs: 'linha 1\r\nlinha 2 🐔' } });
  });

  it('keeps line breaks out of one-line texts', () => {
    expect(motivo(pes({ nucleo: 'a%0Ab' }))).toBe('TEXTO');
    expect(motivo(pes({ obs: 'a%09b' }))).toBe('TEXTO');
    expect(motivo(pes({ obs: 'a\tb' }))).toBe('ok');
  });

  const categoria = (box: number) => `${box};Leve;1000.5;10;100.1;50.25`;
  const sel = (categorias: string, seletoras = 'S1;10;100;sel.png', info = 'Total;3000.5;30;100;100') => `P1|SEL|Seleção|2024-01-01|Granja|L1|A1|F|30|${categorias}|${seletoras}|${info}`;
  it.each([
    [sel(categoria(1)), 'ok'],
    [sel(Array.from({ length: 20 }, (_, i) => categoria(i)).join('$')), 'ok'],
    [sel(Array.from({ length: 21 }, (_, i) => categoria(i)).join('$')), 'LISTA'],
    [sel(''), 'LISTA'],
    [sel(categoria(1), ''), 'ok'],
    [sel(categoria(1), Array.from({ length: 21 }, () => 'S;1;1;x').join('$')), 'LISTA'],
    [sel('1;Leve;1000.5;10;100.1'), 'LISTA'],
    [sel(`${categoria(1)};x`), 'LISTA'],
    [sel(`${categoria(1)}$`), 'LISTA'],
    [sel(categoria(1), 'S1;10;100'), 'LISTA'],
    [sel(categoria(1), undefined, 'Total;3000.5;30;100;100$x;1;1;1;1'), 'LISTA'],
    [sel('1;Leve;1000.5;10;100.1;100.01'), 'NUMERO'],
    [sel('1;Le%ve;1000.5;10;100.1;10'), 'TEXTO'],
  ])('%s: %s', (payload, expected) => {
    expect(motivo(payload, 'SELAUTO')).toBe(expected);
  });
});

describe('pictures', () => {
  const jpeg = (bytes: number) => toBase64(Uint8Array.from({ length: bytes }, (_, i) => [0xff, 0xd8, 0xff][i] ?? i % 251));
  it('takes a picture of exactly MAX_IMAGE_BYTES and refuses one byte more', () => {
    expect(motivo(`P1|IMAGEM|p1|image/jpeg|${jpeg(MAX_IMAGE_BYTES)}`, 'CAM')).toBe('ok');
    expect(motivo(`P1|IMAGEM|p1|image/jpeg|${jpeg(MAX_IMAGE_BYTES + 1)}`, 'CAM')).toBe('IMAGEM');
    expect(motivo(`P1|IMAGEM|p1|image/jpeg|${jpeg(MAX_IMAGE_BYTES)}${'A'.repeat(MAX_IMAGE_MESSAGE_CHARS)}`, 'CAM')).toBe('GRANDE');
  });

  it.each([
    ['image/jpeg', '/9j/', 'ok'], ['image/jpeg', '/9j/4A==', 'ok'], ['image/jpeg', '/9j/4B==', 'IMAGEM'], ['image/jpeg', '/9j', 'IMAGEM'], ['image/jpeg', '', 'IMAGEM'],
    ['image/jpeg', '/9j/4A=A', 'IMAGEM'], ['image/jpeg', '/9j/ 4AA', 'IMAGEM'], ['image/jpeg', '/9j/4A-_', 'IMAGEM'], ['image/png', '/9j/', 'IMAGEM'],
    ['image/png', toBase64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'ok'], ['image/gif', 'R0lGODlh', 'IMAGEM'], ['IMAGE/JPEG', '/9j/', 'IMAGEM'],
  ])('%s %s: %s', (mime, base64, expected) => {
    expect(motivo(`P1|IMAGEM|p1|${mime}|${base64}`, 'CAM')).toBe(expected);
  });

  it.each([['a b'], [''], ['x'.repeat(41)], ['ação'], ['a%7Cb']])('refuses the request id %j', (pedido) => {
    expect(motivo(`P1|IMAGEM|${pedido}|image/jpeg|/9j/`, 'CAM')).toBe('TEXTO');
    expect(parsePortalMessage(`P1|CMD|foto|${pedido}`)).toMatchObject({ ok: false, motivo: 'TEXTO' });
  });
});

describe('collectorSummary (section 9)', () => {
  it.each([
    [{ machos: 12, femeas: 8, peso_total: 50_001 }, { pm: 2500.1, sexo: 'M', aves: 20 }],
    [{ machos: 3, femeas: 17, peso_total: 50_000.9 }, { pm: 2500, sexo: 'F', aves: 20 }],
    [{ machos: 10, femeas: 10, peso_total: 10.1 }, { pm: 0.5, sexo: 'misto', aves: 20 }],
    [{ machos: 0, femeas: 0, peso_total: 0 }, { pm: 0, sexo: 'misto', aves: 0 }],
  ])('%j → %j', (coleta, expected) => {
    expect(collectorSummary(coleta)).toEqual(expected);
  });

  it('is the total / 20 rounded half up to 1 decimal, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.nat(1000), fc.nat(1000), (dg, machos, femeas) => {
        const { pm, aves } = collectorSummary({ machos, femeas, peso_total: dg / 10 });
        expect(pm * 10).toBe(Math.floor((dg + 10) / 20));
        expect(aves).toBe(machos + femeas);
      }),
    );
  });
});

describe('docs/device-protocol.md', () => {
  it('has example lines that parse, covering every message', () => {
    const doc = readFileSync(new URL('../../../../docs/device-protocol.md', import.meta.url), 'utf8');
    // The example blocks are the ```text ones; the format's outline is not a message.
    const examples = [...doc.matchAll(/```text\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n').filter((line) => line !== ''));
    const seen = new Set<string>();
    for (const line of examples) {
      const tipo = line.split('|')[1] as DeviceMessageType;
      seen.add(tipo);
      const sender = DEVICE_MODELS.find((modelo) => MODEL_MESSAGES[modelo].includes(tipo) && (tipo !== 'ID' || line.startsWith(`P1|ID|${modelo}|`)));
      const result = sender ? parseDeviceMessage(line, sender) : parsePortalMessage(line);
      expect(result.ok ? 'ok' : result, line).toBe('ok');
    }
    expect([...seen].sort()).toEqual(['ACK', 'CALHA', 'CMD', 'COLETA', 'DOSE', 'ID', 'IMAGEM', 'NAK', 'PES', 'PESO', 'SEL', 'SILO']);
  });
});
