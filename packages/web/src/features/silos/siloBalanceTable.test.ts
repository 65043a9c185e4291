import type { SiloLeiturasResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from '../../components/reports/hostileNames.testing';
import { balanceCsv, balanceCsvName, balanceTotals, localStampOf, pendingDeliveries } from './siloBalanceTable';

const report: Pick<SiloLeiturasResponse, 'silo' | 'di' | 'df' | 'dias' | 'entregas'> = {
  silo: { id: 7, nome: 'Silo 1 / Norte', capacidade_kg: 20000 },
  di: '2026-03-06',
  df: '2026-03-08',
  dias: [
    { data: '2026-03-06', inicio_kg: 5000, fim_kg: 7999.6, entregas_kg: 4000, consumo_kg: 1000.4 },
    { data: '2026-03-07', inicio_kg: null, fim_kg: null, entregas_kg: 0, consumo_kg: null },
    { data: '2026-03-08', inicio_kg: 6799.6, fim_kg: 8699.5, entregas_kg: 3000.1, consumo_kg: 1100.2 },
  ],
  entregas: [
    { em: 1, ate: 2, antes_kg: 1, depois_kg: 4001, quantidade_kg: 4000, situacao: 'confirmada', movimento_id: 3, quantidade_confirmada_kg: 4000, corrigida: false },
    { em: 5, ate: 6, antes_kg: 1, depois_kg: 3001, quantidade_kg: 3000, situacao: 'pendente', movimento_id: null, quantidade_confirmada_kg: null, corrigida: false },
  ],
};

describe('silo balance table', () => {
  it('totals: deliveries of every day, consumption of the days with data (exact in tenths), empty days counted', () => {
    expect(balanceTotals(report)).toEqual({ entregas_kg: 7000.1, consumo_kg: 2100.6, dias_sem_dados: 1 });
    expect(balanceTotals({ dias: [report.dias[1]!] })).toEqual({ entregas_kg: 0, consumo_kg: null, dias_sem_dados: 1 });
  });

  it('CSV rows in column order, an empty day as empty cells; a safe file name', () => {
    const columns = { data: 'Data', inicio_kg: 'Início', entregas_kg: 'Entregas', consumo_kg: 'Consumo', fim_kg: 'Fim' };
    expect(balanceCsv(report, columns)).toEqual({
      header: ['Data', 'Início', 'Entregas', 'Consumo', 'Fim'],
      rows: [
        ['2026-03-06', 5000, 4000, 1000.4, 7999.6],
        ['2026-03-07', null, 0, null, null],
        ['2026-03-08', 6799.6, 3000.1, 1100.2, 8699.5],
      ],
    });
    expect(balanceCsvName(report)).toBe('saldo-silo_Silo-1-Norte_2026-03-06_2026-03-08.csv');
  });

  it('CSV file: negative balances (a scale drifting) stay numbers; a silo named like a formula only names the file, made safe', () => {
    const columns = { data: 'Data', inicio_kg: 'Início', entregas_kg: 'Entregas', consumo_kg: 'Consumo', fim_kg: 'Fim' };
    const drifting = { dias: [{ data: '2026-03-06', inicio_kg: -5.5, fim_kg: 10, entregas_kg: 0, consumo_kg: -15.5 }] };
    const { header, rows } = balanceCsv(drifting, columns);
    for (const { separator, cells } of csvInEverySeparator(header, rows)) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells[1], separator).toEqual(['2026-03-06', '-5,5', '0', '-15,5', '10']);
    }
    expect(balanceCsvName({ ...report, silo: { ...report.silo, nome: HOSTILE.farm } })).toBe('saldo-silo_HYPERLINK-http-x-test-A1-ver_2026-03-06_2026-03-08.csv');
  });

  it('pending deliveries only', () => {
    expect(pendingDeliveries(report.entregas).map((entrega) => entrega.em)).toEqual([5]);
  });

  it('instants in the owner’s timezone, not the browser’s', () => {
    expect(localStampOf(-3)(Date.parse('2026-03-07T01:05:00Z'))).toBe('06/03/2026 22:05');
    expect(localStampOf(0)(Date.parse('2026-03-07T01:05:00Z'))).toBe('07/03/2026 01:05');
  });
});
