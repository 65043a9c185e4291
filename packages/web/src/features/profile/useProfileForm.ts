import { useState } from 'react';
import type { CsvSeparator, Language, UpdateUserBody, User } from '@portal/shared';
import { numberFormatChoiceOf, separatorOfNumberFormat, type NumberFormatChoice } from './profileOptions';

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
  newPassword: string;
  confirmPassword: string;
  currentPassword: string;
}

/** Server field names (errors[].field) mapped to the inputs that show them. */
export const FIELD_OF_SERVER: Record<string, keyof ProfileValues> = {
  name: 'name',
  company: 'company',
  email: 'email',
  separador_csv: 'separador_csv',
  separador_decimal: 'separador_decimal',
  timezone: 'timezone',
  language: 'language',
  reports_language: 'reports_language',
  password: 'newPassword',
  current_password: 'currentPassword',
};

const valuesOf = (user: User): ProfileValues => ({
  name: user.name,
  company: user.company,
  email: user.email,
  separador_csv: user.separador_csv,
  separador_decimal: numberFormatChoiceOf(user.separador_decimal),
  timezone: String(user.timezone),
  language: user.language,
  reports_language: user.reports_language,
  newPassword: '',
  confirmPassword: '',
  currentPassword: '',
});

/** The profile form: values, what changed, and the updateuser body with only the changes. */
export function useProfileForm(user: User) {
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const passwordChanged = values.newPassword !== '';
  // The server asks for the current password only for these two changes.
  const needsCurrentPassword = emailChanged || passwordChanged;

  const body = (): UpdateUserBody => {
    const changes: UpdateUserBody = {};
    if (values.name.trim() !== user.name) changes.name = values.name.trim();
    if (values.company.trim() !== user.company) changes.company = values.company.trim();
    if (emailChanged) changes.email = values.email.trim();
    if (values.separador_csv !== user.separador_csv) changes.separador_csv = values.separador_csv;
    const separadorDecimal = separatorOfNumberFormat(values.separador_decimal);
    if (separadorDecimal !== (user.separador_decimal ?? null)) changes.separador_decimal = separadorDecimal;
    if (Number(values.timezone) !== user.timezone) changes.timezone = Number(values.timezone);
    if (values.language !== user.language) changes.language = values.language;
    if (values.reports_language !== user.reports_language) changes.reports_language = values.reports_language;
    if (passwordChanged) changes.password = values.newPassword;
    if (needsCurrentPassword) changes.current_password = values.currentPassword;
    return changes;
  };

  /** After saving: the form shows what the server kept, with the password fields emptied. */
  const reset = (saved: User) => setValues(valuesOf(saved));

  return { values, set, body, reset, passwordChanged, needsCurrentPassword };
}
