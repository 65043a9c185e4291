import type { RacaoDia, RacaoResponse } from '@portal/shared';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, signIn, textOf } from '../../components/reports/reportRender.testing';
import i18n from '../../i18n';
import { racaoDay } from './racaoDay.testing';
import { DayTable, HouseBreakdown, SiloBreakdown } from './RacaoTables';

/*
 * The feed report's tables, rendered (server-side, no browser), with an interface in one language
 * and reports in another: the tables speak the reports language in the user's number format, the
 * view switch the interface's.
 */

vi.hoisted(() => {
  // i18n's languageChanged handler names the page's language; in Node there is no page.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
});
vi.mock('../../components/session/session', () => import('../../components/reports/reportRender.testing').then((testing) => testing.signedInSession));

afterEach(async () => {
  await i18n.changeLanguage('pt');
});

// A flock of 12 000 birds, every silo read each day.
const day = (data: string, values: Partial<RacaoDia>) => racaoDay(data, { aves_vivas: 12000, completo: true, acumulado_completo: true, ...values });

const racao = {
  header: {
    lote: { id: 9, codigo: '101', data_alojamento: '2026-11-01', data_encerramento: null, aves_alojadas: 12000, situacao: 'ativo' },
    silos: [{ id: 7, nome: 'Silo 1', fonte: 'balanca', device_id: 1, aviarios: [{ id: 3, nome: 'A1' }], aviarios_lote: [3] }],
    aviarios: [{ id: 3, nome: 'A1' }],
    di: '2026-11-01',
    df: '2026-11-02',
    inicio: '2026-11-01',
    fim: '2026-11-02',
  },
  dias: [
    day('2026-11-01', {}),
    day('2026-11-02', {
      idade: 1,
      consumo_kg: 2099.9,
      silos: [{ id: 7, consumo_kg: 2099.9, parte_kg: 2099.9, sem_aves_kg: 0 }],
      aviarios: [{ id: 3, consumo_kg: 2099.9 }],
      acumulado_kg: 12345.6,
      g_ave_dia: 175,
      conversao: 1.234,
    }),
  ],
  totais: {
    consumo_kg: 2099.9,
    acumulado_kg: 12345.6,
    g_ave_dia: 175,
    conversao: 1.234,
    conversao_padrao: null,
    completo: true,
    acumulado_completo: true,
    dias_sem_dados: 1,
    dias_incompletos: 0,
    silos: [{ id: 7, consumo_kg: 2099.9, parte_kg: 2099.9, sem_aves_kg: 0 }],
    aviarios: [{ id: 3, consumo_kg: 2099.9 }],
  },
} as unknown as RacaoResponse;

describe('feed consumption report in the reports language', () => {
  it('writes the tables in Spanish with Spanish numbers grouped from four digits, the view switch staying Portuguese', () => {
    signIn('es', null);
    const text = textOf(render(createElement('div', null, createElement(DayTable, { report: racao }), createElement(SiloBreakdown, { report: racao }), createElement(HouseBreakdown, { report: racao }))));
    // The report: Spanish titles and columns, and 2.099,9 (es-ES alone writes 2099,9).
    expect(text).toContain('Consumo por día');
    expect(text).toContain('Edad (días)');
    expect(text).toContain('Silos del lote');
    expect(text).toContain('2.099,9');
    expect(text).toContain('12.345,6');
    expect(text).toContain('12.000');
    expect(text).not.toContain('2099,9');
    // The screen's control: Portuguese ('Por aviário', not 'Por galpón').
    expect(text).toContain('Por aviário');
    expect(text).not.toContain('Por galpón');
  });

  it("writes the user's number format over the reports language's", () => {
    signIn('es', '.');
    const point = textOf(render(createElement(DayTable, { report: racao })));
    expect(point).toContain('Consumo por día');
    expect(point).toContain('2,099.9');
    expect(point).toContain('1.234');
    signIn('en', ',');
    const comma = textOf(render(createElement(DayTable, { report: racao })));
    expect(comma).toContain('Age (days)');
    expect(comma).toContain('2.099,9');
    expect(comma).toContain('1,234');
  });
});
