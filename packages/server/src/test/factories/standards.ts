import type { Padrao, RegisterPadraoBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A standard with three days of age through the API (registerpadrao). */
export async function createPadrao(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterPadraoBody> = {}): Promise<Padrao> {
  sequence += 1;
  const body: RegisterPadraoBody = {
    nome: `Padrão ${sequence} Ross`,
    linhagem: 'Ross 308',
    edicao: '2019',
    pontos: [
      { idade: 0, peso: 43 },
      { idade: 7, peso: 208, ganho_diario: 32, conversao: 0.821, consumo_acumulado: 170 },
      { idade: 14, peso: 519, ganho_diario: 54, conversao: 1.057, consumo_acumulado: 548 },
    ],
    ...overrides,
  };
  const answer = await portal.request<Padrao>('POST', '/api/registerpadrao', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerpadrao failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
