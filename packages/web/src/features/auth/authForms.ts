import {
  loginBody,
  passwordRecoverQuery,
  passwordResetBody,
  registerBody,
  type Language,
  type LoginBody,
  type RegisterBody,
} from '@portal/shared';
import type { SchemaRules } from '../records/schemaErrors';

/**
 * The signed-out forms (login, recovery, signup, new password): their values, the body each
 * sends and the shared schema that checks it, the same the server applies. The e-mail goes
 * trimmed, as the server keeps it; passwords go as typed.
 */

/** Set beside a confirmation field whose text differs from the password's. */
const mismatch = (password: string, confirm: string): Record<string, string> =>
  password === confirm ? {} : { confirm: 'PASSWORDS_DO_NOT_MATCH' };

export interface LoginValues {
  email: string;
  password: string;
}

export const loginValues = (email = ''): LoginValues => ({ email, password: '' });

export const loginBodyOf = (values: LoginValues): LoginBody => ({ email: values.email.trim(), password: values.password });

export const loginRules: SchemaRules<LoginValues> = { schema: loginBody, toBody: loginBodyOf };

export interface RecoverValues {
  email: string;
}

/** password_recover's query: the address to send the link to. */
export const recoverEmailOf = (values: RecoverValues): string => values.email.trim();

export const recoverRules: SchemaRules<RecoverValues> = {
  schema: passwordRecoverQuery,
  toBody: (values) => ({ email: recoverEmailOf(values) }),
};

export interface SignupValues {
  name: string;
  company: string;
  email: string;
  password: string;
  /** The password typed again; never sent. */
  confirm: string;
}

export const SIGNUP_VALUES: SignupValues = { name: '', company: '', email: '', password: '', confirm: '' };

/** register's body; the account starts in the interface language the visitor is using. */
export const signupBodyOf = (values: SignupValues, language: Language): RegisterBody => ({
  name: values.name.trim(),
  company: values.company.trim(),
  language,
  email: values.email.trim(),
  password: values.password,
});

/** login's body right after registering: the same e-mail and password. */
export const signupLoginOf = (values: SignupValues): LoginBody => loginBodyOf(values);

export const signupRules = (language: Language): SchemaRules<SignupValues> => ({
  schema: registerBody,
  toBody: (values) => signupBodyOf(values, language),
  moreErrors: (values) => mismatch(values.password, values.confirm),
});

export interface ResetValues {
  password: string;
  /** The password typed again; never sent. */
  confirm: string;
}

export const RESET_VALUES: ResetValues = { password: '', confirm: '' };

/**
 * Only the new password is checked here: the token comes from the e-mailed link, not from an
 * input, and whether it is still good only the server knows (RESET_LINK_INVALID, said in the
 * message area as before).
 */
export const resetRules: SchemaRules<ResetValues> = {
  schema: passwordResetBody.pick({ password: true }),
  toBody: (values) => ({ password: values.password }),
  moreErrors: (values) => mismatch(values.password, values.confirm),
};
