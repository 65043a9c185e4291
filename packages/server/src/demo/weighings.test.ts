import { computeStats, GRADER_CATEGORIES, type Lote } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { loadPresets } from '../modules/standards/presets.js';
import type { SampleData } from './sample-data.js';
import { demoWeighingFiles, DEMO_GRADER_BIRDS_PER_DAY } from './weighing-files.js';
import {
  DEMO_CSV_HEADER,
  DEMO_DOUBLES,
  DEMO_MIXED_BIRDS,
  DEMO_MIXED_SEX,
  DEMO_PARTIALS,
  flockWeighings,
  graderCategory,
  graderWeighings,
  hatchWeighings,
  SEX_FACTOR,
  seededRandom,
  standardWeight,
  weighingCsv,
  type DemoFlockPlan,
  type DemoWeighingRow,
} from './weighings.js';

const [ross] = loadPresets();
const dg = (rows: DemoWeighingRow[]) => rows.map((row) => Math.round(row.peso * 10));
const statsOf = (rows: DemoWeighingRow[]) => computeStats(dg(rows));

const PLAN: DemoFlockPlan = {
  lote: 'L1',
  nucleo: 'Farm',
  alojamento: '2026-01-01',
  linha: 'Ross 308',
  pontos: ross!.pontos,
  aviarios: [
    { nome: 'Aviário 1', fator: 1 },
    { nome: 'Aviário 2', fator: 0.95 },
  ],
  idades: [{ idade: 14 }, { idade: 21, fator: 0.9, obs: 'hot day' }, { idade: 28 }],
  serie_balanca: 'S1',
  lados: 2,
  boxes: 3,
  aves: 20,
};

