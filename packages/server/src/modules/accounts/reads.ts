import { DEFAULT_TIMEZONE, type Language, type User } from '@portal/shared';
import type { UserRow, UsersRepository } from './users.repository.js';

/** The columns a user's public record is made of. */
export type PublicUserColumns = Pick<UserRow, 'id' | 'name' | 'email' | 'company' | 'separador_csv' | 'separador_decimal' | 'timezone' | 'language' | 'reports_language'>;

/** A user's record as the portal shows it (never its password hash). */
export const toUser = (row: PublicUserColumns): User => ({
  id: row.id,
  loadded: 'T',
  name: row.name,
  email: row.email,
  company: row.company,
  separador_csv: row.separador_csv as User['separador_csv'],
  separador_decimal: row.separador_decimal as User['separador_decimal'],
  timezone: Number(row.timezone),
  language: row.language as Language,
  reports_language: row.reports_language as Language,
});

/**
 * What other modules read of an account (through the accounts service): a user's public record
 * (name, e-mail, report language and separators, time zone) and its time zone alone.
 */
export function accountReads(users: Pick<UsersRepository, 'findById' | 'findByEmail' | 'timezoneOf'>) {
  return {
    async userById(id: number): Promise<User | undefined> {
      const row = await users.findById(id);
      return row && toUser(row);
    },

    /** The user with exactly this e-mail (as stored), if any. */
    async userByEmail(email: string): Promise<User | undefined> {
      const row = await users.findByEmail(email);
      return row && toUser(row);
    },

    /** The user's time zone in hours from UTC, by which reports count local days; the default for an unknown user. */
    async timezoneOf(userId: number): Promise<number> {
      return (await users.timezoneOf(userId)) ?? DEFAULT_TIMEZONE;
    },
  };
}
/** The account reads a module needs: a user's record and time zone. */
export type AccountReads = ReturnType<typeof accountReads>;
