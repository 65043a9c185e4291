import { inflateSync } from 'node:zlib';
import { DEVICE_MODELS, GRADER_CATEGORIES, parseDeviceMessage, type Device, type DeviceMessage, type Lote, type MsgPes, type MsgSel, type Nucleo, type Padrao, type Silo } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { SEX_FACTOR, seededRandom, standardWeight } from '../demo/weighings.js';
import { loadPresets } from '../modules/standards/presets.js';
import { simulatedChipId } from './device.js';
import { graderBehaviour } from './models/grader.js';
import { Growth, localDay, localHour, localStamp } from './models/growth.js';
import { SCALE_SILENCE, inScaleSilence, scaleBehaviour } from './models/scale.js';
import { siloBehaviour } from './models/silo.js';
import type { Emitted, PesDraft } from './models/types.js';
import { shedPicture } from './picture.js';
import { behaviourFor, type AccountSnapshot } from './plan.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-02T09:00:00Z');
const [ross] = loadPresets();
const PLACE = { nucleo: 'Núcleo Teste', lote: 'Lote 7', linha: 'Ross 308', aviarios: ['Aviário 1', 'Aviário 2'], lados: 2, boxes: 3 };

const records = (messages: Emitted[]) => messages.filter((message): message is PesDraft => message.tipo === 'PES');
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const cv = (values: number[]) => {
  const average = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1)) / average;
};

describe('the owner\'s wall clock', () => {
  it('gives the same hour as the date text, and a new day at local midnight', () => {
    const random = seededRandom(17);
    for (let draw = 0; draw < 2000; draw++) {
      const at = START + Math.floor(random() * 400 * DAY) + Math.floor(random() * 1000);
      const timezone = [-3, 0, 5.5, -9.5, 14][draw % 5]!;
      expect(localHour(at, timezone), `${at} ${timezone}`).toBe(localStamp(at, timezone).hour);
      const { data } = localStamp(at, timezone);
      expect(new Date(localDay(at, timezone) * DAY).toISOString().slice(0, 10)).toBe(data);
    }
    // 02:59:59.999 UTC is still 23:59:59 of the day before at UTC−3.
    const beforeMidnight = Date.parse('2026-03-03T02:59:59.999Z');
    expect(localHour(beforeMidnight, -3)).toBe(23 + 59 / 60 + 59 / 3600);
    expect(localDay(beforeMidnight + 1, -3)).toBe(localDay(beforeMidnight, -3) + 1);
  });
});

describe('an automatic scale\'s platforms', () => {
  it('now and then one platform (box) sends no record for longer than an hour while the others go on', () => {
    const growth = new Growth(ross!.pontos, 21, START, 0);
    const scale = scaleBehaviour({ place: PLACE, growth, random: seededRandom(5), timezone: -3, platforms: true });
    const lastOf = new Map<string, number>();
    let longestGap = 0;
    for (let now = START; now < START + DAY; now += scale.intervalMs) {
      for (const record of records(scale.tick(now))) {
        if (record.box === SCALE_SILENCE.box) longestGap = Math.max(longestGap, now - (lastOf.get(record.box) ?? now));
        lastOf.set(record.box, now);
        expect(record.box === SCALE_SILENCE.box && inScaleSilence(now)).toBe(false);
      }
    }
    expect(longestGap).toBeGreaterThan(HOUR);
    expect(longestGap).toBeLessThan(SCALE_SILENCE.forMs + 15 * 60_000);
    expect(new Set(lastOf.keys())).toEqual(new Set(['1', '2', '3']));
  });
});

