import type { User } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../records/schemaErrors';
import { needsCurrentPassword, profileBody, profileRules, profileValues, type ProfileValues } from './profileForm';

const USER: User = {
  id: 7,
  loadded: 'T',
  name: 'Ana',
  email: 'ana@example.test',
  company: 'Granja',
  separador_csv: ';',
  separador_decimal: null,
  timezone: -3,
  language: 'pt',
  reports_language: 'pt',
};

const edited = (changes: Partial<ProfileValues>): ProfileValues => ({ ...profileValues(USER), ...changes });

describe('profile form values', () => {
  it('start from the account, with the password fields empty', () => {
    expect(profileValues(USER)).toEqual({
      name: 'Ana',
      company: 'Granja',
      email: 'ana@example.test',
      separador_csv: ';',
      separador_decimal: 'auto',
      timezone: '-3',
      language: 'pt',
      reports_language: 'pt',
      password: '',
      confirmPassword: '',
      current_password: '',
    });
  });

  it('send only what changed', () => {
    expect(profileBody(profileValues(USER), USER)).toEqual({});
    expect(profileBody(edited({ name: ' Joana ', separador_decimal: 'point', timezone: '5.5', reports_language: 'en' }), USER)).toEqual({
      name: 'Joana',
      separador_decimal: '.',
      timezone: 5.5,
      reports_language: 'en',
    });
  });

  it('ask for the current password only to change the e-mail or the password', () => {
    expect(needsCurrentPassword(edited({ name: 'Joana' }), USER)).toBe(false);
    expect(needsCurrentPassword(edited({ email: ' ANA@example.test ' }), USER)).toBe(false);
    expect(needsCurrentPassword(edited({ email: 'nova@example.test' }), USER)).toBe(true);
    expect(needsCurrentPassword(edited({ password: 'x' }), USER)).toBe(true);
  });

  it('send the current password with a new e-mail once typed', () => {
    expect(profileBody(edited({ email: ' nova@example.test ', current_password: 'segredo1' }), USER)).toEqual({
      email: 'nova@example.test',
      current_password: 'segredo1',
    });
  });
});

describe('profile form validation', () => {
  const rules = profileRules(USER);

  it('passes the account as it is, and a complete password change', () => {
    expect(schemaErrors(rules, profileValues(USER))).toEqual({});
    expect(schemaErrors(rules, edited({ password: 'galinha2026', confirmPassword: 'galinha2026', current_password: 'velha1' }))).toEqual({});
  });

  it('says a missing current password and a different confirmation together, under their fields', () => {
    expect(schemaErrors(rules, edited({ password: 'galinha2026', confirmPassword: 'galinha2027' }))).toEqual({
      confirmPassword: 'PASSWORDS_DO_NOT_MATCH',
      current_password: 'CURRENT_PASSWORD_REQUIRED',
    });
    expect(schemaErrors(rules, edited({ email: 'nova@example.test' }))).toEqual({ current_password: 'CURRENT_PASSWORD_REQUIRED' });
  });

  it('applies the shared rules to what changed: name, e-mail, new password', () => {
    expect(schemaErrors(rules, edited({ name: '  ' }))).toEqual({ name: 'FIELD_REQUIRED' });
    expect(schemaErrors(rules, edited({ email: 'ana@', current_password: 'velha1' }))).toEqual({ email: 'INVALID_EMAIL' });
    expect(schemaErrors(rules, edited({ password: 'curta1', confirmPassword: 'curta1', current_password: 'velha1' }))).toEqual({
      password: 'PASSWORD_TOO_SHORT',
    });
  });

  it('leaves a confirmation alone while no new password is typed', () => {
    expect(schemaErrors(rules, edited({ confirmPassword: 'stray' }))).toEqual({});
  });
});
