import type { Lote, Nucleo, RegisterLoteBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A flock in the first house of `farm` through the API (registerlote). */
export async function createLote(portal: TestPortal, account: TestAccount, farm: Nucleo, overrides: Partial<RegisterLoteBody> = {}): Promise<Lote> {
  sequence += 1;
  const body: RegisterLoteBody = {
    codigo: `L-${sequence}`,
    nucleo_id: farm.id,
    aviarios: [farm.aviarios[0]!.id],
    data_alojamento: '2026-11-01',
    aves_misto: 20000,
    ...overrides,
  };
  const answer = await portal.request<Lote>('POST', '/api/registerlote', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerlote failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
