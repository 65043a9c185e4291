import type { DeviceModel } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

export interface DeviceRowOptions {
  serie?: string;
  nome?: string;
  nucleo_id?: number | null;
}

/**
 * A device row written straight with Kysely (for tests of records that point at devices, without
 * going through registerdevice). Answers its id and serial.
 */
export async function insertDevice(portal: TestPortal, account: TestAccount, modelo: DeviceModel, options: DeviceRowOptions = {}): Promise<{ id: number; serie: string }> {
  sequence += 1;
  const tag = `${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  const serie = options.serie ?? `SN-${tag}`;
  const now = Date.now();
  const { id } = await portal.database.db
    .insertInto('devices')
    .values({
      owner_id: account.user.id,
      modelo,
      serie,
      chip_id: 'AB12',
      versao: '1.0',
      nome: options.nome ?? '',
      nucleo_id: options.nucleo_id ?? null,
      aviario_id: null,
      obs: '',
      credential_user: `test-${tag}`,
      credential_hash: 'a'.repeat(64),
      last_contact_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, serie };
}
