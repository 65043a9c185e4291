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

/**
 * Deaths of a flock as daily house records (registerdiario), one per entry's day in `aviarioId`
 * (default the flock's first house), cause 'outras'; entries of one day are summed.
 */
export async function recordDeaths(portal: TestPortal, account: TestAccount, lote: Lote, entries: readonly { data: string; aves: number }[], aviarioId = lote.aviarios[0]!.id): Promise<void> {
  const perDay = new Map<string, number>();
  for (const entry of entries) perDay.set(entry.data, (perDay.get(entry.data) ?? 0) + entry.aves);
  for (const [data, aves] of perDay) {
    const body = { prop: lote.prop, lote_id: lote.id, aviario_id: aviarioId, data, mortalidade: [{ causa: 'outras', aves }] };
    const answer = await portal.request('POST', '/api/registerdiario', { token: account.token, body });
    if (answer.status !== 200) throw new Error(`registerdiario failed: ${JSON.stringify(answer.body)}`);
  }
}
