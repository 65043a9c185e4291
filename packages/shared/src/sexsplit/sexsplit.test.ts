import { describe, expect, it } from 'vitest';
import { mulberry32, standardNormal } from '../forecast/random.js';
import { SEPARACAO_AVES_MINIMAS } from '../schemas/sexSplit.js';
import { contarPesos, normalCdf, separarSexos, SEPARACAO_D_MINIMO, type SeparacaoCalculo } from './index.js';

interface Grupo {
  media: number;
  desvio: number;
}

/** n weights (g, 0.1 g as a scale stores them): a male of `machos` share from `m`, else a female from `f`. */
function mistura(seed: number, n: number, machos: number, m: Grupo, f: Grupo): number[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const z = standardNormal(random);
    const grupo = random() < machos ? m : f;
    return Math.round((grupo.media + grupo.desvio * z) * 10) / 10;
  });
}

const MACHOS: Grupo = { media: 2600, desvio: 260 };
const FEMEAS: Grupo = { media: 2200, desvio: 200 };
const RAZAO = 2600 / 2200;
const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1);
/** Many fits per test: room for a loaded machine (no speed is asserted here; bench/ does that). */
const MANY_FITS = { timeout: 60_000 };

/** The check: both means within 3 %, the male share within 5 points of the truth. */
function expectTruth(answer: SeparacaoCalculo, machos: number) {
  expect(answer.situacao).toBe('ok');
  const [macho, femea] = answer.sexos;
  expect(macho!.sexo).toBe('macho');
  expect(femea!.sexo).toBe('femea');
  expect(Math.abs(macho!.peso_medio_g / MACHOS.media - 1)).toBeLessThan(0.03);
  expect(Math.abs(femea!.peso_medio_g / FEMEAS.media - 1)).toBeLessThan(0.03);
  expect(Math.abs(macho!.proporcao_pct - machos * 100)).toBeLessThan(5);
}

describe('the sex split of a mixed weighing', MANY_FITS, () => {
  it('finds the sexes of 2,000 birds of a 50/50 mixture of N(2600, 260) and N(2200, 200) with the ratio given, on every seed', () => {
    for (const seed of SEEDS) expectTruth(separarSexos({ pesos_g: mistura(seed, 2000, 0.5, MACHOS, FEMEAS), razao_esperada: RAZAO, macho_alojado: null }), 0.5);
  });

  it('finds them with the ratio left free too', () => {
    for (const seed of SEEDS) {
      const answer = separarSexos({ pesos_g: mistura(seed, 2000, 0.5, MACHOS, FEMEAS), razao_esperada: null, macho_alojado: null });
      expectTruth(answer, 0.5);
      expect(Math.abs(answer.razao_ajustada! / RAZAO - 1)).toBeLessThan(0.03);
    }
  });

  it('finds a 70/30 flock when the placed male share is known', () => {
    for (const seed of SEEDS) expectTruth(separarSexos({ pesos_g: mistura(seed, 2000, 0.7, MACHOS, FEMEAS), razao_esperada: RAZAO, macho_alojado: 0.7 }), 0.7);
  });

  it('refuses one normal, N(2400, 240) of 2,000 birds, with the ratio given or free, on every seed tried', () => {
    const uma: Grupo = { media: 2400, desvio: 240 };
    for (const seed of SEEDS.slice(0, 12)) {
      for (const razao_esperada of [RAZAO, null]) {
        const answer = separarSexos({ pesos_g: mistura(seed, 2000, 0.5, uma, uma), razao_esperada, macho_alojado: null });
        expect(answer).toMatchObject({ situacao: 'um_grupo', aves: 2000, sexos: [], confianca_pct: null, separacao_d: null });
        expect(answer.ganho!).toBeLessThanOrEqual(answer.ganho_minimo!);
      }
    }
  });

  it('refuses fewer birds than the minimum, and tries the minimum', () => {
    const pesos = mistura(1, SEPARACAO_AVES_MINIMAS, 0.5, MACHOS, FEMEAS);
    expect(separarSexos({ pesos_g: pesos.slice(1), razao_esperada: RAZAO, macho_alojado: null })).toMatchObject({ situacao: 'poucas_aves', aves: SEPARACAO_AVES_MINIMAS - 1, sexos: [] });
    expect(separarSexos({ pesos_g: [], razao_esperada: null, macho_alojado: null })).toMatchObject({ situacao: 'poucas_aves', aves: 0, peso_medio_g: null });
    expect(separarSexos({ pesos_g: pesos, razao_esperada: RAZAO, macho_alojado: null }).situacao).not.toBe('poucas_aves');
  });

  it('says the ratio is incompatible when two groups are clear but far from the expected ratio', () => {
    for (const seed of SEEDS.slice(0, 5)) {
      const answer = separarSexos({ pesos_g: mistura(seed, 2000, 0.5, MACHOS, FEMEAS), razao_esperada: 1.05, macho_alojado: null });
      expect(answer).toMatchObject({ situacao: 'razao_incompativel', sexos: [] });
      expect(answer.razao_ajustada!).toBeGreaterThan(1.12);
    }
  });

  it('answers consistent per-sex figures, the same whatever the order, for 10,000 birds', () => {
    const pesos = mistura(7, 10_000, 0.5, MACHOS, FEMEAS);
    const answer = separarSexos({ pesos_g: pesos, razao_esperada: RAZAO, macho_alojado: 0.5 });
    expectTruth(answer, 0.5);
    expect(separarSexos({ pesos_g: [...pesos].reverse(), razao_esperada: RAZAO, macho_alojado: 0.5 })).toEqual(answer);
    const [macho, femea] = answer.sexos;
    expect(macho!.aves + femea!.aves).toBe(10_000);
    expect(macho!.proporcao_pct + femea!.proporcao_pct).toBeCloseTo(100, 1);
    for (const grupo of answer.sexos) {
      expect(grupo.cv_pct).toBeCloseTo((grupo.desvio_g / grupo.peso_medio_g) * 100, 1);
      // Within ±10 % of the mean under the group's normal.
      expect(grupo.uniformidade_pct).toBeCloseTo((2 * normalCdf(10 / grupo.cv_pct) - 1) * 100, 0);
    }
    expect(macho!.peso_medio_g / femea!.peso_medio_g).toBeCloseTo(RAZAO, 2);
    expect(answer.separacao_d!).toBeGreaterThan(SEPARACAO_D_MINIMO);
    // Two normals 1.7 SD apart: about 4 birds in 5 are assigned surely.
    expect(answer.confianca_pct!).toBeGreaterThan(75);
    expect(answer.confianca_pct!).toBeLessThan(90);
    expect(answer.peso_medio_g!).toBeCloseTo(pesos.reduce((sum, peso) => sum + peso, 0) / pesos.length, 0);
  });

  it('counts weights per 1 g bin, skipping what is not a weight', () => {
    const counted = contarPesos([2000.2, 1999.6, 2001.4, 0, -5, Number.NaN, Infinity]);
    expect(counted.total).toBe(3);
    expect([...counted.centros]).toEqual([2000, 2001]);
    expect([...counted.aves]).toEqual([2, 1]);
    expect(counted.media).toBeCloseTo(2000.4, 6);
  });

  it('reads the standard normal curve', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});
