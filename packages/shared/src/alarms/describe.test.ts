import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import { ALARME_TIPOS, type AlarmeTipo } from '../schemas/alarms.js';
import { ENVIO_ERROS } from '../schemas/records/integrations.js';
import { alarmSentence, decimalsOf, describeAlarm, type AlarmFormat } from './describe.js';
import { ALARM_SENTENCES } from './sentences.js';

/** Numbers as pt-BR or en-US write them; times and days marked so the test sees which was used. */
const formatIn = (locale: string): AlarmFormat => ({
  number: (value, decimals) => new Intl.NumberFormat(locale, { maximumFractionDigits: decimals }).format(value),
  dateTime: (iso) => `@${iso.slice(11, 16)}`,
  date: (day) => `#${day}`,
});
const pt = formatIn('pt-BR');
const en = formatIn('en-US');
const alarm = (tipo: AlarmeTipo, detalhe: Record<string, number | string | null>) => ({ tipo, detalhe, alvo_nome: 'Balança CS-104' });

/** detalhe exactly as each rule writes it (packages/server/src/modules/alarms/rules/*.ts, docs/alarms.md). */
const RULE_DETALHES: [AlarmeTipo, string, Record<string, number | string | null>][] = [
  ['sem_dados', 'scale', { balanca: '2', modelo: 'BSILO', serie: '104', ultima_pesagem: '2026-03-05T10:15:00.000Z', limite_min: 60 }],
  ['sem_dados', 'device', { modelo: 'BSILO', serie: '12345', ultimo_contato: '2026-03-05T09:00:00.000Z', limite_min: 30 }],
  ['silo_fim', 'emptyBy', { vazio_em: '2026-03-05T22:30:00.000Z', horas: 12.5, base: 'consumo', saldo_kg: 1234.4, lido_em: '2026-03-05T08:00:00.000Z', consumo_kg_h: 98.7, esperado_kg_h: null, limite_horas: 48 }],
  ...(['peso', 'ganho', 'peso_e_ganho'] as const).map((motivo): [AlarmeTipo, string, Record<string, number | string | null>] => [
    'lote_atrasado',
    { peso: 'weight', ganho: 'gain', peso_e_ganho: 'weightAndGain' }[motivo],
    { lote_id: 7, lote_codigo: '101', sexo: 'todos', motivo, data: '2026-10-05', idade: 34, peso_g: 2085, padrao_g: motivo === 'ganho' ? null : 2200, pct_padrao: motivo === 'ganho' ? null : 94.77, data_anterior: '2026-10-03', peso_anterior_g: 2000, pct_padrao_anterior: 94.76, ganho_g: 30, ganho_anterior_g: 60, limite_pct: 95, ganho_fracao: 0.5 },
  ]),
  ['mortalidade', 'day', { motivo: 'dia', data: '2026-10-09', lote_id: 7, lote_codigo: '101', aviario_id: 3, aviario_nome: 'A1', mortos: 50, eliminados: 0, aves_inicio: 9900, pct_dia: 0.51, limite_pct: 0.5 }],
  ['mortalidade', 'curve', { motivo: 'curva', data: '2026-10-10', idade: 39, lote_id: 7, lote_codigo: '101', perdas: 497, aves_alojadas: 20_000, mortalidade_pct: 2.49, padrao_pct: 1.5, acima_pp: 0.99, limite_pp: 0.98 }],
  ['balancas_divergentes', 'outlier', { data: '2026-10-09', aviario_id: 3, aviario_nome: 'A1', balanca: 'C', media_g: 2161, pesagens: 30, mediana_g: 2000, padrao_g: null, diferenca_pct: 8.05, limite_pct: 8, balancas: 'A: 2000 g (30); C: 2161 g (30)' }],
  ['calha_parada', 'stopped', { idcalha: 1, modelo: 'CALHA', serie: '77', parada_desde: '2026-03-05T06:00:00.000Z', limite_min: 30 }],
  ['dosagem_perdida', 'product', { data: '2026-03-10', horario: '08:00', produto: 'Iodo', limite_min: 30 }],
  ['dosagem_perdida', 'missed', { data: '2026-03-10', horario: '08:00', produto: '', limite_min: 30 }],
  ['integracao_pausada', 'pausedWithError', { tipo: 'integracao', nome: 'ERP Central', erro: 'http_4xx' }],
  ['integracao_pausada', 'paused', { tipo: 'mtech', nome: 'Mtech 2026-01', erro: null }],
];

