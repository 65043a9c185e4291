import type { Desempenho, Diario, Indicadores } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { growthSeries, lossSeries } from './chartSeries';
import { closeOutCsvRows, closeOutLines } from './closeOutReport';
import { closeOutBody, closeOutSchema, closeOutValues } from './closeOutForm';
import { causesFor, dailyBody, dailyCheckBody, dailyCheckSchema, dailyMoreErrors, dailyValues, deathsTyped } from './dailyForm';
import { dailyRows, historyValue } from './dailyRows';
import { indicatorCards } from './indicators';
import { schemaErrors } from '../records/schemaErrors';

const UID = '0b6e7f7c-3a52-4c1e-9a0e-5d1f2b3c4d5e';
const echo = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const plain = (value: number | null, decimals: number) => (value === null ? '—' : value.toFixed(decimals));

const set = (overrides: Partial<Indicadores> = {}): Indicadores => ({
  aves_alojadas: 1000, aves_vivas: 960, mortos: 30, eliminados: 10, viabilidade_pct: 96, mortalidade_pct: 4, mortalidade_dia_pct: 0.1,
  mortalidade_padrao_pct: 3.5, peso_medio_g: 2257, data_pesagem: '2026-03-10', idade_pesagem: 37, uniformidade_pct: 82.5, cv_pct: 9.1,
  aves_pesadas: 120, ganho_diario_g: 88.4, ganho_medio_g: 59.9, pct_padrao: 98.2, idade_peso: 36.4, racao_kg: 3510.1, racao_por_ave_kg: 3.656,
  ca: 1.62, ca_corrigida: 1.669, agua_l: 6400, agua_racao: 1.82, iep: 361.5, ...overrides,
});
const entradas: Desempenho['entradas'] = {
  peso_fonte: 'pesagem', racao_fonte: 'silos', racao_dias: 30, dias_vividos: 37, racao_completa: false, peso_alojamento_g: 42, peso_referencia_g: 2500, pontos_100g: 0.02,
};

const diario = (overrides: Partial<Diario> = {}): Diario => ({
  id: 7, lote_id: 3, aviario_id: 11, aviario_nome: 'Aviário 1', data: '2026-03-09', idade: 36,
  mortalidade: [{ causa: 'ascite', aves: 2 }, { causa: 'Calor', aves: 1 }], mortos: 3, eliminados: 1, entradas: 0, saidas: 0,
  agua_l: 1200.5, temp_min: 21.5, temp_max: 31, obs: '', created_at: '2026-03-09T10:00:00Z', updated_at: '2026-03-09T11:00:00Z',
  updated_by: 'Ana', historico: [], ...overrides,
});

describe('indicator cards', () => {
  it('show each value with its unit, the inputs in the formula, and the standard as a tone', () => {
    const cards = indicatorCards(set(), entradas, 37, { t: echo, number: plain });
    const byKey = Object.fromEntries(cards.map((card) => [card.key, card]));
    expect(Object.keys(byKey)).toEqual(['viabilidade', 'mortalidade', 'peso', 'ganho', 'uniformidade', 'ca', 'ca_corrigida', 'iep', 'racao', 'agua']);
    expect(byKey.viabilidade!.value).toBe('96.00 %');
    expect(byKey.iep!.value).toBe('361.5');
    expect(byKey.ca!.value).toBe('1.620');
    // Mortality above the standard's curve reads as bad; weight under 100 % of the standard too.
    expect(byKey.mortalidade!.tone).toBe('bad');
    expect(byKey.peso!.tone).toBe('bad');
    expect(byKey.iep!.formula).toContain('"livability":"96.00 %","weight":"2.257 kg","age":"37","fcr":"1.620"');
    expect(byKey.mortalidade!.formula).toContain('"dead":"30","culled":"10","placed":"1000"');
    // A feed series with gaps says the FCR is a lower bound.
    expect(byKey.ca!.formula).toContain('flocks.indicators.incomplete');
    expect(byKey.peso!.formula).toContain('"date":"10/03/2026"');
  });

  it('show "—" without a unit where there is not enough data, and no tone', () => {
    const cards = indicatorCards(set({ peso_medio_g: null, pct_padrao: null, ca: null, iep: null, mortalidade_padrao_pct: null, viabilidade_pct: null }), { ...entradas, racao_fonte: null }, null, { t: echo, number: plain });
    const byKey = Object.fromEntries(cards.map((card) => [card.key, card]));
    expect([byKey.peso!.value, byKey.ca!.value, byKey.iep!.value, byKey.viabilidade!.value]).toEqual(['—', '—', '—', '—']);
    expect(byKey.mortalidade!.tone).toBeUndefined();
    expect(byKey.racao!.detail).toBe('flocks.indicators.source.noFeed');
  });
});

