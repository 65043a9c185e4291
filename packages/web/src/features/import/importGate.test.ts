import type { ImportResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { rowsBlockingImport, type ImportChoices } from './importGate';

const preview = (rejeitadasTotal: number, dry_run = true): ImportResponse => ({
  dry_run,
  arquivo: 'pesagens.csv',
  separador: ';',
  decimal: ',',
  colunas: [],
  linhas: 10,
  validas: 10 - rejeitadasTotal,
  amostra: [],
  rejeitadas: [],
  rejeitadasTotal,
  faltantes: { nucleos: [], lotes: [] },
  importacao_id: null,
  importadas: 0,
});
const CHOICES: ImportChoices = { separator: 'auto', decimal: 'auto', createMissing: false };

describe('rowsBlockingImport', () => {
  it('blocks while the preview made with the current choices refuses rows', () => {
    expect(rowsBlockingImport(preview(3), CHOICES, CHOICES)).toBe(3);
    expect(rowsBlockingImport(preview(3), CHOICES, { ...CHOICES })).toBe(3);
  });

  it('does not block a clean preview, a done import or no preview at all', () => {
    expect(rowsBlockingImport(preview(0), CHOICES, CHOICES)).toBe(0);
    expect(rowsBlockingImport(preview(0, false), CHOICES, CHOICES)).toBe(0);
    expect(rowsBlockingImport(null, CHOICES, CHOICES)).toBe(0);
    expect(rowsBlockingImport(preview(3), null, CHOICES)).toBe(0);
  });

  it('offers the import again once a choice that may change the verdict changes', () => {
    expect(rowsBlockingImport(preview(3), CHOICES, { ...CHOICES, createMissing: true })).toBe(0);
    expect(rowsBlockingImport(preview(3), CHOICES, { ...CHOICES, separator: ';' })).toBe(0);
    expect(rowsBlockingImport(preview(3), CHOICES, { ...CHOICES, decimal: '.' })).toBe(0);
  });
});
