import { describe, expect, it } from 'vitest';
import { pointBody, pointValues, refusedSerial } from './pointForm';

// What the client's ApiError holds for the server's answer.
const refusal = (msg: string) => ({
  code: 'COLLECTOR_NOT_FOUND',
  message: 'refused',
  status: 400,
  errors: [{ code: 'COLLECTOR_NOT_FOUND', msg, field: 'serie_coletores' }],
});

describe('collection point form', () => {
  it('sends the chosen collectors pipe-separated, and no house without a farm', () => {
    const values = { ...pointValues(), nome: 'Ponto 1', aviario_id: '4', serie_coletores: ['COL-1', 'COL-2'] };
    expect(pointBody(values)).toEqual({ nome: 'Ponto 1', nucleo_id: null, aviario_id: null, serie_coletores: 'COL-1|COL-2', obs: '' });
    expect(pointBody({ ...values, nucleo_id: '3' })).toMatchObject({ nucleo_id: 3, aviario_id: 4 });
  });

  it('names the serial a COLLECTOR_NOT_FOUND refusal ends with', () => {
    const error = refusal('A serial in the list is not a collector (COLETOR) registered to this owner: COL-9');
    expect(refusedSerial(error, ['COL-1', 'COL-9'], new Set(['COL-1']))).toBe('COL-9');
  });

  it('falls back to the first chosen serial that is not a known collector', () => {
    expect(refusedSerial(refusal('Not a collector.'), ['COL-1', 'X-2'], new Set(['COL-1']))).toBe('X-2');
  });

  it('ignores other errors', () => {
    expect(refusedSerial({ code: 'FORBIDDEN', message: 'no', status: 403, errors: [] }, ['COL-1'], new Set())).toBeNull();
    expect(refusedSerial(new Error('boom'), ['COL-1'], new Set())).toBeNull();
  });
});
