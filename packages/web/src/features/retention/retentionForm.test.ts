import { describe, expect, it } from 'vitest';
import { LEITURAS_RETENCAO_MAX_DIAS, LEITURAS_RETENCAO_MIN_DIAS, LEITURAS_RETENCAO_PADRAO_DIAS, RESUMO_MINUTOS_DIAS } from '@portal/shared';
import { schemaErrors } from '../records/schemaErrors';
import { retentionBody, retentionRules, retentionValues, yearsOf } from './retentionForm';

describe('readings retention form', () => {
  const stored = {
    leituras_dias: LEITURAS_RETENCAO_PADRAO_DIAS,
    padrao: true,
    padrao_dias: LEITURAS_RETENCAO_PADRAO_DIAS,
    minimo_dias: LEITURAS_RETENCAO_MIN_DIAS,
    maximo_dias: LEITURAS_RETENCAO_MAX_DIAS,
    resumo_minutos_dias: RESUMO_MINUTOS_DIAS,
  };

  it('starts from the stored days and sends them as setretencao takes them', () => {
    expect(retentionValues(stored)).toEqual({ leituras_dias: 90 });
    expect(retentionBody({ leituras_dias: 120 })).toEqual({ leituras_dias: 120 });
  });

  it('accepts the limits and refuses what lies outside them, a fraction and an empty input', () => {
    expect(schemaErrors(retentionRules, { leituras_dias: LEITURAS_RETENCAO_MIN_DIAS })).toEqual({});
    expect(schemaErrors(retentionRules, { leituras_dias: LEITURAS_RETENCAO_MAX_DIAS })).toEqual({});
    expect(schemaErrors(retentionRules, { leituras_dias: LEITURAS_RETENCAO_MIN_DIAS - 1 })).toEqual({ leituras_dias: 'FIELD_OUT_OF_RANGE' });
    expect(schemaErrors(retentionRules, { leituras_dias: LEITURAS_RETENCAO_MAX_DIAS + 1 })).toEqual({ leituras_dias: 'FIELD_OUT_OF_RANGE' });
    expect(schemaErrors(retentionRules, { leituras_dias: 45.5 })).toEqual({ leituras_dias: 'FIELD_INVALID' });
    expect(schemaErrors(retentionRules, { leituras_dias: '' })).toEqual({ leituras_dias: 'FIELD_REQUIRED' });
  });

  it('says the minutes are kept two years', () => {
    expect(yearsOf(RESUMO_MINUTOS_DIAS)).toBe(2);
  });
});
