import type { DeviceSaved, RegisterDeviceBody } from '@portal/shared';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A serial no other test uses (serials are unique across all accounts). */
export function uniqueSerial(prefix = 'SN'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A device through the API (registerdevice); a live CS scale unless overridden. */
export async function createDevice(portal: TestPortal, account: TestAccount, overrides: Partial<RegisterDeviceBody> = {}): Promise<DeviceSaved> {
  const body: RegisterDeviceBody = { modelo: 'CS', serie: uniqueSerial(), chip_id: 'ESP32-A1', nome: 'Balança do aviário', ...overrides };
  const answer = await portal.request<DeviceSaved>('POST', '/api/registerdevice', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registerdevice failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
