import type { RegisterTokenApiBody, TokenApi, TokenApiCreated } from '@portal/shared';
import { call } from './client';

/**
 * The owner's API tokens for machine clients (gettokenapi, registertokenapi, revogatokenapi),
 * typed by the call table. Only registertokenapi's answer carries the token itself, once.
 */
export const apiTokensApi = {
  list: (prop?: number): Promise<TokenApi[]> => call('gettokenapi', { query: prop === undefined ? {} : { prop } }),

  create: (body: RegisterTokenApiBody): Promise<TokenApiCreated> => call('registertokenapi', { body }),

  revoke: (idtoken: number, prop?: number): Promise<TokenApi> =>
    call('revogatokenapi', { body: prop === undefined ? { idtoken } : { idtoken, prop } }),
};