describe('alarm sentences', () => {
  it.each(RULE_DETALHES)('write %s from its rule detalhe with the %s sentence, in every language, no placeholder left', (tipo, key, detalhe) => {
    expect(alarmSentence(alarm(tipo, detalhe)).key).toBe(key);
    for (const language of LANGUAGES) expect(describeAlarm(alarm(tipo, detalhe), language, pt)).not.toMatch(/\{\{|undefined|null/);
  });

  it('cover every tipo with a rule detalhe', () => {
    expect(new Set(RULE_DETALHES.map(([tipo]) => tipo))).toEqual(new Set(ALARME_TIPOS));
  });

  it('fill numbers in the reader format, times on the clock and days as the language writes them', () => {
    const silo = RULE_DETALHES.find(([, key]) => key === 'emptyBy')![2];
    expect(describeAlarm(alarm('silo_fim', silo), 'pt', pt)).toBe('Vazio em cerca de 12,5 h (@22:30); restam 1.234 kg.');
    expect(describeAlarm(alarm('silo_fim', silo), 'en', en)).toBe('Empty in about 12.5 h (@22:30); 1,234 kg left.');
    const day = { motivo: 'dia', data: '2026-03-04', mortos: 1200, eliminados: 30, pct_dia: 0.625 };
    expect(describeAlarm(alarm('mortalidade', day), 'pt', pt)).toBe('Em #2026-03-04: 1.200 mortas e 30 eliminadas, 0,63 % das aves no dia.');
    const dosing = RULE_DETALHES.find(([, key]) => key === 'product')![2];
    expect(describeAlarm(alarm('dosagem_perdida', dosing), 'es', pt)).toBe('La dosificación de Iodo de las 08:00 del #2026-03-10 no ocurrió en 30 min.');
  });

  it('write an export failure and the configuration kind in the reader language, and an unknown code as it is', () => {
    const paused = { tipo: 'integracao', nome: 'ERP Central', erro: 'http_4xx' };
    expect(describeAlarm(alarm('integracao_pausada', paused), 'pt', pt)).toBe(
      'Os envios para ERP Central (integração) estão pausados: o destino recusou o envio (HTTP 4xx). Corrija a configuração e use Enviar agora para retomar.',
    );
    expect(describeAlarm(alarm('integracao_pausada', { ...paused, tipo: 'mtech', erro: 'tempo_esgotado' }), 'en', en)).toBe(
      'Sending to ERP Central (Mtech) is paused: the endpoint did not answer in time. Fix the settings and use Send now to resume.',
    );
    expect(describeAlarm(alarm('integracao_pausada', { ...paused, erro: 'novo_erro' }), 'es', pt)).toContain('en pausa: novo_erro.');
    for (const erro of ENVIO_ERROS) {
      for (const language of LANGUAGES) expect(describeAlarm(alarm('integracao_pausada', { ...paused, erro }), language, pt), `${erro} ${language}`).not.toContain(`: ${erro}.`);
    }
  });

  it('write identifiers as they are, not as numbers', () => {
    const scales = { balanca: 12345, media_g: 1810.4, mediana_g: 2000, diferenca_pct: 9.52 };
    expect(describeAlarm(alarm('balancas_divergentes', scales), 'pt', pt)).toBe('A balança 12345 mediu 1.810 g, contra a mediana de 2.000 g: diferença de 9,52 % no mesmo dia.');
  });

  it('pick the sentence of the condition that held (motivo), and the generic one naming the target when numbers are missing', () => {
    expect(alarmSentence(alarm('mortalidade', { motivo: 'dia', mortalidade_pct: 4.1, padrao_pct: 2.5, idade: 20 })).key).toBe('generic');
    for (const tipo of ALARME_TIPOS) {
      expect(alarmSentence(alarm(tipo, {})).key, tipo).toBe('generic');
      expect(describeAlarm(alarm(tipo, { outra: 'x' }), 'pt', pt), tipo).toContain('Balança CS-104');
    }
  });

  it('name only keys a sentence needs, and end every tipo with a generic sentence that needs none', () => {
    for (const tipo of ALARME_TIPOS) {
      const sentences = ALARM_SENTENCES[tipo];
      expect(sentences.at(-1), tipo).toMatchObject({ key: 'generic', needs: [] });
      expect(sentences.at(-1)!.motivos, tipo).toBeUndefined();
      for (const sentence of sentences) {
        for (const language of LANGUAGES) {
          const named = [...sentence.text[language].matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
          expect(new Set(named), `${tipo}.${sentence.key}.${language}`).toEqual(new Set([...sentence.needs, ...(sentence.key === 'generic' ? ['alvo'] : [])]));
        }
      }
    }
  });

  it('show kg, grams, minutes and counts whole, hours with 1 decimal and percentages with 2', () => {
    expect([decimalsOf('saldo_kg'), decimalsOf('media_g'), decimalsOf('limite_min'), decimalsOf('idade')]).toEqual([0, 0, 0, 0]);
    expect([decimalsOf('pct_dia'), decimalsOf('diferenca_pct'), decimalsOf('acima_pp'), decimalsOf('horas')]).toEqual([2, 2, 2, 1]);
  });
});
