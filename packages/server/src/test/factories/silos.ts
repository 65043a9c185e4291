import type { Nucleo, RegisterSiloBody, RegisterSiloMovBody, Silo, SiloMovimento } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A silo on `farm` through the API (registersilo). */
export async function createSilo(portal: TestPortal, account: TestAccount, farm: Nucleo, overrides: Partial<RegisterSiloBody> = {}): Promise<Silo> {
  sequence += 1;
  const body: RegisterSiloBody = { nome: `Silo ${sequence}`, nucleo_id: farm.id, capacidade_kg: 12000, tipo_racao: 'Inicial', ...overrides };
  const answer = await portal.request<Silo>('POST', '/api/registersilo', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registersilo failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Registers a movement (registersilomov) and answers the silo's movement list. */
export async function addMovement(portal: TestPortal, account: TestAccount, body: RegisterSiloMovBody): Promise<SiloMovimento[]> {
  const answer = await portal.request<SiloMovimento[]>('POST', '/api/registersilomov', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registersilomov failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
