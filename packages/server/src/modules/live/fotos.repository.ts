import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface NewFoto {
  owner_id: number;
  device_id: number;
  pedido: string;
  mime: string;
  conteudo: Buffer;
  created_at: number;
}

export interface FotoListItem {
  id: number;
  pedido: string;
  mime: string;
  bytes: number;
  created_at: number;
}

/** A picture the portal asks a device for; user_id null: the portal itself (a dosing event's proof). */
export interface NewFotoRequest {
  device_id: number;
  user_id: number | null;
  pedido: string;
  requested_at: number;
  expires_at: number;
}

/** What became of a device's picture (storeAnswer). */
export type AnswerOutcome =
  | { outcome: 'stored'; id: number }
  /** The request was answered before (a re-send, or another instance stored it): nothing stored now. */
  | { outcome: 'again'; id: number; created_at: number }
  /** No open request of that pedido: nothing stored. */
  | { outcome: 'unsolicited' }
  /** The device already stored its pictures of the last 24 hours: the request is closed, nothing stored. */
  | { outcome: 'over_quota' };

/** Local date (YYYY-MM-DD) of a day number counted from the epoch. */
const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Pictures devices sent (IMAGEM), stored in the database so every instance can serve them, and
 * the requests the portal sent for them (device_foto_pedidos): a picture is stored only as the
 * answer to an open request.
 */
