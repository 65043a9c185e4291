import type { TestAccount } from '../factories.js';
import type { HttpAnswer, TestPortal } from '../harness.js';

/** The form of POST /api/importacao as a test sends it. */
export interface ImportForm {
  prop?: number;
  dry_run?: boolean;
  create_missing?: boolean;
  separador?: string;
  decimal?: string;
}

/**
 * Sends `content` as the `file` part of a multipart form (fields first, as the web does), over
 * real HTTP. `file: null` sends the fields alone.
 */
export async function importFile(
  portal: TestPortal,
  account: TestAccount,
  content: string | Uint8Array | null,
  form: ImportForm = {},
  name = 'pesagens.csv',
): Promise<HttpAnswer> {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.append(key, String(value));
  if (content !== null) body.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), name);
  const response = await fetch(`${portal.baseUrl}/api/importacao`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text so a failing test shows what came back.
  }
  return { status: response.status, body: parsed as any, headers: response.headers };
}

/** A file with the header `header` and `rows`, joined with `separator` and CRLF line ends. */
export const csvOf = (header: readonly string[], rows: readonly (readonly (string | number)[])[], separator = ';') =>
  [header, ...rows].map((cells) => cells.join(separator)).join('\r\n') + '\r\n';

/** Rows of the owner's weighings, imports and farms: to prove what an import stored or not. */
export async function storedCounts(portal: TestPortal, ownerId: number) {
  const db = portal.database.db;
  const count = async (table: 'pesagens' | 'importacoes' | 'nucleos' | 'lotes') =>
    Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).n);
  return { pesagens: await count('pesagens'), importacoes: await count('importacoes'), nucleos: await count('nucleos'), lotes: await count('lotes') };
}
