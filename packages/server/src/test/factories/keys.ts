import type { ChaveCreated, RegisterChaveBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

/** An access key through the API (registerchave); the answer carries the key itself. */
export async function createChave(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterChaveBody> = {}): Promise<ChaveCreated & { chave: string }> {
  const body: RegisterChaveBody = { descricao: 'Instalador da granja', ...overrides };
  const answer = await portal.request<ChaveCreated>('POST', '/api/registerchave', { token: account.token, body });
  if (answer.status !== 200 || typeof answer.body.chave !== 'string') throw new Error(`registerchave failed: ${JSON.stringify(answer.body)}`);
  return answer.body as ChaveCreated & { chave: string };
}
