import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from './constants.js';
import { MODEL_MESSAGES } from './devices/protocol.js';
import { countDeviceWarnings, MENU_SILO_MODELS, MENU_TROUGH_MODELS, visibleMenu } from './menu.js';

const keysOf = (models: string[]) =>
  Object.fromEntries(visibleMenu(models).map((group) => [group.key, group.entries.map((entry) => entry.key)]));

describe('visibleMenu', () => {
  it('shows only ungated entries to an account without devices', () => {
    expect(keysOf([])).toEqual({
      birds: ['weight', 'flocks', 'comparison', 'standards', 'import'],
      general: ['alarms', 'charts', 'devices', 'sites', 'permissions', 'keys', 'apiTokens'],
    });
  });

  it('adds Uniformization for SELAUTO and Hatchery weighing for BL30PI', () => {
    expect(keysOf(['SELAUTO']).birds).toContain('uniformization');
    expect(keysOf(['SELAUTO']).birds).not.toContain('hatcheryWeighing');
    expect(keysOf(['BL30PI']).birds).toContain('hatcheryWeighing');
  });

  it('shows the Feed group for SEQ, SAC or SEQFC with the right entries', () => {
    expect(keysOf(['SEQ']).feed).toEqual(['silos', 'consumption']);
    expect(keysOf(['SEQFC']).feed).toEqual(['silos', 'consumption']);
    expect(keysOf(['SAC']).feed).toEqual(['troughs']);
    expect(keysOf(['SEQ', 'SAC']).feed).toEqual(['silos', 'consumption', 'troughs']);
  });

  it('opens Feed with Silos and Consumption for an account with only BSILO, SPSILO or SILO scales', () => {
    for (const model of ['BSILO', 'SPSILO', 'SILO']) {
      expect(keysOf([model]).feed, model).toEqual(['silos', 'consumption']);
    }
    expect(keysOf(['SILO', 'BSILO']).feed).toEqual(['silos', 'consumption']);
  });

  it('opens Feed with Troughs for an account with only MCALHA monitors', () => {
    expect(keysOf(['MCALHA']).feed).toEqual(['troughs']);
    expect(keysOf(['BSILO', 'MCALHA']).feed).toEqual(['silos', 'consumption', 'troughs']);
  });

  it('keeps Feed hidden for accounts without silo scales or trough monitors', () => {
    for (const model of ['CS', 'FC', 'BD15PS', 'PS/SEL', 'BL30PI', 'SELAUTO', 'SELAVES', 'COLETOR', 'DOSADOR', 'DOSADORP', 'CAM']) {
      expect(keysOf([model]), model).not.toHaveProperty('feed');
    }
  });

  it('gates Silos on every model that sends silo readings and Troughs on every one that sends trough readings', () => {
    const sending = (message: string) => DEVICE_MODELS.filter((model) => MODEL_MESSAGES[model].includes(message as never)).sort();
    expect([...MENU_SILO_MODELS].sort()).toEqual(sending('SILO'));
    expect([...MENU_TROUGH_MODELS].sort()).toEqual(sending('CALHA'));
  });

  it('shows Fumigators for any doser model and Collection points for COLETOR', () => {
    for (const model of ['DOSADOR', 'PDOS', 'PDOSADOR', 'DOSADORP']) {
      expect(keysOf([model]).general).toContain('fumigators');
    }
    expect(keysOf(['CS']).general).not.toContain('fumigators');
    expect(keysOf(['COLETOR']).general).toContain('collectionPoints');
  });

  it("adds '/Incubatorios' to Sites only with BL30PI", () => {
    const sites = (models: string[]) =>
      visibleMenu(models).find((g) => g.key === 'general')!.entries.find((e) => e.key === 'sites')!;
    expect(sites(['BL30PI']).suffixKey).toBe('hatcheriesSuffix');
    expect(sites(['CS']).suffixKey).toBeUndefined();
  });

  it('marks Devices with the warnings badge', () => {
    const devices = visibleMenu([]).find((g) => g.key === 'general')!.entries.find((e) => e.key === 'devices')!;
    expect(devices.badge).toBe('deviceWarnings');
  });
});

describe('countDeviceWarnings', () => {
  it('counts devices idle for 1440 minutes or more', () => {
    expect(countDeviceWarnings([{ minutos: 0 }, { minutos: 1439 }, { minutos: 1440 }, { minutos: 90_000 }])).toBe(2);
    expect(countDeviceWarnings([])).toBe(0);
  });
});