describe('growth', () => {
  it('runs the flock age SIM_SPEED times faster than the clock', () => {
    const growth = new Growth(ross!.pontos, 10.5, START, 24);
    expect(growth.age(START)).toBe(10.5);
    expect(growth.age(START + HOUR)).toBeCloseTo(11.5, 6);
    expect(growth.mean(START + 2 * HOUR)).toBeCloseTo(standardWeight(ross!.pontos, 12.5), 6);
  });

  it('a scale weighs each sex around the standard at the flock age, day after day, within the spread', () => {
    // One real hour is one simulated day: 35 days of a flock weighed in 35 hours of ticks.
    const growth = new Growth(ross!.pontos, 0, START, 24);
    const scale = scaleBehaviour({ place: PLACE, growth, random: seededRandom(11), timezone: -3 });
    const byDay = new Map<number, { M: number[]; F: number[] }>();
    for (let now = START; now < START + 35 * HOUR; now += scale.intervalMs) {
      for (const record of records(scale.tick(now))) {
        const day = byDay.get(record.idade_lote!) ?? { M: [], F: [] };
        day[record.sexo as 'M' | 'F'].push(record.peso);
        byDay.set(record.idade_lote!, day);
      }
    }
    expect([...byDay.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 35 }, (_, day) => day));
    for (const [day, weights] of byDay) {
      for (const sexo of ['M', 'F'] as const) {
        const list = weights[sexo];
        expect(list.length).toBeGreaterThan(100);
        // Within the day the flock grows from `day` to `day + 1`: the mean lies between the two, give or take the sampling error.
        const low = standardWeight(ross!.pontos, day) * SEX_FACTOR[sexo];
        const high = standardWeight(ross!.pontos, day + 1) * SEX_FACTOR[sexo];
        expect(mean(list)).toBeGreaterThan(low * 0.97);
        expect(mean(list)).toBeLessThan(high * 1.03);
        // The spread of a day's birds: CV of about 9 % (plus the day's growth).
        expect(cv(list)).toBeGreaterThan(0.06);
        expect(cv(list)).toBeLessThan(0.16);
      }
    }
  });

  it('a scale shows unstable readings, two birds at once and half-on birds, and records only stable single birds', () => {
    const scale = scaleBehaviour({ place: PLACE, growth: new Growth(ross!.pontos, 30, START), random: seededRandom(5), timezone: -3 });
    const readings: Array<{ peso: number; estavel: boolean; aves: number; recorded: boolean }> = [];
    for (let tick = 0; tick < 2_000; tick++) {
      const out = scale.tick(START + tick * 2_000);
      const peso = out[0]!;
      if (peso.tipo !== 'PESO') throw new Error('a scale tick starts with PESO');
      readings.push({ peso: peso.peso, estavel: peso.estavel, aves: peso.aves, recorded: out.some((message) => message.tipo === 'PES') });
      const pes = records(out)[0];
      if (pes) expect(pes.peso).toBe(peso.peso);
    }
    expect(readings.filter((reading) => !reading.estavel).length).toBeGreaterThan(300);
    expect(readings.some((reading) => reading.estavel && reading.aves === 2 && !reading.recorded)).toBe(true);
    expect(readings.filter((reading) => reading.recorded).every((reading) => reading.estavel && reading.aves === 1)).toBe(true);
    // A steady cadence: a record every few ticks.
    const recorded = readings.filter((reading) => reading.recorded).length;
    expect(recorded).toBeGreaterThan(350);
    expect(recorded).toBeLessThan(600);
  });
});

