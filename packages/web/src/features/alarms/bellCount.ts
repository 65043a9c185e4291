import type { Alarme, AlarmesResponse, AlarmeSeveridade, LiveServerMessage } from '@portal/shared';
import { ALARME_SEVERIDADES } from '@portal/shared';

/** How many alarms the bell's popover lists (newest first); the page has the rest. */
export const BELL_LATEST = 5;
/** Above this the bell says "99+": the badge stays one small circle on a phone's header. */
export const BELL_MAX_SHOWN = 99;
/** The bell reads getalarmes again this often even without the live channel (a closed socket, an older portal). */
export const BELL_REFRESH_MS = 60_000;

/** The bell's badge text; null when nothing waits for an acknowledgement (no badge at all). */
export function bellBadge(abertos: number): string | null {
  if (!Number.isFinite(abertos) || abertos <= 0) return null;
  return abertos > BELL_MAX_SHOWN ? `${BELL_MAX_SHOWN}+` : String(Math.floor(abertos));
}

/**
 * Whether a live message means the bell of a tab showing `ownerId` must read getalarmes again:
 * only `{t:'alarmes'}` for that same owner (a user with grants gets every owner's it reaches).
 */
export function refreshesBell(message: LiveServerMessage, ownerId: number | undefined): boolean {
  return message.t === 'alarmes' && ownerId !== undefined && message.prop === ownerId;
}

const rank = (severidade: AlarmeSeveridade) => ALARME_SEVERIDADES.indexOf(severidade);

/**
 * What the popover lists: the active alarms (open before acknowledged, then the most urgent,
 * then the newest), at most `limit`.
 */
export function bellAlarms(answer: Pick<AlarmesResponse, 'alarmes'> | undefined, limit = BELL_LATEST): Alarme[] {
  if (!answer) return [];
  return answer.alarmes
    .filter((alarm) => alarm.estado !== 'encerrado')
    .sort(
      (a, b) =>
        Number(a.estado === 'reconhecido') - Number(b.estado === 'reconhecido') ||
        rank(a.severidade) - rank(b.severidade) ||
        Date.parse(b.aberto_em) - Date.parse(a.aberto_em) ||
        b.id - a.id,
    )
    .slice(0, limit);
}

/** The colour of a severity; always shown beside its word, never alone. */
export const SEVERITY_COLOR: Record<AlarmeSeveridade, string> = { critico: 'red', alerta: 'orange', aviso: 'yellow' };
