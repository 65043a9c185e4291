import type { TokenApi } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { apiAddress, canRevoke, curlExample, emptyTokenValues, sortTokens, tokenBody, tokenFarmNames, tokenRules } from './tokenForm';

const token = (id: number, estado: TokenApi['estado'], created_at: string): TokenApi => ({
  id,
  prop: 1,
  nome: `T${id}`,
  escopo: 'leitura',
  nucleos: null,
  expira_em: null,
  prefixo: 'pat_abcd',
  estado,
  created_at,
  ultimo_uso: null,
  revogado_em: null,
});

describe('create-token form', () => {
  it('sends every farm as null, a read scope and no expiry by default', () => {
    expect(tokenBody({ ...emptyTokenValues(), nome: 'ERP' })).toEqual({ nome: 'ERP', escopo: 'leitura', nucleos: null, expira_em: null });
    expect(schemaErrors(tokenRules, { ...emptyTokenValues(), nome: 'ERP' })).toEqual({});
  });

  it('sends the chosen farms as numbers and the last day as an ISO date', () => {
    const values = { nome: 'ERP', escopo: 'importacao' as const, todosNucleos: false, nucleos: ['4', '9'], expira_em: '05/03/2027' };
    expect(tokenBody(values)).toEqual({ nome: 'ERP', escopo: 'importacao', nucleos: [4, 9], expira_em: '2027-03-05' });
    expect(schemaErrors(tokenRules, values)).toEqual({});
  });

  it('says on its input what is missing or wrong: the name, an emptied farm choice, a date that is not one', () => {
    const errors = schemaErrors(tokenRules, { ...emptyTokenValues(), todosNucleos: false, nucleos: [], expira_em: '31/02/2027' });
    expect(errors.nome).toBe('FIELD_REQUIRED');
    expect(errors.nucleos).toBe('FIELD_REQUIRED');
    expect(errors.expira_em).toBe('FIELD_INVALID');
  });

  it('ignores a farm choice left behind when every farm is ticked again', () => {
    expect(tokenBody({ ...emptyTokenValues(), nome: 'ERP', todosNucleos: true, nucleos: ['4'] }).nucleos).toBeNull();
  });
});

describe('token list facts', () => {
  it('lists active tokens first, then expired, then revoked, newest first within each', () => {
    const sorted = sortTokens([
      token(1, 'revogado', '2026-01-03T00:00:00.000Z'),
      token(2, 'ativo', '2026-01-01T00:00:00.000Z'),
      token(3, 'expirado', '2026-01-05T00:00:00.000Z'),
      token(4, 'ativo', '2026-01-02T00:00:00.000Z'),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual([4, 2, 3, 1]);
  });

  it('offers revoking until a token is revoked', () => {
    expect(canRevoke({ estado: 'ativo' })).toBe(true);
    expect(canRevoke({ estado: 'expirado' })).toBe(true);
    expect(canRevoke({ estado: 'revogado' })).toBe(false);
  });

  it('names the farms a token reaches, every farm as null, a farm no longer there by its id', () => {
    const farms = [
      { id: 4, nome: 'Granja Norte' },
      { id: 9, nome: 'Granja Sul' },
    ];
    expect(tokenFarmNames(null, farms)).toBeNull();
    expect(tokenFarmNames([9, 4, 12], farms)).toEqual(['Granja Sul', 'Granja Norte', '#12']);
  });
});

describe('curl example', () => {
  it('calls the api beside the page, wherever the portal is mounted, without the route hash', () => {
    expect(apiAddress('https://portal.example/#/tokens', 'getnucleo')).toBe('https://portal.example/api/getnucleo');
    expect(apiAddress('http://10.0.0.5:8080/portal/index.html#/tokens?x=1', 'getnucleo')).toBe('http://10.0.0.5:8080/portal/api/getnucleo');
    expect(curlExample('https://portal.example/#/tokens', 'pat_xyz')).toBe('curl -H "Authorization: Bearer pat_xyz" "https://portal.example/api/getnucleo"');
  });
});
