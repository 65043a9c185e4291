import type { LiveServerMessage } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { liveDevicesOf } from '../../api/live';
import { isLiveDevice } from './liveDevices';
import { applyLiveMessage } from './useLiveReadings';

const device = (modelo: string, chip_id: string) => ({ id: 1, modelo, serie: 'S1', chip_id, nome: 'Balança 1', obs: 'nota' });

describe('which devices are live', () => {
  it('are the live models with a chip id of at least 2 characters', () => {
    expect(isLiveDevice(device('CS', 'AB'))).toBe(true);
    expect(isLiveDevice(device('MCALHA', 'A1B2'))).toBe(true);
    expect(isLiveDevice(device('CS', 'A'))).toBe(false);
    expect(isLiveDevice(device('FC', 'AB12'))).toBe(false);
    expect(isLiveDevice(device('BL30PI', 'AB12'))).toBe(false);
  });

  it('register by their key only, without names or notes', () => {
    expect(liveDevicesOf([device('CS', 'AB'), device('FC', 'AB'), device('COLETOR', '')])).toEqual([{ modelo: 'CS', serie: 'S1', chip_id: 'AB' }]);
  });
});

describe('applyLiveMessage', () => {
  const about = { chave: 'CS|S1|AB', iddevice: 1, modelo: 'CS', serie: 'S1' };
  it('keeps each device’s last reading and last picture by key', () => {
    const reading: LiveServerMessage = { t: 'leitura', em: '2026-03-05T10:00:00Z', leitura: { tipo: 'PESO', peso: 1, estavel: true, aves: 0 }, ...about };
    const picture: LiveServerMessage = { t: 'imagem', em: '2026-03-05T10:00:01Z', pedido: 'p1', url: 'img_cs/9', ...about };
    const state = [reading, picture, { t: 'pong' } as const].reduce(applyLiveMessage, {});
    expect(state).toEqual({
      'CS|S1|AB': { reading: { leitura: reading.leitura, em: reading.em }, image: { url: 'img_cs/9', em: picture.em, pedido: 'p1' } },
    });
  });

  it('keeps a collector’s last complete batch while the next one fills', () => {
    const collector = { chave: 'COLETOR|C1|AB', iddevice: 2, modelo: 'COLETOR', serie: 'C1' };
    const coleta = (em: string, machos: number, femeas: number): LiveServerMessage => ({ t: 'leitura', em, leitura: { tipo: 'COLETA', machos, femeas, peso_total: (machos + femeas) * 2000 }, ...collector });
    const filling = [coleta('2026-03-05T10:00:00Z', 5, 4)].reduce(applyLiveMessage, {});
    expect(filling[collector.chave]?.lastBatch).toBeUndefined();
    const state = [coleta('2026-03-05T10:00:00Z', 5, 4), coleta('2026-03-05T10:00:02Z', 11, 9), coleta('2026-03-05T10:00:04Z', 1, 1)].reduce(applyLiveMessage, {});
    expect(state[collector.chave]?.reading?.leitura).toEqual({ tipo: 'COLETA', machos: 1, femeas: 1, peso_total: 4000 });
    expect(state[collector.chave]?.lastBatch).toEqual({ em: '2026-03-05T10:00:02Z', leitura: { tipo: 'COLETA', machos: 11, femeas: 9, peso_total: 40_000 } });
  });
});
