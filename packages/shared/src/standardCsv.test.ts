import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStandardCsv } from './standardCsv.js';

// The presets the server offers (copies of the shared breed-standard figures).
const presets = new URL('../../server/src/modules/standards/presets/', import.meta.url);
const preset = (file: string) => readFileSync(new URL(file, presets), 'utf8');

const pointsOf = (text: string) => {
  const result = parseStandardCsv(text);
  if ('error' in result) throw new Error(`refused at line ${result.line}`);
  return result.pontos;
};

describe('parseStandardCsv', () => {
  it('reads the Ross 308 2019 preset, days 0-70 with gain, cumulative feed and FCR', () => {
    const points = pointsOf(preset('ross308-2019-as-hatched.csv'));
    expect(points).toHaveLength(71);
    expect(points[0]).toEqual({ idade: 0, peso: 43, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null });
    expect(points[1]).toEqual({ idade: 1, peso: 61, ganho_diario: 18, conversao: 0.206, consumo_acumulado: 13, mortalidade_pct: null });
    // README check: FCR = cumulative feed / weight at day 35 (3290 / 2235).
    expect(points[35]).toEqual({ idade: 35, peso: 2235, ganho_diario: 97, conversao: 1.473, consumo_acumulado: 3290, mortalidade_pct: null });
    expect(points.at(-1)).toMatchObject({ idade: 70, peso: 5250 });
  });

  it('reads the Cobb 500 2018 preset, skipping its daily-intake and average-gain columns', () => {
    const points = pointsOf(preset('cobb500-2018-as-hatched.csv'));
    expect(points).toHaveLength(64);
    expect(points[6]).toEqual({ idade: 6, peso: 163, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null });
    // daily_gain_g (30), not average_daily_gain_g (28); cumulative (145), not daily intake (empty).
    expect(points[7]).toEqual({ idade: 7, peso: 193, ganho_diario: 30, conversao: 0.76, consumo_acumulado: 145, mortalidade_pct: null });
    expect(points.at(-1)).toMatchObject({ idade: 63, peso: 4759, conversao: 2.04 });
  });

  it('reads a pt-BR spreadsheet export: semicolons, decimal commas, accents, units and a BOM', () => {
    const text = '\uFEFFIdade (dias);Peso médio (g);Ganho diário;Conversão alimentar;Consumo acumulado (g)\r\n'
      + '0;42,5;;;\r\n'
      + '7;"1.234,56";25,3;0,8215;150,0\r\n'
      + '\r\n'
      + '1;60;17,5;0,25;15\r\n';
    expect(pointsOf(text)).toEqual([
      { idade: 0, peso: 42.5, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 1, peso: 60, ganho_diario: 17.5, conversao: 0.25, consumo_acumulado: 15, mortalidade_pct: null },
      { idade: 7, peso: 1234.6, ganho_diario: 25.3, conversao: 0.822, consumo_acumulado: 150, mortalidade_pct: null },
    ]);
  });

  it('reads a cumulative mortality column (%), 2 decimals', () => {
    expect(pointsOf('Dia;Peso;Mortalidade acumulada (%)\n0;42;\n7;190;0,854\n')).toEqual([
      { idade: 0, peso: 42, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 7, peso: 190, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: 0.85 },
    ]);
    expect(parseStandardCsv('Dia;Peso;Mortality\n7;190;101\n')).toEqual({ error: 'CSV_INVALID', line: 2 });
  });

  it('recognises Spanish and English headers and tab separators', () => {
    expect(pointsOf('edad\tpeso\tganancia diaria\tconversión\n0\t40\t\t\n1\t58.5\t18.5\t0.2\n')).toEqual([
      { idade: 0, peso: 40, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 1, peso: 58.5, ganho_diario: 18.5, conversao: 0.2, consumo_acumulado: null, mortalidade_pct: null },
    ]);
    expect(pointsOf('Weight,Day,CA\n42,0,\n"61,5",1,"0,3"\n')).toEqual([
      { idade: 0, peso: 42, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 1, peso: 61.5, ganho_diario: null, conversao: 0.3, consumo_acumulado: null, mortalidade_pct: null },
    ]);
  });

  it('turns weights and feed headed in kilograms into grams', () => {
    expect(pointsOf('Dia;Peso (kg);Ganho diário (kg);CA;Consumo acumulado kg\n35;2,235;0,097;1,473;3,29\n')).toEqual([
      { idade: 35, peso: 2235, ganho_diario: 97, conversao: 1.473, consumo_acumulado: 3290, mortalidade_pct: null },
    ]);
    expect(pointsOf('day,body_weight_kg\n0,0.043\n').map((point) => point.peso)).toEqual([43]);
  });

  it('reads a file without a header as day then weight', () => {
    expect(pointsOf('0;42\n1;61,5\n')).toEqual([
      { idade: 0, peso: 42, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
      { idade: 1, peso: 61.5, ganho_diario: null, conversao: null, consumo_acumulado: null, mortalidade_pct: null },
    ]);
    expect(pointsOf('0,42\n1,61\n').map((point) => point.peso)).toEqual([42, 61]);
  });

  it.each([
    ['an empty file', '', undefined],
    ['a header without a weight column', 'dia;ganho\n0;10\n', 1],
    ['a header without a day column', 'peso;fcr\n42;1\n', 1],
    ['a header naming the weight twice', 'dia;peso;weight\n0;42;42\n', 1],
    ['a single column', 'dia\n0\n', 1],
    ['a header and no rows', 'dia;peso\n', undefined],
    ['a non-numeric weight', 'dia;peso\n0;42\n1;abc\n', 3],
    ['a non-numeric optional cell', 'dia;peso;fcr\n0;42;x\n', 2],
    ['a day with a fraction', 'dia;peso\n0,5;42\n', 2],
    ['a missing weight', 'dia;peso\n0;42\n1;\n', 3],
    ['a repeated day', 'dia;peso\n0;42\n1;60\n0;43\n', 4],
    ['a day past the last a standard holds', 'dia;peso\n201;42\n', 2],
    ['a negative weight', 'dia;peso\n0;-1\n', 2],
    ['an unclosed quote', 'dia;peso\n0;"42\n', 2],
  ])('refuses %s', (_name, text, line) => {
    expect(parseStandardCsv(text)).toEqual(line === undefined ? { error: 'CSV_INVALID' } : { error: 'CSV_INVALID', line });
  });
});
