import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLocaleTree } from '../../i18n/resources';
import { schemaErrors } from '../records/schemaErrors';
import {
  loginBodyOf,
  loginRules,
  loginValues,
  recoverEmailOf,
  recoverRules,
  RESET_VALUES,
  resetRules,
  SIGNUP_VALUES,
  signupBodyOf,
  signupRules,
} from './authForms';

const GOOD_PASSWORD = 'galinha2026';

describe('login form', () => {
  it('passes an e-mail and a password, sending the e-mail trimmed and the password as typed', () => {
    const values = { email: '  Ana@Example.test ', password: ' x ' };
    expect(schemaErrors(loginRules, values)).toEqual({});
    expect(loginBodyOf(values)).toEqual({ email: 'Ana@Example.test', password: ' x ' });
  });

  it('says what is missing under each field, as the server would', () => {
    expect(schemaErrors(loginRules, loginValues())).toEqual({ email: 'INVALID_EMAIL', password: 'FIELD_REQUIRED' });
    expect(schemaErrors(loginRules, { email: 'not-an-address', password: 'x' })).toEqual({ email: 'INVALID_EMAIL' });
  });

  it('starts from the e-mail it is given (back from the recovery form)', () => {
    expect(loginValues('ana@example.test')).toEqual({ email: 'ana@example.test', password: '' });
  });
});

describe('password recovery form', () => {
  it('asks for a valid e-mail and sends it trimmed', () => {
    expect(schemaErrors(recoverRules, { email: '' })).toEqual({ email: 'INVALID_EMAIL' });
    expect(schemaErrors(recoverRules, { email: ' ana@example.test ' })).toEqual({});
    expect(recoverEmailOf({ email: ' ana@example.test ' })).toBe('ana@example.test');
  });
});

describe('signup form', () => {
  const filled = { name: ' Ana ', company: ' Granja ', email: ' ana@example.test ', password: GOOD_PASSWORD, confirm: GOOD_PASSWORD };

  it('passes a complete form and sends the register body in the visitor’s language, without the confirmation', () => {
    expect(schemaErrors(signupRules('es'), filled)).toEqual({});
    expect(signupBodyOf(filled, 'es')).toEqual({
      name: 'Ana',
      company: 'Granja',
      language: 'es',
      email: 'ana@example.test',
      password: GOOD_PASSWORD,
    });
  });

  it('says every problem at once, each under its field; the company may stay empty', () => {
    expect(schemaErrors(signupRules('pt'), SIGNUP_VALUES)).toEqual({
      name: 'FIELD_REQUIRED',
      email: 'INVALID_EMAIL',
      password: 'FIELD_REQUIRED',
    });
  });

  it('applies the shared password rules and the confirmation', () => {
    expect(schemaErrors(signupRules('pt'), { ...filled, password: 'ab1', confirm: 'ab1' })).toEqual({ password: 'PASSWORD_TOO_SHORT' });
    expect(schemaErrors(signupRules('pt'), { ...filled, password: 'onlyletters', confirm: 'onlyletters' })).toEqual({ password: 'PASSWORD_TOO_WEAK' });
    expect(schemaErrors(signupRules('pt'), { ...filled, confirm: 'galinha2027' })).toEqual({ confirm: 'PASSWORDS_DO_NOT_MATCH' });
  });
});

describe('new password form', () => {
  it('checks the new password and its confirmation, not the link’s token (the server judges it)', () => {
    expect(schemaErrors(resetRules, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD })).toEqual({});
    expect(schemaErrors(resetRules, RESET_VALUES)).toEqual({ password: 'FIELD_REQUIRED' });
    expect(schemaErrors(resetRules, { password: GOOD_PASSWORD, confirm: 'other1234' })).toEqual({ confirm: 'PASSWORDS_DO_NOT_MATCH' });
    expect(schemaErrors(resetRules, { password: '12345678', confirm: '12345678' })).toEqual({ password: 'PASSWORD_TOO_WEAK' });
  });
});

describe('the codes these forms show', () => {
  const CODES = ['INVALID_EMAIL', 'FIELD_REQUIRED', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_WEAK', 'PASSWORDS_DO_NOT_MATCH'];

  it.each(['pt', 'en', 'es'] as const)('are translated in %s (the same `errors.<CODE>` texts the server’s refusals show)', async (language) => {
    const i18n = createInstance();
    await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } } });
    for (const code of CODES) expect(i18n.exists(`errors.${code}`), `${language} errors.${code}`).toBe(true);
    expect(i18n.exists('records.form.checkFields')).toBe(true);
  });

  it('in Portuguese by default, as before', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'pt', resources: { pt: { translation: await loadLocaleTree('pt') } } });
    expect(i18n.t('errors.PASSWORDS_DO_NOT_MATCH')).toBe('As senhas não conferem.');
    expect(i18n.t('errors.INVALID_EMAIL')).toBe('E-mail inválido.');
  });
});