describe('silo', () => {
  it('drains with the flock through two daily peaks, never below zero, and a truck refills it', () => {
    const growth = new Growth(ross!.pontos, 20, START, 1);
    const silo = siloBehaviour({ capacidade_kg: 18_000, saldo_kg: 6_000, aves: 46_000, growth, random: seededRandom(3), timezone: -3 });
    let refills = 0;
    let wasRefilling = false;
    const drainByHour = new Array<number>(24).fill(0);
    let previous = silo.level;
    for (let now = START; now < START + 20 * DAY; now += 5 * 60_000) {
      const [reading] = silo.tick(now);
      if (reading?.tipo !== 'SILO') throw new Error('a silo tick sends SILO');
      expect(reading.peso_kg).toBeGreaterThanOrEqual(0);
      expect(silo.level).toBeGreaterThanOrEqual(0);
      expect(silo.level).toBeLessThanOrEqual(18_000);
      if (silo.refilling && !wasRefilling) refills++;
      // A truck fills it up: the level after unloading is near the top.
      if (!silo.refilling && wasRefilling) expect(silo.level).toBeGreaterThan(18_000 * 0.85);
      wasRefilling = silo.refilling;
      if (!silo.refilling && silo.level < previous) drainByHour[new Date(now - 3 * HOUR).getUTCHours()]! += previous - silo.level;
      previous = silo.level;
    }
    // 46 000 birds eat several tonnes a day: the silo ran low and was refilled many times.
    expect(refills).toBeGreaterThanOrEqual(5);
    // More is eaten at the morning peak than in the middle of the night.
    expect(drainByHour[7]!).toBeGreaterThan(drainByHour[2]! * 2);
  });

  it('usually refilled with more than two days of feed left; now and then the truck is late and it runs under a day', () => {
    const growth = new Growth(ross!.pontos, 20, START, 1);
    const aves = 20_000;
    const silo = siloBehaviour({ capacidade_kg: 18_000, saldo_kg: 9_000, aves, growth, random: seededRandom(5), timezone: -3 });
    const lowest: number[] = [];
    let low = Infinity;
    for (let now = START; now < START + 40 * DAY; now += 5 * 60_000) {
      silo.tick(now);
      if (silo.refilling && low !== Infinity) {
        // Hours of feed left when the truck came, at the day's pace.
        lowest.push((silo.level * 24_000) / (aves * growth.dailyFeed(now)));
        low = Infinity;
      } else if (!silo.refilling) low = Math.min(low, silo.level);
    }
    expect(lowest.filter((hours) => hours >= 48).length).toBeGreaterThan(lowest.length / 2);
    expect(lowest.some((hours) => hours < 24)).toBe(true);
  });
});

describe('grader', () => {
  it("sorts birds into the seven categories; the categories add up to the selection's total", () => {
    const grader = graderBehaviour({ modelo: 'SELAUTO', serie: 'G1', place: PLACE, growth: new Growth(ross!.pontos, 30, START), random: seededRandom(9), timezone: -3, sexo: 'F' });
    let last: MsgSel | undefined;
    let pes = 0;
    for (let tick = 0; tick < 1_500; tick++) {
      for (const message of grader.tick(START + tick * 2_000)) {
        if (message.tipo === 'SEL') last = message;
        if (message.tipo === 'PES') {
          pes++;
          expect(message.aviario).toBe(GRADER_CATEGORIES[Number(message.box) - 1]);
        }
      }
    }
    const sel = last!;
    expect(sel.categorias.map((category) => category.descricao)).toEqual([...GRADER_CATEGORIES]);
    const total = sel.categorias.reduce((sum, category) => sum + category.aves, 0);
    expect(total).toBe(pes);
    expect(sel.infoGeral.aves).toBe(total);
    expect(sel.seletoras[0]!.total_aves).toBe(total);
    expect(sel.categorias.reduce((sum, category) => sum + category.peso_total, 0)).toBeCloseTo(sel.infoGeral.peso_total, 0);
    // Bands around the mean: the middle categories hold most birds, every band some.
    expect(sel.categorias[3]!.aves + sel.categorias[4]!.aves).toBeGreaterThan(total * 0.3);
    expect(sel.categorias.every((category) => category.aves > 0)).toBe(true);
    expect(sel.seletoras[0]!.aves_hora).toBeGreaterThan(2_000);
  });
});

