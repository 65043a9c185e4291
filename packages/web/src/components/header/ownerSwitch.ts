/** Screens whose path names one record but whose list is another screen. */
const LIST_OF: Readonly<Record<string, string>> = { d: '/balancas', remoto: '/balancas', folder: '/balancas', addbalanca: '/balancas' };

/**
 * Where to go once the owner acted for changes in the header. A record screen (lotes/12,
 * silos/3/saldo …) names the old owner's record: its list instead. A screen's query names the old
 * owner's records too (a flock id, a device id): dropped; a `prop` in it becomes the new owner, so
 * a report screen does not bring back its last filters, which name the old one.
 */
export function pathAfterOwnerChange(pathname: string, search: string, ownerId: number): string {
  const segments = pathname.split('/').filter(Boolean);
  const top = segments[0];
  if (top === undefined) return '/dashboard';
  if (segments.length > 1 || top in LIST_OF) return LIST_OF[top] ?? `/${top}`;
  const named = new URLSearchParams(search).has('prop');
  return named ? `/${top}?prop=${ownerId}` : `/${top}`;
}
