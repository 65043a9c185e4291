import type { ColetaValores, HistoricoPontoColeta } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from '../../components/reports/hostileNames.testing';
import { csvText } from '../../components/reports/reportText';
import { CSV_HEADER, historyCsvName, historyCsvRows, historyRows } from './historyTable';

const EMPTY: ColetaValores = { coletas: null, machos: null, femeas: null, aves: null, peso_total_kg: null, pesoMedio: null, sexo: null };
const batch = (machos: number, femeas: number, kg: number, pm: number, sexo: ColetaValores['sexo']): ColetaValores => ({
  coletas: 1, machos, femeas, aves: machos + femeas, peso_total_kg: kg, pesoMedio: pm, sexo,
});

const HISTORY: HistoricoPontoColeta = {
  id: 7, nome: 'Ponto A', nucleo_nome: 'Granja', aviario_nome: null, di: '2026-03-01', df: '2026-03-02', timezone: -3,
  coletores: [
    { serie: 'COL-1', device_id: 1, nome: 'Norte', registrado: true, dias: [{ data: '2026-03-01', ...batch(12, 8, 50, 2500.1, 'M') }, { data: '2026-03-02', ...EMPTY }], total: batch(12, 8, 50, 2500.1, 'M') },
    { serie: 'GONE', device_id: null, nome: null, registrado: false, dias: [{ data: '2026-03-01', ...EMPTY }, { data: '2026-03-02', ...EMPTY }], total: EMPTY },
  ],
  dias: [{ data: '2026-03-01', ...batch(12, 8, 50, 2500.1, 'M') }, { data: '2026-03-02', ...EMPTY }],
  total: batch(12, 8, 50, 2500.1, 'M'),
};

describe('collection history table', () => {
  it('lists each day per collector then its total, then the collectors’ and the point’s period totals', () => {
    expect(historyRows(HISTORY).map((row) => [row.kind, row.data, row.serie])).toEqual([
      ['coletor', '2026-03-01', 'COL-1'],
      ['coletor', '2026-03-01', 'GONE'],
      ['dia', '2026-03-01', null],
      ['coletor', '2026-03-02', 'COL-1'],
      ['coletor', '2026-03-02', 'GONE'],
      ['dia', '2026-03-02', null],
      ['totalColetor', null, 'COL-1'],
      ['totalColetor', null, 'GONE'],
      ['total', null, null],
    ]);
  });

  it('has no day totals for a single collector', () => {
    const single = { ...HISTORY, coletores: [HISTORY.coletores[0]!] };
    expect(historyRows(single).map((row) => row.kind)).toEqual(['coletor', 'coletor', 'total']);
  });

  it('writes the CSV in the separator and decimal mark asked, empty days as empty cells', () => {
    const texts = { dayTotal: 'Total do dia', period: '2026-03-01/2026-03-02', total: 'Total do ponto', notRegistered: 'não cadastrado' };
    const rows = historyCsvRows(historyRows(HISTORY), texts);
    const pt = csvText({ locale: 'pt-BR', separator: ';' }, CSV_HEADER, rows).split('\r\n');
    expect(pt[0]).toBe('data;serie;coletor;coletas;machos;femeas;aves;peso_total_kg;pesoMedio;sexo');
    expect(pt[1]).toBe('2026-03-01;COL-1;Norte;1;12;8;20;50;2500,1;M');
    expect(pt[2]).toBe('2026-03-01;GONE;não cadastrado;;;;;;;');
    expect(pt[4]).toBe('2026-03-02;COL-1;Norte;;;;;;;');
    expect(pt[9]).toBe('2026-03-01/2026-03-02;;Total do ponto;1;12;8;20;50;2500,1;M');
    // A decimal comma under a comma separator is quoted.
    const comma = csvText({ locale: 'pt-BR', separator: ',' }, CSV_HEADER, rows).split('\r\n');
    expect(comma[1]).toBe('2026-03-01,COL-1,Norte,1,12,8,20,50,"2500,1",M');
    const en = csvText({ locale: 'en-US', separator: ',' }, CSV_HEADER, rows).split('\r\n');
    expect(en[1]).toBe('2026-03-01,COL-1,Norte,1,12,8,20,50,2500.1,M');
    expect(historyCsvName(HISTORY)).toBe('coleta_7_2026-03-01_2026-03-02.csv');
  });

  it('defuses collector names and serials written like formulas', () => {
    const [named, gone] = HISTORY.coletores;
    const hostile = { ...HISTORY, coletores: [{ ...named!, nome: HOSTILE.device, serie: HOSTILE.side }, { ...gone!, serie: HOSTILE.house }] };
    const texts = { dayTotal: 'Total do dia', period: '2026-03-01/2026-03-02', total: 'Total do ponto', notRegistered: 'não cadastrado' };
    for (const { separator, cells } of csvInEverySeparator(CSV_HEADER, historyCsvRows(historyRows(hostile), texts))) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells[1]!.slice(0, 4), separator).toEqual(['2026-03-01', `'${HOSTILE.side}`, `'${HOSTILE.device}`, '1']);
      expect(cells[2]!.slice(0, 3), separator).toEqual(['2026-03-01', `'${HOSTILE.house}`, 'não cadastrado']);
    }
  });
});
