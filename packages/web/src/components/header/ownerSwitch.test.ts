import { describe, expect, it } from 'vitest';
import { pathAfterOwnerChange } from './ownerSwitch';

describe('pathAfterOwnerChange', () => {
  it('keeps a top-level screen, without the old owner’s filters', () => {
    expect(pathAfterOwnerChange('/dashboard', '', 20)).toBe('/dashboard');
    expect(pathAfterOwnerChange('/lotes', '?q=101', 20)).toBe('/lotes');
    expect(pathAfterOwnerChange('/racao', '?id=5&di=2026-01-01&df=2026-01-31', 20)).toBe('/racao');
  });

  it('names the new owner where the query named the old one', () => {
    expect(pathAfterOwnerChange('/aves', '?lote=5&prop=30', 20)).toBe('/aves?prop=20');
    expect(pathAfterOwnerChange('/aves', '?prop=30', 7)).toBe('/aves?prop=7');
  });

  it('leaves a record of the old owner for its list', () => {
    expect(pathAfterOwnerChange('/lotes/12', '', 20)).toBe('/lotes');
    expect(pathAfterOwnerChange('/silos/3/saldo', '', 20)).toBe('/silos');
    expect(pathAfterOwnerChange('/fumigadores/historico/4/detalhe/9', '', 20)).toBe('/fumigadores');
    expect(pathAfterOwnerChange('/nucleos/add', '', 20)).toBe('/nucleos');
  });

  it('sends device screens without a list of their own to the devices list', () => {
    expect(pathAfterOwnerChange('/remoto/8', '', 20)).toBe('/balancas');
    expect(pathAfterOwnerChange('/d/abc', '', 20)).toBe('/balancas');
    expect(pathAfterOwnerChange('/folder/2', '', 20)).toBe('/balancas');
    expect(pathAfterOwnerChange('/addbalanca', '', 20)).toBe('/balancas');
  });

  it('goes to the dashboard from the root', () => {
    expect(pathAfterOwnerChange('/', '', 20)).toBe('/dashboard');
  });
});
