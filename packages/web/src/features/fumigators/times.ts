/** Times of day as the fumigator form takes them: typed by hand, stored HH:MM (24 h). */

/** Keeps what is typed to digits and one colon: '0830' → '08:30', '8:3' stays. */
export function maskTime(input: string): string {
  const [hours = '', minutes] = input.split(':');
  const h = hours.replace(/\D/g, '');
  if (minutes === undefined) return h.length <= 2 ? h : `${h.slice(0, 2)}:${h.slice(2, 4)}`;
  return `${h.slice(0, 2)}:${minutes.replace(/\D/g, '').slice(0, 2)}`;
}

/** A typed time as HH:MM ('8' → '08:00', '8:30' → '08:30'), or null when it is not a time of day. */
export function normalizeTime(typed: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(typed.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
