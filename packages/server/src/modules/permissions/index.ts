/** The permissions module's public face: grants, and the owner scope every call is resolved to. */
export { permissionsModule } from './module.js';
export { permissionsService, type PermissionsService } from './service.js';
export {
  inReach,
  ownerScopes,
  reachesFarm,
  requireLinkedDevice,
  requireOwner,
  requireWholeAccount,
  type ApiTokenGrant,
  type Need,
  type OwnerScope,
  type OwnerScopes,
  type Principal,
} from './scope.js';
