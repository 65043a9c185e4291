import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';

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

/** Local date (YYYY-MM-DD) of a day number counted from the epoch. */
const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Pictures devices sent (IMAGEM), stored in the database so every instance can serve them. */
export function fotosRepository(db: Kysely<Tables>) {
  return {
    /**
     * Stores a picture once per (device, pedido): a re-sent picture or one received by two
     * instances is a no-op. Returns the picture's id and whether this call stored it.
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
