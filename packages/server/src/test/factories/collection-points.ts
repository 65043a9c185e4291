import type { PontoColeta, RegisterPontoColetaBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A collection point through the API (registerpontocoleta); `serie_coletores` must name the owner's collectors. */
export async function createPontoColeta(
  portal: TestPortal,
  account: TestAccount,
  body: Partial<RegisterPontoColetaBody> & Pick<RegisterPontoColetaBody, 'serie_coletores'>,
): Promise<PontoColeta> {
  sequence += 1;
  const answer = await portal.request<PontoColeta>('POST', '/api/registerpontocoleta', { token: account.token, body: { nome: `Ponto ${sequence}`, ...body } });
  if (answer.status !== 200) throw new Error(`registerpontocoleta failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
