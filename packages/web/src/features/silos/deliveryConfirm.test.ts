import type { SiloEntrega } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { deliveryConfirmBody, deliveryConfirmRules, deliveryConfirmValues } from './deliveryConfirm';

const entrega: SiloEntrega = {
  em: 1_772_845_201_000,
  ate: 1_772_845_501_000,
  antes_kg: 3999.6,
  depois_kg: 7999.6,
  quantidade_kg: 4000,
  situacao: 'pendente',
  movimento_id: null,
  quantidade_confirmada_kg: null,
  corrigida: false,
};

describe('confirming a detected delivery', () => {
  it('starts from the detected amount and sends the amount the form holds', () => {
    expect(deliveryConfirmValues(entrega)).toEqual({ quantidade_kg: 4000 });
    expect(deliveryConfirmBody(7, entrega, { quantidade_kg: 3950.5 })).toEqual({ idsilo: 7, em: entrega.em, confirmar: true, quantidade_kg: 3950.5 });
  });

  it('checks the amount as the server does: required, above 0, within range', () => {
    const rules = deliveryConfirmRules(7, entrega);
    expect(schemaErrors(rules, { quantidade_kg: 4000 })).toEqual({});
    expect(schemaErrors(rules, { quantidade_kg: 3950.5 })).toEqual({});
    expect(schemaErrors(rules, { quantidade_kg: '' })).toEqual({ quantidade_kg: 'FIELD_REQUIRED' });
    expect(schemaErrors(rules, { quantidade_kg: 0 })).toEqual({ quantidade_kg: 'FIELD_OUT_OF_RANGE' });
    expect(schemaErrors(rules, { quantidade_kg: -5 })).toEqual({ quantidade_kg: 'FIELD_OUT_OF_RANGE' });
    expect(schemaErrors(rules, { quantidade_kg: 20_000_000 })).toEqual({ quantidade_kg: 'FIELD_OUT_OF_RANGE' });
  });
});
