import { DEVICE_MODELS, serieField } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { deviceClientId, isOwnClientId } from './access.js';

describe("a device's MQTT client id", () => {
  it('is its own `{modelo}-{serie}`, or that with a `~` suffix, and nothing else', () => {
    const device = { modelo: 'CS', serie: 'A-CS-9' };
    expect(deviceClientId(device)).toBe('CS-A-CS-9');
    expect(isOwnClientId(device, 'CS-A-CS-9')).toBe(true);
    expect(isOwnClientId(device, 'CS-A-CS-9~1')).toBe(true);
    for (const other of ['CS-A-CS-9~', 'CS-A-CS-90', 'cs-A-CS-9', 'CS-A-CS', '', 'CS-A-CS-9 ']) expect(isOwnClientId(device, other), other).toBe(false);
    expect(isOwnClientId({ modelo: 'PS/SEL', serie: 'A-2' }, 'PS/SEL-A-2')).toBe(true);
  });

  it("cannot be another device's: models hold no '-' or '~', serials no '~'", () => {
    for (const modelo of DEVICE_MODELS) expect(modelo).not.toMatch(/[-~]/);
    expect(serieField.safeParse('A~1').success).toBe(false);
  });
});
