import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Tables, UsersTable } from '../../db/tables.js';

export type UserRow = Selectable<UsersTable>;

export function usersRepository(db: Kysely<Tables>) {
  return {
    async insert(user: Omit<UserRow, 'id'>): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    /** A user's timezone in hours from UTC, or undefined when there is no such user: the one query reports count local days with. */
    async timezoneOf(id: number): Promise<number | undefined> {
      const row = await db.selectFrom('users').select('timezone').where('id', '=', id).executeTakeFirst();
      // PostgreSQL answers numeric columns as text.
      return row === undefined ? undefined : Number(row.timezone);
    },
    async update(id: number, changes: Updateable<UsersTable>): Promise<UserRow> {
      return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
