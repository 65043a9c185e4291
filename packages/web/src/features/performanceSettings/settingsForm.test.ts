import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { addProblem, causeToAdd, moved, settingsBody, settingsRules, settingsValues } from './settingsForm';

const LABELS = new Map([
  ['ascite', 'Ascite'],
  ['morte_subita', 'Morte súbita'],
]);

describe('causes of death editor', () => {
  it('adds a default by its translated name or code, anything else as typed', () => {
    expect(causeToAdd('  ascite ', LABELS)).toBe('ascite');
    expect(causeToAdd('MORTE SÚBITA', LABELS)).toBe('morte_subita');
    expect(causeToAdd('Coccidiose   aguda', LABELS)).toBe('Coccidiose aguda');
  });

  it('refuses an empty, too long or repeated cause and a full list', () => {
    expect(addProblem('', ['ascite'])).toBe('FIELD_REQUIRED');
    expect(addProblem('x'.repeat(41), ['ascite'])).toBe('FIELD_TOO_LONG');
    expect(addProblem('Coccidiose', ['ascite', 'coccidiose'])).toBe('DUPLICATE_NAME');
    expect(addProblem('nova', Array.from({ length: 30 }, (_, index) => `c${index}`))).toBe('LIST_FULL');
    expect(addProblem('Coccidiose', ['ascite'])).toBeNull();
  });

  it('moves a cause up or down, and not past an end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('settings form', () => {
  const stored = { prop: 3, causas: ['ascite', 'outras'], peso_referencia_g: 2500, pontos_100g: 0.02 };

  it('sends what is stored for the owner acted for', () => {
    expect(settingsBody(settingsValues(stored), 3)).toEqual({ prop: 3, causas: ['ascite', 'outras'], peso_referencia_g: 2500, pontos_100g: 0.02 });
    expect(settingsBody(settingsValues(stored), undefined)).not.toHaveProperty('prop');
    expect(schemaErrors(settingsRules(undefined), settingsValues(stored))).toEqual({});
  });

  it("checks with the server's schema: the reference's range, emptied numbers and an empty list", () => {
    const errors = schemaErrors(settingsRules(undefined), { causas: [], peso_referencia_g: 9000, pontos_100g: '' });
    expect(errors).toEqual({ causas: 'FIELD_REQUIRED', peso_referencia_g: 'FIELD_OUT_OF_RANGE', pontos_100g: 'FIELD_REQUIRED' });
  });
});
