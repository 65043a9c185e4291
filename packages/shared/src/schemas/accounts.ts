import { z } from 'zod';
import {
  CSV_SEPARATORS,
  DECIMAL_SEPARATORS,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TIMEZONE_MAX,
  TIMEZONE_MIN,
} from '../constants.js';
import { decimalField, idField, isWellFormedText, secretField, textField } from './primitives.js';

// Custom messages are error codes: the server turns each into {code, msg, field}.
export const nameField = textField({ max: 120, min: 1 });
export const companyField = textField({ max: 120 });
export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_EMAIL') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'FIELD_TOO_LONG' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }));

/** A new password: long enough and not letters-only or digits-only. */
export const newPasswordField = secretField({ max: PASSWORD_MAX_LENGTH })
  .min(PASSWORD_MIN_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), { error: 'PASSWORD_TOO_WEAK' });

/** A password being checked, not set: only bounded so hashing cannot be abused. */
export const givenPasswordField = secretField({ max: PASSWORD_MAX_LENGTH });

export const languageField = z.enum(LANGUAGES, { error: 'FIELD_INVALID' });
export const csvSeparatorField = z.enum(CSV_SEPARATORS, { error: 'FIELD_INVALID' });
/** ',' (1.234,5), '.' (1,234.5) or null (by language); anything else is refused with its own code. */
export const decimalSeparatorField = z.enum(DECIMAL_SEPARATORS, { error: 'DECIMAL_SEPARATOR_INVALID' }).nullable();
export const timezoneField = decimalField({ min: TIMEZONE_MIN, max: TIMEZONE_MAX, step: 0.25 });

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  company: companyField.default(''),
  language: languageField.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: givenPasswordField,
});
export type LoginBody = z.input<typeof loginBody>;

/** The User of section 3. `loadded` is 'T' for a user read from the server, 'F' for the placeholder. */
export const user = z.object({
  id: z.number().int(),
  loadded: z.enum(['T', 'F']),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  separador_csv: csvSeparatorField,
  separador_decimal: decimalSeparatorField,
  timezone: z.number(),
  language: languageField,
  reports_language: languageField,
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  user,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const updateUserBody = z
  .object({
    name: nameField.optional(),
    email: emailField.optional(),
    company: companyField.optional(),
    separador_csv: csvSeparatorField.optional(),
    separador_decimal: decimalSeparatorField.optional(),
    timezone: timezoneField.optional(),
    language: languageField.optional(),
    reports_language: languageField.optional(),
    password: newPasswordField.optional(),
    current_password: givenPasswordField.optional(),
  });
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const passwordRecoverQuery = z.object({ email: emailField });
export const passwordResetBody = z.object({
  token: z
    .string({ error: 'RESET_LINK_INVALID' })
    .min(1, { error: 'RESET_LINK_INVALID' })
    .max(200, { error: 'RESET_LINK_INVALID' })
    .refine(isWellFormedText, { error: 'RESET_LINK_INVALID' }),
  password: newPasswordField,
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;

export const setCookieQuery = z.object({
  'api-token': secretField({ max: 200 }),
});

export const session = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;
export const sessionList = z.array(session);
export const delSessionBody = z.object({ idsession: idField() });

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
