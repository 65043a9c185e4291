/**
 * The accounts module's public face: its route plugin, its service, and the reads of an account
 * other modules need (a user's record and time zone, AccountReads), which they get from the service.
 */
export { accountsModule } from './module.js';
export type { AccountReads } from './reads.js';
export { accountsService, type AccountsService, type ClientInfo } from './service.js';