/** One device of every model on a small account: a farm with two houses, a flock, a silo. */
function account(): AccountSnapshot {
  const aviarios = [1, 2].map((id) => ({ id, nome: `Aviário ${id}`, lados: 2, boxes: 3, capacidade: 20_000, area_m2: 1500 }));
  const nucleo = { id: 1, nome: 'Núcleo Teste', aviarios } as Nucleo;
  const padrao = { id: 1, nome: ross!.nome, pontos: ross!.pontos.map((point) => ({ ...point })) } as Padrao;
  const lote = {
    id: 1, codigo: 'Lote 7', nucleo_id: 1, nucleo_nome: nucleo.nome, aviarios: aviarios.map(({ id, nome }) => ({ id, nome })),
    data_alojamento: '2026-02-01', data_encerramento: null, linhagem: 'Ross 308', padrao_id: 1, aves_atuais: 40_000, idade: 29, situacao: 'ativo',
  } as unknown as Lote;
  const devices = DEVICE_MODELS.map(
    (modelo, index) =>
      ({ id: index + 1, modelo, serie: `T${index}`, chip_id: index % 2 ? 'ABCDEF' : '', versao: '1.0', nucleo_id: 1, aviario_id: 1, nucleo_nome: nucleo.nome, aviario_nome: 'Aviário 1' }) as Device,
  );
  const silo = { id: 1, device_id: devices.find((device) => device.modelo === 'BSILO')!.id, capacidade_kg: 18_000, saldo_kg: 9_000, aviarios: lote.aviarios } as Silo;
  return { timezone: -3, devices, nucleos: [nucleo], lotes: [lote], padroes: [padrao], silos: [silo] };
}

describe('every message the simulator formats', () => {
  it('parses back, for its model, to the same message', async () => {
    const { formatDeviceMessage } = await import('@portal/shared');
    const snapshot = account();
    let seq = Date.now() * 1000;
    const seen = new Set<string>();
    for (const device of snapshot.devices) {
      const random = seededRandom(device.id);
      const behaviour = behaviourFor(device, snapshot, { now: START, speed: 1, random: () => random });
      const messages: DeviceMessage[] = [{ tipo: 'ID', modelo: device.modelo, serie: device.serie, chip_id: simulatedChipId(device), versao: device.versao }];
      for (let tick = 0; behaviour && tick < 200; tick++) {
        for (const message of behaviour.tick(START + tick * behaviour.intervalMs)) messages.push(message.tipo === 'PES' ? ({ ...message, seq: seq++ } as MsgPes) : message);
      }
      messages.push({ tipo: 'IMAGEM', pedido: 'p1', mime: 'image/png', base64: shedPicture('12:34:56', random).toString('base64') });
      for (const message of messages) {
        const parsed = parseDeviceMessage(formatDeviceMessage(message), device.modelo);
        expect(parsed, `${device.modelo} ${message.tipo}`).toEqual({ ok: true, message });
        seen.add(`${device.modelo}:${message.tipo}`);
      }
    }
    // Every model sends all it may (spec: MODEL_MESSAGES), the weighing models their records too.
    for (const modelo of ['CS', 'BD15PS', 'PS/SEL', 'FC', 'BL30PI', 'SELAUTO', 'SELAVES', 'COLETOR']) expect(seen.has(`${modelo}:PES`), modelo).toBe(true);
    for (const modelo of ['BSILO', 'SPSILO', 'SILO', 'SEQ', 'SEQFC']) expect(seen.has(`${modelo}:SILO`)).toBe(true);
    for (const [modelo, tipo] of [['MCALHA', 'CALHA'], ['SAC', 'CALHA'], ['DOSADOR', 'DOSE'], ['DOSADORP', 'DOSE'], ['COLETOR', 'COLETA'], ['SELAUTO', 'SEL']]) {
      expect(seen.has(`${modelo}:${tipo}`)).toBe(true);
    }
  });
});

describe('picture', () => {
  it('is a PNG of the shed under 60 KB that inflates to its 320×240 RGB rows', () => {
    const png = shedPicture('23:59:07', seededRandom(1), 90);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeLessThan(60 * 1024);
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(240);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((320 * 3 + 1) * 240);
  });
});
