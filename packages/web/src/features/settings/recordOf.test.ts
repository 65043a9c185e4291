import { describe, expect, it, vi } from 'vitest';

vi.mock('../../i18n', () => ({ currentLanguage: () => 'pt' }));
import { integracaoApi } from './configApi';

const config = {
  id: 7, prop: 1, nome: 'ERP', sistema: 'SAP', endpoint: 'https://erp.example/in', usuario: 'u', senha_definida: true, segredo_definido: true,
  agenda: 'diaria' as const, hora: '06:00', dados: ['pesagens' as const], ativo: true, estado: 'ativa' as const, proxima_execucao: null,
  created_at: '2026-11-27T10:00:00.000Z', updated_at: '2026-11-27T10:00:00.000Z',
};

describe('a saved record in the cache', () => {
  it('keeps the record and leaves out what a create shows once (the signing secret)', () => {
    const cached = integracaoApi.recordOf({ ...config, segredo: 'shown-once' });
    expect(cached).toEqual(config);
    expect('segredo' in cached).toBe(false);
  });
});
