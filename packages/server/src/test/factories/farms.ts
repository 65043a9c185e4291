import type { Nivel, Nucleo, RegisterNucleoBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A farm with two houses through the API (registernucleo). */
export async function createNucleo(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterNucleoBody> = {}): Promise<Nucleo> {
  sequence += 1;
  const body: RegisterNucleoBody = {
    nome: `Núcleo ${sequence} Santa Clara`,
    cidade: 'Chapecó',
    estado: 'SC',
    pais: 'Brasil',
    aviarios: [
      { nome: 'Aviário 1', lados: 2, boxes: 4, capacidade: 24000 },
      { nome: 'Aviário 2', lados: 2, boxes: 4, capacidade: 24000 },
    ],
    ...overrides,
  };
  const answer = await portal.request<Nucleo>('POST', '/api/registernucleo', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registernucleo failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `owner` lets `grantee` read or manage its data (all of it, or the farms listed). */
export async function grantAccess(portal: TestPortal, owner: TestAccount, grantee: TestAccount, nivel: Nivel, nucleos: number[] | null = null): Promise<void> {
  const answer = await portal.request('POST', '/api/setpermissoes', { token: owner.token, body: { email: grantee.email, nivel, nucleos } });
  if (answer.status !== 200) throw new Error(`setpermissoes failed: ${JSON.stringify(answer.body)}`);
}
