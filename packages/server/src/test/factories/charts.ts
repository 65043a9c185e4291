import type { Grafico, RegisterGraficoBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A chart through the API (registergrafico); `linhas` is required since every chart plots something. */
export async function createGrafico(
  portal: TestPortal,
  account: TestAccount,
  overrides: Partial<RegisterGraficoBody> & Pick<RegisterGraficoBody, 'linhas'>,
): Promise<Grafico> {
  sequence += 1;
  const body: RegisterGraficoBody = { titulo: `Gráfico ${sequence}`, ...overrides };
  const answer = await portal.request<Grafico>('POST', '/api/registergrafico', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registergrafico failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