describe('daily record form', () => {
  const defaults = { aviario_id: '11', data: '09/03/2026' };

  it('offers the account causes plus any other a stored day holds, and fills its values', () => {
    const record = diario();
    const causes = causesFor(['morte_subita', 'ascite'], record);
    expect(causes).toEqual(['morte_subita', 'ascite', 'Calor']);
    const values = dailyValues(causes, record, defaults);
    expect(values.mortalidade).toEqual([{ causa: 'morte_subita', aves: '' }, { causa: 'ascite', aves: 2 }, { causa: 'Calor', aves: 1 }]);
    expect(values).toMatchObject({ eliminados: 1, entradas: '', agua_l: 1200.5, temp_min: 21.5, data: '09/03/2026' });
    expect(deathsTyped(values)).toBe(3);
  });

  it('sends only the causes with deaths, empty counts as 0, empty measurements as null, with the uid', () => {
    const values = { ...dailyValues(['morte_subita', 'ascite'], undefined, defaults), agua_l: '' };
    values.mortalidade[1]!.aves = 4;
    expect(dailyBody(3, values, UID)).toEqual({
      lote_id: 3, aviario_id: 11, data: '2026-03-09', uid: UID, mortalidade: [{ causa: 'ascite', aves: 4 }],
      eliminados: 0, entradas: 0, saidas: 0, agua_l: null, temp_min: null, temp_max: null, obs: '',
    });
  });

  it('checks with the shared schema, each error on its own input', () => {
    const rules = { schema: dailyCheckSchema, toBody: dailyCheckBody(3), moreErrors: dailyMoreErrors };
    const values = dailyValues(['morte_subita', 'ascite'], undefined, { aviario_id: '', data: '31/02/2026' });
    values.mortalidade[1]!.aves = -2;
    values.temp_min = 30;
    values.temp_max = 20;
    values.agua_l = 0.05;
    const errors = schemaErrors(rules, values);
    expect(errors).toMatchObject({ aviario_id: 'FIELD_REQUIRED', 'mortalidade.1.aves': 'FIELD_OUT_OF_RANGE', temp_max: 'FIELD_OUT_OF_RANGE', agua_l: 'FIELD_INVALID' });
    expect(errors.data).toBeDefined();
    expect(errors['mortalidade.0.aves']).toBeUndefined();
    expect(schemaErrors(rules, dailyValues(['ascite'], undefined, defaults))).toEqual({});
  });
});

describe('daily table rows', () => {
  const flock = { id: 3, data_alojamento: '2026-02-01', aviarios: [{ id: 11, nome: 'Aviário 1' }, { id: 12, nome: 'Aviário 2' }] } as never;

  it('put queued writes in place of the stored day they change, marked, newest first', () => {
    const stored = [diario(), diario({ id: 8, data: '2026-03-08', aviario_id: 12, aviario_nome: 'Aviário 2', historico: [{ em: '2026-03-08T12:00:00Z', por: 'Ana', campos: [] }] })];
    const queued = [
      { uid: 'u1', state: 'pending' as const, body: { lote_id: 3, aviario_id: 11, data: '2026-03-09', mortalidade: [{ causa: 'ascite', aves: 5 }], eliminados: 2 } },
      { uid: 'u2', state: 'failed' as const, error: { message: 'no' }, body: { lote_id: 3, aviario_id: 12, data: '2026-03-10', mortalidade: [] } },
      { uid: 'u3', state: 'pending' as const, body: { lote_id: 99, aviario_id: 12, data: '2026-03-10' } },
    ];
    const rows = dailyRows(flock, stored, queued);
    expect(rows.map((row) => [row.data, row.aviario_nome, row.queued?.state ?? 'stored', row.mortos])).toEqual([
      ['2026-03-10', 'Aviário 2', 'failed', 0],
      ['2026-03-09', 'Aviário 1', 'pending', 5],
      ['2026-03-08', 'Aviário 2', 'stored', 3],
    ]);
    expect(rows[0]!.idade).toBe(37);
    // The queued change of a stored day still opens that day (and its history).
    expect(rows[1]!.record?.id).toBe(7);
    expect(rows[2]!.changes).toBe(1);
  });

  it('write a history value of deaths with each cause named', () => {
    expect(historyValue('mortalidade', 'ascite: 2, Calor: 1', (code) => code.toUpperCase())).toBe('ASCITE: 2, CALOR: 1');
    expect(historyValue('agua_l', null, (code) => code)).toBe('—');
    expect(historyValue('agua_l', '1500.5', (code) => code.toUpperCase())).toBe('1500.5');
  });
});

