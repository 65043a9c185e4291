import type { RegisterTokenApiBody, TokenApiCreated } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

/** An API token through the API (registertokenapi); the answer carries the token itself. */
export async function createTokenApi(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterTokenApiBody> = {}): Promise<TokenApiCreated> {
  const body: RegisterTokenApiBody = { nome: `ERP ${Math.random().toString(36).slice(2, 8)}`, escopo: 'leitura', ...overrides };
  const answer = await portal.request<TokenApiCreated>('POST', '/api/registertokenapi', { token: account.token, body });
  if (answer.status !== 200 || typeof answer.body.token !== 'string') throw new Error(`registertokenapi failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
