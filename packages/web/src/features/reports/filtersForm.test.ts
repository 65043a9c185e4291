import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { filtersRules, filtersValues, generatedFilters, type FiltersValues } from './filtersForm';

const defaultWindow = { abaixo_pct: 30, acima_pct: 15 };
const filled: FiltersValues = { nucleo_id: '3', lote_id: '12', aviario: 'A1', sexo: 'Macho', inicio: '01/11/2026', fim: '30/11/2026', outraJanela: false, janela: defaultWindow };

describe('report filters form values', () => {
  it('start from the filters in the url', () => {
    expect(filtersValues({ nucleo: 3, lote: 12, aviario: 'A1', sexo: 'Macho', inicio: '2026-11-01', fim: '2026-11-30' })).toEqual(filled);
  });

  it('start on the last 30 days when the url names no period', () => {
    expect(filtersValues({}, '2026-11-30')).toEqual({
      nucleo_id: null,
      lote_id: null,
      aviario: null,
      sexo: null,
      inicio: '31/10/2026',
      fim: '30/11/2026',
      outraJanela: false,
      janela: defaultWindow,
    });
  });

  it('offer the flock default window (−30 % / +15 %) until the url asks for another', () => {
    expect(filtersValues({ abaixo: 20, acima: 10 }, '2026-11-30')).toMatchObject({ outraJanela: true, janela: { abaixo_pct: 20, acima_pct: 10 } });
  });

  it('generate the window asked for only while "recompute with another window" is on', () => {
    expect(generatedFilters({ ...filled, outraJanela: true, janela: { abaixo_pct: 20, acima_pct: 10 } })).toMatchObject({ abaixo: 20, acima: 10 });
    expect(generatedFilters({ ...filled, janela: { abaixo_pct: 20, acima_pct: 10 } })).not.toHaveProperty('abaixo');
  });

  it('generate the filters with ids as numbers and dates as YYYY-MM-DD; "all" is left out', () => {
    expect(generatedFilters(filled)).toEqual({ nucleo: 3, lote: 12, aviario: 'A1', sexo: 'Macho', inicio: '2026-11-01', fim: '2026-11-30' });
    expect(generatedFilters({ ...filled, nucleo_id: null, lote_id: null, aviario: null, sexo: null })).toEqual({
      nucleo: undefined,
      lote: undefined,
      aviario: undefined,
      sexo: undefined,
      inicio: '2026-11-01',
      fim: '2026-11-30',
    });
  });
});

describe('report filters validation (the avespesos schema)', () => {
  it('passes a period with or without the other filters', () => {
    expect(schemaErrors(filtersRules, filled)).toEqual({});
    expect(schemaErrors(filtersRules, { ...filled, nucleo_id: null, lote_id: null, aviario: null, sexo: null })).toEqual({});
  });

  it('says an empty date is required and a half-typed or impossible one is invalid', () => {
    expect(schemaErrors(filtersRules, { ...filled, inicio: '', fim: '  ' })).toEqual({ inicio: 'FIELD_REQUIRED', fim: 'FIELD_REQUIRED' });
    expect(schemaErrors(filtersRules, { ...filled, inicio: '01/11/20', fim: '31/11/2026' })).toEqual({ inicio: 'FIELD_INVALID', fim: 'FIELD_INVALID' });
  });

  it('says an end before the start under the end date', () => {
    expect(schemaErrors(filtersRules, { ...filled, inicio: '30/11/2026', fim: '27/11/2026' })).toEqual({ fim: 'DATE_RANGE_INVALID' });
  });

  it('says under each window edge that it is missing or out of the 1–90 % range, only while the option is on', () => {
    expect(schemaErrors(filtersRules, { ...filled, outraJanela: true, janela: { abaixo_pct: '', acima_pct: 91 } })).toEqual({
      'janela.abaixo_pct': 'FIELD_REQUIRED',
      'janela.acima_pct': 'FIELD_OUT_OF_RANGE',
    });
    expect(schemaErrors(filtersRules, { ...filled, outraJanela: false, janela: { abaixo_pct: '', acima_pct: 91 } })).toEqual({});
    expect(schemaErrors(filtersRules, { ...filled, outraJanela: true, janela: { abaixo_pct: 1, acima_pct: 90 } })).toEqual({});
  });

  it('says a period longer than a report may cover under the end date, as the server would', () => {
    expect(schemaErrors(filtersRules, { ...filled, inicio: '01/01/2010', fim: '30/11/2026' })).toEqual({ fim: 'FIELD_OUT_OF_RANGE' });
  });
});
