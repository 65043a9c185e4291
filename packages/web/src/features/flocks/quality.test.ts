import { QUALIDADE_PADRAO, type Qualidade } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { qualityBody, qualityRules, qualityValues } from './qualityForm';
import { auditQuery, dayText, qualityDayRows, qualityTotals, scaleSummaries, scalesOfDay, scoreTone, wholeFlockPeriod, type QualityDay } from './qualityRows';

const stored = { lote_id: 7, ...QUALIDADE_PADRAO };

const day = (data: string, sexo: string, counts: { aceitas: number; parcial?: number; dupla?: number; acima?: number }): QualityDay => {
  const flagged = { parcial: counts.parcial ?? 0, dupla: counts.dupla ?? 0, acima: counts.acima ?? 0 };
  return {
    data,
    sexo,
    idade: 21,
    referencia: 'padrao',
    esperado_g: 930,
    baixo_g: 651,
    alto_g: 1069.5,
    dupla_baixo_g: 1581,
    dupla_alto_g: 2139,
    aves: counts.aceitas + flagged.parcial + flagged.dupla + flagged.acima,
    aceitas: counts.aceitas,
    ...flagged,
  };
};

describe('quality settings form', () => {
  it('sends what is stored, for the flock and the owner acted for', () => {
    expect(qualityBody(qualityValues(stored), 7, 3)).toEqual({ prop: 3, lote_id: 7, ativo: false, abaixo_pct: 30, acima_pct: 15, dupla_tolerancia_pct: 15, referencia: 'media_anterior', pesagens_dia_meta: 100 });
    expect(qualityBody(qualityValues(stored), 7, undefined)).not.toHaveProperty('prop');
    expect(schemaErrors(qualityRules(7, undefined), { ...qualityValues(stored), ativo: true, referencia: 'padrao' })).toEqual({});
  });

  it("checks with the server's schema: ranges, whole numbers, emptied inputs and an unknown reference", () => {
    const errors = schemaErrors(qualityRules(7, undefined), { ativo: true, abaixo_pct: 95, acima_pct: 12.5, dupla_tolerancia_pct: '', referencia: 'ontem', pesagens_dia_meta: 0 });
    expect(errors).toEqual({ abaixo_pct: 'FIELD_OUT_OF_RANGE', acima_pct: 'FIELD_INVALID', dupla_tolerancia_pct: 'FIELD_REQUIRED', referencia: 'FIELD_INVALID', pesagens_dia_meta: 'FIELD_OUT_OF_RANGE' });
  });
});

describe('quality rows', () => {
  const dias = [day('2026-03-01', 'M', { aceitas: 90, parcial: 4, dupla: 5 }), day('2026-03-08', 'F', { aceitas: 80, acima: 2 }), day('2026-03-08', 'M', { aceitas: 70, dupla: 1 })];

  it('lists the days newest first, sexes in order, with what each set aside', () => {
    const rows = qualityDayRows(dias);
    expect(rows.map((row) => [row.key, row.descartadas])).toEqual([
      ['2026-03-08|F', 2],
      ['2026-03-08|M', 1],
      ['2026-03-01|M', 9],
    ]);
  });

  it('adds the period up by reason', () => {
    expect(qualityTotals(dias)).toEqual({ aves: 252, aceitas: 240, parcial: 4, dupla: 6, acima: 2, descartadas: 12 });
    expect(qualityTotals([])).toEqual({ aves: 0, aceitas: 0, parcial: 0, dupla: 0, acima: 0, descartadas: 0 });
  });
});

describe('scales', () => {
  const balancas: Qualidade['balancas'] = [
    {
      serie_balanca: 'CS-10',
      dias: [
        { data: '2026-03-08', aves: 50, aceitas: 40, aceitas_pct: 80, nota: 40 },
        { data: '2026-03-01', aves: 150, aceitas: 150, aceitas_pct: 100, nota: 100 },
      ],
    },
    { serie_balanca: 'CS-9', dias: [{ data: '2026-03-01', aves: 0, aceitas: 0, aceitas_pct: 0, nota: 0 }] },
    { serie_balanca: 'CS-2', dias: [] },
  ];

  it('sums each scale: mean daily score, accepted share of all its weighings; natural order, days oldest first', () => {
    const scales = scaleSummaries(balancas);
    expect(scales.map((scale) => scale.serie_balanca)).toEqual(['CS-2', 'CS-9', 'CS-10']);
    expect(scales[2]).toMatchObject({ nota_media: 70, aves: 200, aceitas: 190, aceitas_pct: 95 });
    expect(scales[2]!.dias.map((entry) => entry.data)).toEqual(['2026-03-01', '2026-03-08']);
    expect(scales[1]).toMatchObject({ nota_media: 0, aceitas_pct: null });
    expect(scales[0]).toMatchObject({ nota_media: null, aceitas_pct: null });
  });

  it("offers the audit the scales that weighed that day, and colours scores", () => {
    expect(scalesOfDay(balancas, '2026-03-01')).toEqual(['CS-9', 'CS-10']);
    expect(scalesOfDay(balancas, '2026-03-02')).toEqual([]);
    expect([scoreTone(80), scoreTone(79.9), scoreTone(50), scoreTone(49), scoreTone(null)]).toEqual(['green', 'yellow', 'yellow', 'red', 'gray']);
  });
});

describe('audit and period', () => {
  it('asks for the day, adding scale and reason only when chosen', () => {
    expect(auditQuery(7, '2026-03-08', { serie_balanca: null, motivo: null }, undefined)).toEqual({ lote_id: 7, data: '2026-03-08' });
    expect(auditQuery(7, '2026-03-08', { serie_balanca: 'CS-10', motivo: 'dupla' }, 4)).toEqual({ lote_id: 7, data: '2026-03-08', prop: 4, serie_balanca: 'CS-10', motivo: 'dupla' });
    // A reason the server does not know is not sent.
    expect(auditQuery(7, '2026-03-08', { serie_balanca: '', motivo: 'outro' }, undefined)).toEqual({ lote_id: 7, data: '2026-03-08' });
  });

  it('shows the whole flock by default: placement to the close or today', () => {
    expect(wholeFlockPeriod({ data_alojamento: '2026-02-01', data_encerramento: null }, '2026-03-10')).toEqual({ di: '2026-02-01', df: '2026-03-10' });
    expect(wholeFlockPeriod({ data_alojamento: '2026-02-01', data_encerramento: '2026-03-14' }, '2026-05-10')).toEqual({ di: '2026-02-01', df: '2026-03-14' });
    expect(wholeFlockPeriod({ data_alojamento: null, data_encerramento: null }, '2026-03-10')).toEqual({ di: '2026-01-09', df: '2026-03-10' });
    expect(wholeFlockPeriod({ data_alojamento: '2026-04-01', data_encerramento: null }, '2026-03-10')).toEqual({ di: '2026-04-01', df: '2026-04-01' });
  });

  it('writes days the language’s way', () => {
    expect(dayText('pt-BR', '2026-03-05')).toBe('05/03/2026');
    expect(dayText('es-ES', '2026-03-05')).toBe('05/03/2026');
    expect(dayText('en-US', '2026-03-05')).toBe('03/05/2026');
  });
});
