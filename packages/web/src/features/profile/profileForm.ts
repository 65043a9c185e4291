import { updateUserBody, type CsvSeparator, type Language, type UpdateUserBody, type User } from '@portal/shared';
import type { SchemaRules } from '../records/schemaErrors';
import { numberFormatChoiceOf, separatorOfNumberFormat, type NumberFormatChoice } from './profileOptions';

/**
 * The profile form's values. They carry updateuser's field names (`password` is the new
 * password, `current_password` the one asked for to change e-mail or password), so the schema's
 * and the server's field errors land on the inputs that show those fields.
 */
export interface ProfileValues {
  name: string;
  company: string;
  email: string;
  separador_csv: CsvSeparator;
  /** separador_decimal as a select value ('auto' stands for null: by language). */
  separador_decimal: NumberFormatChoice;
  timezone: string;
  language: Language;
  reports_language: Language;
  /** The new password; empty keeps the current one. */
  password: string;
  /** The new password typed again; never sent. */
  confirmPassword: string;
  current_password: string;
}

/** The form of a stored account: what the server keeps, with the password fields empty. */
export const profileValues = (user: User): ProfileValues => ({
  name: user.name,
  company: user.company,
  email: user.email,
  separador_csv: user.separador_csv,
  separador_decimal: numberFormatChoiceOf(user.separador_decimal),
  timezone: String(user.timezone),
  language: user.language,
  reports_language: user.reports_language,
  password: '',
  confirmPassword: '',
  current_password: '',
});

const emailChanged = (values: ProfileValues, user: User) => values.email.trim().toLowerCase() !== user.email.toLowerCase();

/** The server asks for the current password only to change the e-mail or the password. */
export const needsCurrentPassword = (values: ProfileValues, user: User): boolean =>
  emailChanged(values, user) || values.password !== '';

/**
 * updateuser's body: only what changed. The current password goes once typed; left empty it
 * is missing, which the form says (CURRENT_PASSWORD_REQUIRED) before asking the server.
 */
export function profileBody(values: ProfileValues, user: User): UpdateUserBody {
  const changes: UpdateUserBody = {};
  if (values.name.trim() !== user.name) changes.name = values.name.trim();
  if (values.company.trim() !== user.company) changes.company = values.company.trim();
  if (emailChanged(values, user)) changes.email = values.email.trim();
  if (values.separador_csv !== user.separador_csv) changes.separador_csv = values.separador_csv;
  const separadorDecimal = separatorOfNumberFormat(values.separador_decimal);
  if (separadorDecimal !== (user.separador_decimal ?? null)) changes.separador_decimal = separadorDecimal;
  if (Number(values.timezone) !== user.timezone) changes.timezone = Number(values.timezone);
  if (values.language !== user.language) changes.language = values.language;
  if (values.reports_language !== user.reports_language) changes.reports_language = values.reports_language;
  if (values.password !== '') changes.password = values.password;
  if (needsCurrentPassword(values, user) && values.current_password !== '') changes.current_password = values.current_password;
  return changes;
}

/** The changes checked by updateuser's schema, plus the confirmation and the current password. */
export const profileRules = (user: User): SchemaRules<ProfileValues> => ({
  schema: updateUserBody,
  toBody: (values) => profileBody(values, user),
  moreErrors: (values) => ({
    ...(values.password !== '' && values.password !== values.confirmPassword ? { confirmPassword: 'PASSWORDS_DO_NOT_MATCH' } : {}),
    ...(needsCurrentPassword(values, user) && values.current_password === '' ? { current_password: 'CURRENT_PASSWORD_REQUIRED' } : {}),
  }),
});
