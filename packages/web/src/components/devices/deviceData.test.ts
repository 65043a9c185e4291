import { DEVICE_MODELS } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { recordsWeighings, sendsMessage } from './deviceData';

describe('what a device model records', () => {
  it('lists bird weighings only for the models that send them', () => {
    const weighing = DEVICE_MODELS.filter(recordsWeighings);
    expect(weighing.sort()).toEqual(['BD15PS', 'BL30PI', 'COLETOR', 'CS', 'FC', 'PS/SEL', 'SELAUTO', 'SELAVES']);
    for (const model of ['BSILO', 'SPSILO', 'SILO', 'SEQ', 'SEQFC', 'MCALHA', 'SAC', 'DOSADOR', 'DOSADORP', 'CAM']) {
      expect(recordsWeighings(model), model).toBe(false);
    }
  });

  it('knows the silo scales and trough monitors by the readings they send', () => {
    expect(DEVICE_MODELS.filter((model) => sendsMessage(model, 'SILO')).sort()).toEqual(['BSILO', 'SEQ', 'SEQFC', 'SILO', 'SPSILO']);
    expect(DEVICE_MODELS.filter((model) => sendsMessage(model, 'CALHA')).sort()).toEqual(['MCALHA', 'SAC']);
    expect(sendsMessage('UNKNOWN', 'PES')).toBe(false);
  });
});
