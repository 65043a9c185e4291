import type { Proprietario, UsrStats } from '@portal/shared';

/**
 * Which owner the screens act for (see owner.ts). Pure, so the rule is tested on its own.
 *
 * - A stored choice still granted wins (self included: choosing oneself is remembered too).
 * - Without one, a user who may see other owners' data but has nothing of their own (a farm
 *   technician given access by the farms they serve) lands on the first owner who granted it:
 *   their own empty account has nothing to show.
 * - Anyone else acts for themselves.
 */
export function chooseOwner(
  owners: readonly Proprietario[],
  stored: number | null,
  ownAccountEmpty: boolean | undefined,
): Proprietario | undefined {
  const kept = stored === null ? undefined : owners.find((entry) => entry.id === stored);
  if (kept) return kept;
  const self = owners[0];
  const firstGrant = owners.find((entry) => entry.nivel !== 'proprietario');
  return ownAccountEmpty === true && firstGrant ? firstGrant : self;
}

/**
 * True while the default above still waits for the user's own counts: only a user with grants
 * and no (still valid) stored choice needs them.
 */
export function needsOwnCounts(owners: readonly Proprietario[], stored: number | null): boolean {
  const hasGrants = owners.some((entry) => entry.nivel !== 'proprietario');
  return hasGrants && (stored === null || !owners.some((entry) => entry.id === stored));
}

/** Nothing of one's own: no farm, no device and no weighing (the dashboard's counts, usrstats). */
export function isEmptyAccount(counts: UsrStats['contagens']): boolean {
  return counts.nucleos === 0 && counts.dispositivos === 0 && counts.pesagens === 0;
}

/** The owners who granted the user access (everyone but the user). */
export function grantingOwners(owners: readonly Proprietario[]): Proprietario[] {
  return owners.filter((entry) => entry.nivel !== 'proprietario');
}
