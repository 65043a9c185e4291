/** The keys module's public face: access keys (chaves) another account's user registers with. */
export { keysModule } from './module.js';
export { keysService, type AcceptedKey, type KeysService, type KeyUser } from './service.js';
