import { ALARME_PREFERENCIAS_PADRAO, ALARME_REGRAS_PADRAO } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { alarmesQueryOf, periodProblem, readFilters, withFilters } from './alarmFilters';
import { preferencesBody, preferencesRules, preferencesValues } from './preferencesForm';
import { base64UrlToBytes } from './pushKey';
import { resetBody, RULE_FIELDS, rulesBody, rulesRules, rulesValues } from './rulesForm';

describe('alarm filters in the url', () => {
  it('default to the active alarms of every farm and leave defaults out of the url', () => {
    const filters = readFilters(new URLSearchParams(''));
    expect(filters).toEqual({ estado: 'ativos', di: '', df: '', nucleo: null });
    expect(withFilters(new URLSearchParams('prop=3'), filters).toString()).toBe('prop=3');
    expect(alarmesQueryOf(filters, undefined)).toEqual({ estado: 'ativos' });
  });

  it('round-trip state, period and farm, and drop what is not valid', () => {
    const params = withFilters(new URLSearchParams(), { estado: 'encerrado', di: '2026-03-01', df: '2026-03-05', nucleo: 4 });
    expect(readFilters(params)).toEqual({ estado: 'encerrado', di: '2026-03-01', df: '2026-03-05', nucleo: 4 });
    expect(alarmesQueryOf(readFilters(params), 9)).toEqual({ prop: 9, estado: 'encerrado', di: '2026-03-01', df: '2026-03-05', nucleo_id: 4 });
    expect(readFilters(new URLSearchParams('estado=x&di=2026-02-30&nucleo=-1'))).toEqual({ estado: 'ativos', di: '', df: '', nucleo: null });
    expect(periodProblem({ di: '2026-03-05', df: '2026-03-01' })).toBe('DATE_RANGE_INVALID');
    expect(periodProblem({ di: '2026-03-05', df: '' })).toBeNull();
  });
});

describe('rules form', () => {
  it('offers every rule of the shared defaults and sends the rules as held', () => {
    const rules = Object.keys(ALARME_REGRAS_PADRAO).filter((key) => key !== 'lembrete_horas');
    expect(RULE_FIELDS.map((entry) => entry.rule).sort()).toEqual(rules.sort());
    for (const { rule, fields } of RULE_FIELDS) {
      const keys = Object.keys(ALARME_REGRAS_PADRAO[rule]).filter((key) => key !== 'ativo');
      expect(fields.map((field) => field.key).sort(), rule).toEqual(keys.sort());
    }
    expect(rulesBody(rulesValues(ALARME_REGRAS_PADRAO), 5, 2)).toEqual({ prop: 5, nucleo_id: 2, regras: ALARME_REGRAS_PADRAO });
    expect(resetBody(undefined, null)).toEqual({ nucleo_id: null, regras: null });
    expect(schemaErrors(rulesRules(undefined, null), rulesValues(ALARME_REGRAS_PADRAO))).toEqual({});
  });

  it('says an emptied threshold is required and one out of range is out of range, on its input', () => {
    const values = rulesValues(ALARME_REGRAS_PADRAO);
    values.regras.sem_dados.minutos_balanca = '';
    values.regras.mortalidade.pct_dia = 200;
    const errors = schemaErrors(rulesRules(undefined, null), values);
    expect(errors['regras.sem_dados.minutos_balanca']).toBe('FIELD_REQUIRED');
    expect(errors['regras.mortalidade.pct_dia']).toMatch(/^FIELD_/);
  });
});

describe('notification preferences form', () => {
  it('sends every farm as null, chosen farms as ids, empty times as null, severities most urgent first', () => {
    const values = preferencesValues(ALARME_PREFERENCIAS_PADRAO);
    expect(preferencesBody(values, undefined)).toEqual(ALARME_PREFERENCIAS_PADRAO);
    const chosen = { ...values, todos: false, nucleos: ['3', '8'], severidades: ['aviso', 'critico'] as const, resumo_hora: '06:30' };
    expect(preferencesBody({ ...chosen, severidades: [...chosen.severidades] }, 4)).toMatchObject({ prop: 4, nucleos: [3, 8], severidades: ['critico', 'aviso'], resumo_hora: '06:30' });
  });

  it('asks for both ends of the quiet hours', () => {
    const values = { ...preferencesValues(ALARME_PREFERENCIAS_PADRAO), silencio_inicio: '22:00' };
    expect(schemaErrors(preferencesRules(undefined), values)).toMatchObject({ silencio_fim: 'FIELD_REQUIRED' });
    expect(schemaErrors(preferencesRules(undefined), { ...values, silencio_fim: '06:00' })).toEqual({});
  });
});

describe('push key', () => {
  it('decodes the VAPID public key from base64url with or without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlToBytes('AQID_-8=')]).toEqual([1, 2, 3, 255, 239]);
  });
});
