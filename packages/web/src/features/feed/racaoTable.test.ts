import type { Lote, RacaoResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from '../../components/reports/hostileNames.testing';
import { csvText } from '../../components/reports/reportText';
import { racaoDay } from './racaoDay.testing';
import { flockLife, flocksForPicker, racaoCsv, racaoCsvName, type CsvTexts } from './racaoTable';

const lote = (id: number, codigo: string, situacao: Lote['situacao'], data_encerramento: string | null = null) =>
  ({ id, codigo, situacao, data_alojamento: '2026-01-01', data_encerramento }) as Lote;

const report = {
  header: {
    lote: { id: 9, codigo: 'L 12/B', data_alojamento: '2026-11-01', data_encerramento: null, aves_alojadas: 1000, situacao: 'ativo' },
    silos: [{ id: 7, nome: 'Silo 1', fonte: 'balanca', device_id: 1, aviarios: [{ id: 3, nome: 'A1' }, { id: 4, nome: 'A2' }], aviarios_lote: [3] }],
    aviarios: [{ id: 3, nome: 'A1' }],
    di: '2026-10-01',
    df: '2026-11-02',
    inicio: '2026-11-01',
    fim: '2026-11-02',
  },
  dias: [
    racaoDay('2026-11-01', {}),
    racaoDay('2026-11-02', {
      idade: 1,
      consumo_kg: 50.1,
      completo: true,
      silos: [{ id: 7, consumo_kg: 100.1, parte_kg: 50.1, sem_aves_kg: 0 }],
      aviarios: [{ id: 3, consumo_kg: 50.1 }],
      acumulado_kg: 50.1,
      g_ave_dia: 50.1,
      conversao: 1.234,
    }),
  ],
} as unknown as RacaoResponse;

const texts: CsvTexts = {
  columns: {
    data: 'Data', idade: 'Idade', aves_vivas: 'Aves', consumo_kg: 'Consumo', completo: 'Completo', acumulado_kg: 'Acumulado',
    acumulado_completo: 'AcumCompleto', g_ave_dia: 'g', consumo_acumulado_g_ave: 'gAcum', consumo_acumulado_padrao_g: 'gPadrao',
    peso_medio_g: 'Peso', aves_pesadas: 'Pesadas', ganho_kg: 'Ganho', conversao: 'CA', conversao_padrao: 'CAPadrao',
  },
  siloTotal: (silo) => `${silo} total`,
  siloShare: (silo) => `${silo} lote`,
  siloNoBirds: (silo) => `${silo} sem aves`,
  house: (house) => `${house} kg`,
  yes: 'Sim',
  no: 'Não',
};

describe('feed report table', () => {
  it('lists active flocks first, then closed ones newest first', () => {
    const ordered = flocksForPicker([lote(1, 'L-10', 'ativo'), lote(2, 'L-2', 'encerrado', '2026-01-05'), lote(3, 'L-2', 'ativo'), lote(4, 'L-9', 'encerrado', '2026-03-01')]);
    expect(ordered.map((item) => item.id)).toEqual([3, 1, 4, 2]);
  });

  it("takes the flock's life as the default period, within the longest period", () => {
    expect(flockLife({ data_alojamento: '2026-09-01', data_encerramento: '2026-10-12' }, '2026-11-22', 731)).toEqual({ di: '2026-09-01', df: '2026-10-12' });
    expect(flockLife({ data_alojamento: '2026-11-01', data_encerramento: null }, '2026-11-22', 731)).toEqual({ di: '2026-11-01', df: '2026-11-22' });
    expect(flockLife({ data_alojamento: '2020-01-01', data_encerramento: null }, '2026-11-22', 10)).toEqual({ di: '2026-11-12', df: '2026-11-22' });
    expect(flockLife({ data_alojamento: null, data_encerramento: null }, '2026-11-22', 731)).toBeNull();
  });

  it('writes one CSV line per day with every silo and house, empty cells for days without data', () => {
    const { header, rows } = racaoCsv(report, texts);
    expect(header).toEqual([
      'Data', 'Idade', 'Aves', 'Consumo', 'Completo', 'Silo 1 total', 'Silo 1 lote', 'Silo 1 sem aves', 'A1 kg', 'Acumulado', 'AcumCompleto', 'g', 'gAcum', 'gPadrao', 'Peso', 'Pesadas', 'Ganho', 'CA', 'CAPadrao',
    ]);
    expect(rows.every((row) => row.length === header.length)).toBe(true);
    const text = csvText({ locale: 'pt-BR', separator: ';' }, header, rows);
    expect(text.split('\r\n')[1]).toBe('2026-11-01;0;1000;;Não;;;;;0;Não;;;;;0;;;');
    expect(text.split('\r\n')[2]).toBe('2026-11-02;1;1000;50,1;Sim;100,1;50,1;0;50,1;50,1;Não;50,1;;;;0;;1,234;');
    // Under ',' a decimal comma is quoted.
    expect(csvText({ locale: 'pt-BR', separator: ',' }, header, rows).split('\r\n')[2]).toContain('"50,1"');
    expect(racaoCsvName(report)).toBe('racao_L-12-B_2026-11-01_2026-11-02.csv');
  });

  it('defuses silo and house names written like formulas in the CSV header (the translations start with the name); negative gains stay numbers', () => {
    const silo = { ...report.header.silos[0]!, nome: HOSTILE.farm };
    const hostile = {
      ...report,
      header: { ...report.header, silos: [silo], aviarios: [{ id: 3, nome: HOSTILE.house }] },
      dias: [racaoDay('2026-11-02', { ganho_kg: -2.5 })],
    } as RacaoResponse;
    const { header, rows } = racaoCsv(hostile, texts);
    for (const { separator, cells } of csvInEverySeparator(header, rows)) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells[0], separator).toEqual(expect.arrayContaining([`'${HOSTILE.farm} total`, `'${HOSTILE.farm} lote`, `'${HOSTILE.house} kg`]));
      expect(cells[1], separator).toContain('-2,5');
    }
  });
});
