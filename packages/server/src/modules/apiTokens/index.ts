/** The API tokens module's public face: machine clients' bearer tokens (issue 21), looked up by http/auth.ts. */
export { apiTokensModule } from './module.js';
export { apiTokensService, type ApiTokensService, type AuthenticatedToken } from './service.js';
