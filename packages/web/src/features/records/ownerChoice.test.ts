import type { Proprietario } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { chooseOwner, grantingOwners, isEmptyAccount, needsOwnCounts } from './ownerChoice';

const owner = (id: number, nivel: Proprietario['nivel']): Proprietario => ({ id, nome: `Owner ${id}`, email: `o${id}@x.example`, company: '', nivel, nucleos: null });
const SELF = owner(7, 'proprietario');
const FARM_A = owner(20, 'leitura');
const FARM_B = owner(30, 'gestao');

describe('chooseOwner', () => {
  it('lands a user with nothing of their own on the first owner who granted access', () => {
    expect(chooseOwner([SELF, FARM_A, FARM_B], null, true)).toBe(FARM_A);
  });

  it('keeps a user with data of their own on their own account', () => {
    expect(chooseOwner([SELF, FARM_A], null, false)).toBe(SELF);
  });

  it('keeps self while the own counts are unknown (not loaded or failed)', () => {
    expect(chooseOwner([SELF, FARM_A], null, undefined)).toBe(SELF);
  });

  it('keeps self for a user without grants, however empty', () => {
    expect(chooseOwner([SELF], null, true)).toBe(SELF);
  });

  it('follows a stored choice, self included, over the landing default', () => {
    expect(chooseOwner([SELF, FARM_A, FARM_B], FARM_B.id, true)).toBe(FARM_B);
    expect(chooseOwner([SELF, FARM_A, FARM_B], SELF.id, true)).toBe(SELF);
  });

  it('drops a stored choice that is no longer granted and applies the default', () => {
    expect(chooseOwner([SELF, FARM_B], FARM_A.id, true)).toBe(FARM_B);
    expect(chooseOwner([SELF], FARM_A.id, true)).toBe(SELF);
  });

  it('has no owner until the list is loaded', () => {
    expect(chooseOwner([], 20, true)).toBeUndefined();
  });
});

describe('needsOwnCounts', () => {
  it('asks for the own counts only with grants and no valid stored choice', () => {
    expect(needsOwnCounts([SELF], null)).toBe(false);
    expect(needsOwnCounts([SELF, FARM_A], null)).toBe(true);
    expect(needsOwnCounts([SELF, FARM_A], FARM_A.id)).toBe(false);
    expect(needsOwnCounts([SELF, FARM_A], SELF.id)).toBe(false);
    expect(needsOwnCounts([SELF, FARM_A], 999)).toBe(true);
    expect(needsOwnCounts([], null)).toBe(false);
  });
});

describe('isEmptyAccount', () => {
  it('is empty without farms, devices and weighings; active flocks alone need a farm anyway', () => {
    expect(isEmptyAccount({ nucleos: 0, lotesAtivos: 0, dispositivos: 0, pesagens: 0 })).toBe(true);
    expect(isEmptyAccount({ nucleos: 1, lotesAtivos: 0, dispositivos: 0, pesagens: 0 })).toBe(false);
    expect(isEmptyAccount({ nucleos: 0, lotesAtivos: 0, dispositivos: 1, pesagens: 0 })).toBe(false);
    expect(isEmptyAccount({ nucleos: 0, lotesAtivos: 0, dispositivos: 0, pesagens: 3 })).toBe(false);
  });
});

describe('grantingOwners', () => {
  it('lists everyone but the user', () => {
    expect(grantingOwners([SELF, FARM_A, FARM_B])).toEqual([FARM_A, FARM_B]);
    expect(grantingOwners([SELF])).toEqual([]);
  });
});