describe('the demo weighing generator', () => {
  it('draws the same numbers from the same seed, different ones from another, all in [0, 1)', () => {
    const first = Array.from({ length: 1000 }, seededRandom(7));
    expect(Array.from({ length: 1000 }, seededRandom(7))).toEqual(first);
    expect(Array.from({ length: 1000 }, seededRandom(8))).not.toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('reads the standard between its points and holds it past its ends', () => {
    const pontos = [
      { idade: 0, peso: 40 },
      { idade: 10, peso: 240 },
    ];
    expect(standardWeight(pontos, 5)).toBe(140);
    expect(standardWeight(pontos, -1)).toBe(40);
    expect(standardWeight(pontos, 30)).toBe(240);
  });

  it('grows along the standard by age and sex with a CV of about 9 %, a lighter house and a lagging day', () => {
    const rows = flockWeighings(PLAN, 1);
    expect(rows).toHaveLength(3 * 2 * 2 * 3 * 2 * 20);
    for (const { idade, fator = 1 } of PLAN.idades) {
      for (const sexo of ['M', 'F'] as const) {
        const group = rows.filter((row) => row.idade_lote === idade && row.sexo === sexo && row.aviario === 'Aviário 1');
        const stats = statsOf(group);
        const expected = standardWeight(ross!.pontos, idade) * fator * SEX_FACTOR[sexo];
        expect(Math.abs(stats.pesoMedio! / expected - 1)).toBeLessThan(0.03);
        expect(stats.cv).toBeGreaterThan(7);
        expect(stats.cv).toBeLessThan(11);
      }
      const day = rows.filter((row) => row.idade_lote === idade);
      const ratio = statsOf(day.filter((row) => row.aviario === 'Aviário 2')).pesoMedio! / statsOf(day.filter((row) => row.aviario === 'Aviário 1')).pesoMedio!;
      expect(ratio).toBeGreaterThan(0.92);
      expect(ratio).toBeLessThan(0.98);
    }
    const dates = [...new Set(rows.map((row) => row.data))];
    expect(dates).toEqual(['2026-01-15', '2026-01-22', '2026-01-29']);
    expect(rows.filter((row) => row.obs !== '').map((row) => [row.data, row.obs])).toEqual([['2026-01-22', 'hot day']]);
    expect(new Set(rows.map((row) => `${row.lado}/${row.box}`))).toEqual(new Set(['1/1', '1/2', '1/3', '2/1', '2/2', '2/3']));
    const scored = rows.filter((row) => row.score !== null);
    expect(scored.length / rows.length).toBeGreaterThan(0.25);
    expect(new Set(scored.map((row) => row.score))).toEqual(new Set([0, 1, 2]));
    expect(rows.every((row) => Math.abs(row.peso * 10 - Math.round(row.peso * 10)) < 1e-6 && row.peso > 0)).toBe(true);
    expect(flockWeighings(PLAN, 1)).toEqual(rows);
  });

  it("weighs a mixed house as 'X', males and females at random with doubles and partial birds, leaving the other house as it was", () => {
    const plan = { ...PLAN, idades: [{ idade: 28 }, { idade: 35 }], boxes: 6, aves: 50 };
    const sexed = flockWeighings(plan, 11);
    const rows = flockWeighings({ ...plan, aviarios: [PLAN.aviarios[0]!, { ...PLAN.aviarios[1]!, misto: true }] }, 11);
    const house = (list: DemoWeighingRow[], nome: string) => list.filter((row) => row.aviario === nome);
    expect(house(rows, 'Aviário 1')).toEqual(house(sexed, 'Aviário 1'));
    const mixed = house(rows, 'Aviário 2');
    // Its platform scale: DEMO_MIXED_BIRDS a day at one spot.
    expect(mixed).toHaveLength(DEMO_MIXED_BIRDS * plan.idades.length);
    expect(new Set(mixed.map((row) => `${row.sexo}|${row.lado}|${row.box}`))).toEqual(new Set([`${DEMO_MIXED_SEX}|1|1`]));
    // The plate's faults, against the house's target weight: two birds (≥ 1.6×) and part of one (≤ 0.65×).
    const target = (row: DemoWeighingRow) => standardWeight(ross!.pontos, row.idade_lote!) * PLAN.aviarios[1]!.fator;
    const doubles = mixed.filter((row) => row.peso > 1.6 * target(row)).length / mixed.length;
    const partials = mixed.filter((row) => row.peso < 0.65 * target(row)).length / mixed.length;
    expect(doubles).toBeGreaterThan(DEMO_DOUBLES / 3);
    expect(doubles).toBeLessThan(DEMO_DOUBLES * 2);
    expect(partials).toBeGreaterThan(DEMO_PARTIALS / 4);
    expect(partials).toBeLessThan(DEMO_PARTIALS * 2);
    // Without its faults, the house weighs as its sexes together: the sexed house's mean within 2 %.
    const clean = mixed.filter((row) => row.peso <= 1.6 * target(row) && row.peso >= 0.65 * target(row));
    expect(statsOf(clean).pesoMedio! / statsOf(house(sexed, 'Aviário 2')).pesoMedio!).toBeGreaterThan(0.98);
    expect(statsOf(clean).pesoMedio! / statsOf(house(sexed, 'Aviário 2')).pesoMedio!).toBeLessThan(1.02);
  });

  it('sorts a grader day into all seven categories by the set point, the category in aviario', () => {
    const rows = graderWeighings({ ...PLAN, idades: [35], aves: DEMO_GRADER_BIRDS_PER_DAY }, 3);
    expect(rows).toHaveLength(DEMO_GRADER_BIRDS_PER_DAY);
    const setPoint = standardWeight(ross!.pontos, 35);
    for (const row of rows) {
      const category = graderCategory(row.peso, setPoint);
      expect(row.aviario).toBe(GRADER_CATEGORIES[category]);
      expect(row.box).toBe(String(category + 1));
    }
    const counts = GRADER_CATEGORIES.map((name) => rows.filter((row) => row.aviario === name).length);
    expect(counts.every((count) => count > 0)).toBe(true);
    // The middle categories hold most birds, each far more uniform than the whole population.
    const whole = statsOf(rows);
    const average = statsOf(rows.filter((row) => row.aviario === 'Average 1'));
    expect(average.uni!).toBeGreaterThan(whole.uni!);
    expect(average.cv!).toBeLessThan(whole.cv!);
  });

  it('weighs chicks of a hatch per incubator at about the hatch weight', () => {
    const rows = hatchWeighings({ lote: 'H1', nucleo: 'Hatchery', data: '2026-02-01', incubadoras: ['I1', 'I2'], linha: 'Ross 308', peso: 42, aves: 150, serie_balanca: 'B' }, 9);
    expect(rows).toHaveLength(300);
    const mean = statsOf(rows).pesoMedio!;
    expect(mean).toBeGreaterThan(39);
    expect(mean).toBeLessThan(44);
    expect(new Set(rows.map((row) => row.aviario))).toEqual(new Set(['I1', 'I2']));
    expect(rows.every((row) => row.idade_lote === 0 && row.linha === 'Ross 308')).toBe(true);
  });

  it('writes a scale export: the header of section 3, ";" separators, decimal comma, dd/mm/yyyy', () => {
    const rows = flockWeighings({ ...PLAN, idades: [{ idade: 21, obs: 'hot day' }], aviarios: [PLAN.aviarios[0]!], lados: 1, boxes: 1, aves: 2 }, 4);
    const lines = weighingCsv(rows).split('\r\n');
    expect(lines[0]).toBe(DEMO_CSV_HEADER.join(';'));
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines.at(-1)).toBe('');
    const cells = lines[1]!.split(';');
    expect(cells).toHaveLength(DEMO_CSV_HEADER.length);
    expect(cells.slice(0, 8)).toEqual(['22/01/2026', rows[0]!.hora, 'Farm', 'L1', 'Aviário 1', '1', '1', 'M']);
    expect(cells[8]).toBe(rows[0]!.peso.toFixed(1).replace('.', ','));
    expect(cells[9]).toBe('21');
    expect(cells[13]).toBe('hot day');
  });

  it('gives the demo a bird file per flock, a grader file and a chick file: the same on the same day, tens of thousands of rows at most', () => {
    const data = fakeSampleData();
    const files = demoWeighingFiles(data, '2026-03-10');
    expect(files.map((file) => file.arquivo)).toEqual([
      'lote-101-balanca-aves.csv',
      'lote-102-balanca-aves.csv',
      'lote-201-balanca-aves.csv',
      'lote-095-balanca-plataforma.csv',
      'lote-101-seletora.csv',
      'incubatorio-balanca-pintos.csv',
    ]);
    const total = files.reduce((sum, file) => sum + file.linhas, 0);
    expect(total).toBeGreaterThan(5_000);
    expect(total).toBeLessThan(30_000);
    for (const file of files) expect(file.csv.split('\r\n')).toHaveLength(file.linhas + 2);
    expect(demoWeighingFiles(data, '2026-03-10')).toEqual(files);
    // The last weighing of Lote 101 is today; the grader's last day too.
    expect(files[0]!.csv).toContain('\r\n10/03/2026;');
    expect(files[4]!.csv).toContain('\r\n10/03/2026;');
    expect(files[4]!.linhas).toBe(3 * DEMO_GRADER_BIRDS_PER_DAY);
  });
});

/** The shape createSampleData answers, with just what the weighing files read. */
function fakeSampleData(): SampleData {
  const [rossPreset, cobbPreset] = loadPresets();
  const padroes = [
    { id: 1, linhagem: 'Ross 308', pontos: rossPreset!.pontos },
    { id: 2, linhagem: 'Cobb 500', pontos: cobbPreset!.pontos },
  ];
  const lote = (id: number, codigo: string, nucleo: string, houses: string[], padrao: number, placed: string, closed: string | null = null) =>
    ({
      id,
      codigo,
      nucleo_nome: nucleo,
      aviarios: houses.map((nome, index) => ({ id: id * 10 + index, nome })),
      data_alojamento: placed,
      data_encerramento: closed,
      linhagem: padroes[padrao - 1]!.linhagem,
      padrao_id: padrao,
    }) as Lote;
  const devices = ['CS', 'BD15PS', 'SELAUTO', 'BL30PI'].map((modelo, index) => ({ id: index + 1, modelo, serie: `DEMO-${modelo}` }));
  return {
    padroes,
    lotes: [
      lote(1, 'Lote 101', 'Santa Clara', ['Aviário 1', 'Aviário 2'], 1, '2026-02-03'),
      lote(2, 'Lote 102', 'Santa Clara', ['Aviário 3'], 2, '2026-02-17'),
      lote(3, 'Lote 201', 'Boa Esperança', ['Aviário 1', 'Aviário 2'], 1, '2026-03-03'),
      lote(4, 'Lote 095', 'Santa Clara', ['Aviário 4'], 2, '2026-01-07', '2026-02-20'),
    ],
    incubacoes: [lote(5, 'Eclosão 23/02', 'Incubatório', ['Incubadora 1', 'Incubadora 2'], 1, '2026-02-23', '2026-02-23')],
    devices,
  } as unknown as SampleData;
}
