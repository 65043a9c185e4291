import { LIVE_CHANNEL_VERSION, liveClientMessage, type LiveClientMessage } from '@portal/shared';
import type { RawData } from 'ws';

export type ParsedClientMessage =
  | { ok: true; message: LiveClientMessage }
  /** A hello of another version: the socket is closed with LIVE_CLOSE.version. */
  | { ok: false; reason: 'version'; detail: string }
  | { ok: false; reason: 'invalid'; detail: string };

const text = (data: RawData): string => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');

/** Reads one frame from a browser: JSON text matching liveClientMessage. */
export function parseClientMessage(data: RawData, isBinary: boolean): ParsedClientMessage {
  if (isBinary) return { ok: false, reason: 'invalid', detail: 'binary frame' };
  let raw: unknown;
  try {
    raw = JSON.parse(text(data));
  } catch {
    return { ok: false, reason: 'invalid', detail: 'not JSON' };
  }
  // Told apart from a malformed hello: the tab runs older (or newer) code and must reload, not retry.
  if (raw !== null && typeof raw === 'object' && (raw as { t?: unknown }).t === 'hello' && (raw as { v?: unknown }).v !== LIVE_CHANNEL_VERSION) {
    return { ok: false, reason: 'version', detail: `version ${String((raw as { v?: unknown }).v).slice(0, 20)}` };
  }
  const parsed = liveClientMessage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: 'invalid', detail: issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid' };
  }
  return { ok: true, message: parsed.data };
}
