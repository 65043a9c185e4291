import type { Fumigador, Nucleo, RegisterFumigadorBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A fumigator on `farm` through the API (registerfumigador). */
export async function createFumigador(portal: TestPortal, account: TestAccount, farm: Nucleo, overrides: Partial<RegisterFumigadorBody> = {}): Promise<Fumigador> {
  sequence += 1;
  const body: RegisterFumigadorBody = { nome: `Fumigador ${sequence}`, nucleo_id: farm.id, produto: 'Glutaraldeído', dose_ml: 250, ...overrides };
  const answer = await portal.request<Fumigador>('POST', '/api/registerfumigador', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerfumigador failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
