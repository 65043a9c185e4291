import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/index.js';
import { createLogger } from '../../logger.js';
import type { FarmsService } from '../farms/index.js';
import type { KeysService } from '../keys/index.js';
import { credentialUserFor, hashDeviceSecret, newDeviceSecret, secretMatches } from './credentials.js';
import type { DeviceRowBase, DevicesRepository } from './devices.repository.js';
import { devicesService } from './service.js';

const secret = newDeviceSecret();
const stored: DeviceRowBase = {
  id: 7, owner_id: 3, modelo: 'PS/SEL', serie: 'Ab-12', chip_id: '', versao: '', nome: '', nucleo_id: null, aviario_id: null, obs: '',
  credential_user: credentialUserFor('PS/SEL', 'Ab-12'), credential_hash: hashDeviceSecret(secret), last_contact_at: null, created_at: 1, updated_at: 1,
};

/** The service over a repository holding one device: verifyDeviceCredential needs nothing else. */
const service = devicesService({
  devices: { findByCredentialUser: async (user: string) => (user === stored.credential_user ? stored : undefined) } as unknown as DevicesRepository,
  keys: {} as KeysService,
  farms: {} as FarmsService,
  clock: Date.now,
  events: createEventBus(createLogger({ LOG_LEVEL: 'silent' })),
});

describe('device credentials', () => {
  it('issues 18-byte base64url secrets and a readable, unique login', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newDeviceSecret()).not.toBe(secret);
    expect(stored.credential_user).toBe('ps-sel-ab-12');
    expect(hashDeviceSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the right secret only', async () => {
    expect(await service.verifyDeviceCredential('ps-sel-ab-12', secret)).toEqual({ id: 7, owner_id: 3, modelo: 'PS/SEL', serie: 'Ab-12', chip_id: '' });
    expect(await service.verifyDeviceCredential('ps-sel-ab-12', `${secret}x`)).toBeNull();
    expect(await service.verifyDeviceCredential('ps-sel-ab-12', '')).toBeNull();
    expect(await service.verifyDeviceCredential('cs-ab-12', secret)).toBeNull();
  });

  it('compares hashes of any stored shape without throwing', () => {
    expect(secretMatches(secret, stored.credential_hash)).toBe(true);
    expect(secretMatches(secret, 'not-hex')).toBe(false);
    expect(secretMatches(secret, '')).toBe(false);
  });
});