describe('charts and close-out', () => {
  const dias = [
    { data: '2026-02-01', idade: 0, mortos: 0, eliminados: 0, aves_vivas: 1000, mortalidade_acum_pct: 0, mortalidade_padrao_pct: null, peso_medio_g: null, padrao_g: 42, agua_l: null, racao_kg: null, temp_min: null, temp_max: null },
    { data: '2026-02-02', idade: 1, mortos: 3, eliminados: 1, aves_vivas: 996, mortalidade_acum_pct: 0.4, mortalidade_padrao_pct: 0.3, peso_medio_g: 55, padrao_g: 58, agua_l: 80, racao_kg: null, temp_min: null, temp_max: null },
  ];

  it('chart by age, leaving out days without a value', () => {
    const sexos = [
      { ...set({ idade_pesagem: 1, peso_medio_g: 57 }), sexo: 'macho' as const, curva: [{ data: '2026-02-02', idade: 1, peso_medio_g: 57 }] },
      { ...set({ peso_medio_g: null }), sexo: 'femea' as const, curva: [] },
    ];
    const growth = growthSeries({ dias, sexos });
    expect(growth).toEqual({ mean: [[1, 55]], standard: [[0, 42], [1, 58]], sexes: [{ sexo: 'macho', points: [[1, 57]] }] });
    expect(lossSeries({ dias })).toEqual({ losses: [[0, 0], [1, 4]], cumulative: [[0, 0], [1, 0.4]], standard: [[1, 0.3]], water: [[1, 80]] });
  });

  it('close-out form starts from the birds alive and sends the shared body', () => {
    const values = closeOutValues({ fechamento: null, data_encerramento: null, aves_atuais: 960 }, '2026-03-10');
    expect(values).toEqual({ data: '10/03/2026', aves_entregues: 960, kg_entregues: '', racao_kg: '', obs: '' });
    const body = closeOutBody(3)({ ...values, kg_entregues: 2166.7 });
    expect(body).toEqual({ lote_id: 3, data: '2026-03-10', aves_entregues: 960, kg_entregues: 2166.7, racao_kg: null, obs: '' });
    expect(closeOutSchema.safeParse(body).success).toBe(true);
    expect(schemaErrors({ schema: closeOutSchema, toBody: closeOutBody(3) }, values)).toEqual({ kg_entregues: 'FIELD_REQUIRED' });
  });

  it('close-out CSV lists the figures as numbers, then the houses', () => {
    const fechamento = { data: '2026-03-10', aves_entregues: 960, kg_entregues: 2166.7, peso_medio_g: 2257, racao_kg: null, obs: '' };
    const lines = closeOutLines({ aves_alojadas: 1000, fechamento }, { idade: 37, geral: set() });
    expect(lines.find((line) => line.key === 'peso_entregue_g')).toEqual({ key: 'peso_entregue_g', value: 2257, decimals: 1, unit: 'g' });
    const rows = closeOutCsvRows(lines, [{ ...set(), aviario_id: 11, aviario_nome: 'Aviário 1' }], (key) => key);
    expect(rows[0]).toEqual(['aves_alojadas', 1000, '']);
    expect(rows.at(-2)).toEqual(['aviario', 'aves_alojadas', 'aves_vivas', 'viabilidade_pct', 'mortalidade_pct', 'peso_medio_g', 'ca', 'iep']);
    expect(rows.at(-1)).toEqual(['Aviário 1', 1000, 960, 96, 4, 2257, 1.62, 361.5]);
  });
});
