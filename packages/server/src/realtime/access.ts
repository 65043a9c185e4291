import { AppError } from '../http/errors.js';
import { reachesFarm, type Need, type OwnerScopes, type Principal } from '../modules/permissions/index.js';

/** A device's owner and farm: what decides who may see it. */
export interface DevicePlace {
  owner_id: number;
  nucleo_id: number | null;
}

/** `principal`: a signed-in user, or an API token's owner (reaching its devices within the token's farms). */
export type DeviceAccess = (principal: Principal, device: DevicePlace, need: Need) => Promise<boolean>;

/**
 * Whether a user may read or manage one device: its owner (or a grant from the owner at that
 * level) and, for a grant limited to some farms, the device's farm (a device without a farm
 * needs a whole-account grant). Refusals are false; a database failure is thrown.
 */
export function deviceAccess(scopes: OwnerScopes): DeviceAccess {
  return async (principal, device, need) => {
    try {
      return reachesFarm(await scopes.resolve(principal, device.owner_id, need), device.nucleo_id);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) return false;
      throw error;
    }
  };
}

/** Whether a user reads any of an owner's data: the owner, or a grantee of any level and reach. */
export type OwnerAccess = (userId: number, ownerId: number) => Promise<boolean>;

/** The owner itself without a query; a grantee by its grant. Refusals are false; a database failure is thrown. */
export function ownerAccess(scopes: OwnerScopes): OwnerAccess {
  return async (userId, ownerId) => {
    if (userId === ownerId) return true;
    try {
      await scopes.resolve({ userId }, ownerId, 'read');
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  };
}
