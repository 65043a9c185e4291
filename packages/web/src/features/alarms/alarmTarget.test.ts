import { describe, expect, it } from 'vitest';
import { alarmTargetPath } from './alarmTarget';

describe('alarm target link', () => {
  it('leads a paused export to its integration or Mtech settings', () => {
    expect(alarmTargetPath({ alvo_tipo: 'integracao', detalhe: { tipo: 'integracao', nome: 'ERP', erro: 'http_4xx' } })).toBe('/integracao');
    expect(alarmTargetPath({ alvo_tipo: 'integracao', detalhe: { tipo: 'mtech', nome: 'Mtech', erro: null } })).toBe('/mtech');
  });

  it('has no link for targets acted on from the alarms page', () => {
    expect(alarmTargetPath({ alvo_tipo: 'silo', detalhe: { horas: 12 } })).toBeNull();
    expect(alarmTargetPath({ alvo_tipo: 'dispositivo', detalhe: {} })).toBeNull();
  });
});