export function fotosRepository(db: Kysely<Tables>) {
  /** The device's pictures stored in (since, ∞): how many, and when the oldest of them was. */
  async function storedSince(trx: Kysely<Tables>, deviceId: number, since: number): Promise<{ count: number; oldest: number | null }> {
    const row = await trx
      .selectFrom('device_fotos')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('device_id', '=', deviceId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  async function storedFor(trx: Kysely<Tables>, deviceId: number, pedido: string) {
    const row = await trx.selectFrom('device_fotos').select(['id', 'created_at']).where('device_id', '=', deviceId).where('pedido', '=', pedido).executeTakeFirst();
    return row && { id: Number(row.id), created_at: Number(row.created_at) };
  }

  return {
    /** Records a request; null when the device already has one of that pedido (nothing recorded). */
    async openRequest(request: NewFotoRequest): Promise<number | null> {
      const row = await db
        .insertInto('device_foto_pedidos')
        .values(request)
        .onConflict((oc) => oc.columns(['device_id', 'pedido']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** Withdraws a request (its command was not sent, or it was over a limit). */
    async dropRequest(id: number): Promise<void> {
      await db.deleteFrom('device_foto_pedidos').where('id', '=', id).execute();
    },

    /** The user's requests since `since` (which device, when), oldest first. */
    async userRequests(userId: number, since: number): Promise<Array<{ device_id: number; requested_at: number }>> {
      const rows = await db
        .selectFrom('device_foto_pedidos')
        .select(['device_id', 'requested_at'])
        .where('user_id', '=', userId)
        .where('requested_at', '>', since)
        .orderBy('requested_at')
        .execute();
      return rows.map((row) => ({ device_id: Number(row.device_id), requested_at: Number(row.requested_at) }));
    },

    /** Forgets requests made before `before` (they no longer count nor can be answered). */
    async purgeRequests(before: number): Promise<void> {
      await db.deleteFrom('device_foto_pedidos').where('requested_at', '<', before).execute();
    },

    /** The device's pictures stored after `since`: how many, and the oldest's time. */
    storedSince: (deviceId: number, since: number) => storedSince(db, deviceId, since),

    /**
     * Stores a device's picture if it answers an open request of the device (not answered, not
     * expired), closing the request; at most `perDay` pictures of the device in 24 hours. In one
     * transaction: when several instances receive the answer, the first closes the request and
     * stores; the others wait for its commit and find the picture stored ('again').
     */
    storeAnswer(foto: NewFoto, perDay: number, dayMs: number): Promise<AnswerOutcome> {
      return db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
        const now = foto.created_at;
        const closed = await trx
          .updateTable('device_foto_pedidos')
          .set({ answered_at: now })
          .where('device_id', '=', foto.device_id)
          .where('pedido', '=', foto.pedido)
          .where('answered_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('id')
          .executeTakeFirst();
        if (!closed) {
          const earlier = await storedFor(trx, foto.device_id, foto.pedido);
          return earlier ? { outcome: 'again', ...earlier } : { outcome: 'unsolicited' };
        }
        if ((await storedSince(trx, foto.device_id, now - dayMs)).count >= perDay) return { outcome: 'over_quota' };
        const inserted = await trx
          .insertInto('device_fotos')
          .values({ ...foto, bytes: foto.conteudo.length })
          .onConflict((oc) => oc.columns(['device_id', 'pedido']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) return { outcome: 'stored', id: Number(inserted.id) };
        // A picture of a pedido used long ago (its request was purged and asked again): kept as it was.
        const earlier = await storedFor(trx, foto.device_id, foto.pedido);
        return earlier ? { outcome: 'again', ...earlier } : { outcome: 'unsolicited' };
      });
    },

    /**
     * Stores a picture once per (device, pedido), with no request (tests and fixtures; devices'
     * pictures go through storeAnswer). Returns the picture's id and whether this call stored it.
     */
    async insert(foto: NewFoto): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insertInto('device_fotos')
        .values({ ...foto, bytes: foto.conteudo.length })
        .onConflict((oc) => oc.columns(['device_id', 'pedido']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: Number(inserted.id), created: true };
      const existing = await db
        .selectFrom('device_fotos')
        .select('id')
        .where('device_id', '=', foto.device_id)
        .where('pedido', '=', foto.pedido)
        .executeTakeFirstOrThrow();
      return { id: Number(existing.id), created: false };
    },

    /** The days (in the user's timezone, tzOffsetHours from UTC) with pictures, newest first, with counts. */
    async listDays(deviceId: number, tzOffsetHours: number): Promise<Array<{ data: string; fotos: number }>> {
      const offset = Math.round(tzOffsetHours * HOUR_MS);
      // Integer division of two integers truncates on both databases; created_at is never before 1970.
      // Literals, not parameters: PostgreSQL must see the same expression in SELECT and GROUP BY,
      // and SQLite divides integer literals as integers.
      const day = sql<number>`(created_at + ${sql.lit(offset)}) / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('device_fotos')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('fotos')])
        .where('device_id', '=', deviceId)
        .groupBy(day)
        .execute();
      // Whole-numbered and merged again here, so a REAL division could never split one day.
      const counts = new Map<number, number>();
      for (const row of rows) {
        const dayNumber = Math.floor(Number(row.day));
        counts.set(dayNumber, (counts.get(dayNumber) ?? 0) + Number(row.fotos));
      }
      return [...counts]
        .sort((a, b) => b[0] - a[0])
        .map(([dayNumber, fotos]) => ({ data: dayText(dayNumber), fotos }));
    },

    /** The pictures stored in [from, to) (epoch ms), newest first, without their bytes. */
    async listOfDay(deviceId: number, from: number, to: number): Promise<FotoListItem[]> {
      const rows = await db
        .selectFrom('device_fotos')
        .select(['id', 'pedido', 'mime', 'bytes', 'created_at'])
        .where('device_id', '=', deviceId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), bytes: Number(row.bytes), created_at: Number(row.created_at) }));
    },

    /** One of the owner's pictures with its bytes. */
    async find(ownerId: number, id: number): Promise<{ id: number; device_id: number; mime: string; conteudo: Buffer } | undefined> {
      const row = await db
        .selectFrom('device_fotos')
        .select(['id', 'device_id', 'mime', 'conteudo'])
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return { id: Number(row.id), device_id: row.device_id, mime: row.mime, conteudo: Buffer.from(row.conteudo) };
    },
  };
}
export type FotosRepository = ReturnType<typeof fotosRepository>;
