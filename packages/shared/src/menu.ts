/**
 * The side menu of section 2, with each entry's gating by the device models on the account.
 * Labels are locale keys (`menu.<key>`); the web renders, this file decides what shows.
 */
import { DEVICE_IDLE_WARNING_MINUTES } from './constants.js';

export interface MenuEntry {
  key: string;
  path: string;
  /** Shown only when the account has at least one device of these models. */
  requires?: readonly string[];
  /** Devices entry: carries the count of device warnings. */
  badge?: 'deviceWarnings';
  /** Sites entry: '/Incubatorios' is added to the label when the account has these models. */
  labelSuffixWhen?: { models: readonly string[]; suffixKey: string };
}

export interface MenuGroup {
  key: string;
  requires?: readonly string[];
  entries: readonly MenuEntry[];
}

/**
 * Section 2 gates the Feed group on SEQ, SAC or SEQFC, Silos and Consumption on SEQ or SEQFC and
 * Troughs on SAC. Every silo scale (the models that send SILO readings: BSILO, SPSILO, SILO too)
 * and every trough monitor (MCALHA too, which sends CALHA readings) opens them as well: those
 * screens read exactly what such a device sends (docs/decisions/0005).
 */
export const MENU_SILO_MODELS = ['SEQ', 'SEQFC', 'BSILO', 'SPSILO', 'SILO'] as const;
export const MENU_TROUGH_MODELS = ['SAC', 'MCALHA'] as const;
const FEED_MODELS = [...MENU_SILO_MODELS, ...MENU_TROUGH_MODELS] as const;
const FUMIGATOR_MODELS = ['DOSADOR', 'PDOS', 'PDOSADOR', 'DOSADORP'] as const;

export const MENU_TOP: readonly MenuEntry[] = [
  { key: 'dashboard', path: '/dashboard' },
  { key: 'profile', path: '/perfil' },
];

export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'birds',
    entries: [
      { key: 'uniformization', path: '/uniformizacao', requires: ['SELAUTO'] },
      { key: 'hatcheryWeighing', path: '/aves-incubatorio', requires: ['BL30PI'] },
      { key: 'weight', path: '/aves' },
      { key: 'flocks', path: '/lotes' },
      { key: 'comparison', path: '/comparativo' },
      { key: 'standards', path: '/padroes' },
      { key: 'import', path: '/importacao' },
    ],
  },
  {
    key: 'feed',
    requires: FEED_MODELS,
    entries: [
      { key: 'silos', path: '/silos', requires: MENU_SILO_MODELS },
      { key: 'consumption', path: '/racao', requires: MENU_SILO_MODELS },
      { key: 'troughs', path: '/calhas', requires: MENU_TROUGH_MODELS },
    ],
  },
  {
    key: 'general',
    entries: [
      { key: 'alarms', path: '/alarmes' },
      { key: 'charts', path: '/graficos' },
      { key: 'devices', path: '/balancas', badge: 'deviceWarnings' },
      { key: 'sites', path: '/nucleos', labelSuffixWhen: { models: ['BL30PI'], suffixKey: 'hatcheriesSuffix' } },
      { key: 'fumigators', path: '/fumigadores', requires: FUMIGATOR_MODELS },
      { key: 'collectionPoints', path: '/coletores', requires: ['COLETOR'] },
      { key: 'permissions', path: '/permissoes' },
      { key: 'keys', path: '/chaves' },
      { key: 'apiTokens', path: '/tokens' },
    ],
  },
];

export interface VisibleMenuEntry {
  key: string;
  path: string;
  badge?: 'deviceWarnings';
  suffixKey?: string;
}

export interface VisibleMenuGroup {
  key: string;
  entries: VisibleMenuEntry[];
}

const allows = (requires: readonly string[] | undefined, models: ReadonlySet<string>) =>
  !requires || requires.some((model) => models.has(model));

/** The groups and entries a user with devices of `deviceModels` sees. */
export function visibleMenu(deviceModels: Iterable<string>): VisibleMenuGroup[] {
  const models = new Set(deviceModels);
  return MENU_GROUPS.filter((group) => allows(group.requires, models)).map((group) => ({
    key: group.key,
    entries: group.entries
      .filter((entry) => allows(entry.requires, models))
      .map((entry) => {
        const visible: VisibleMenuEntry = { key: entry.key, path: entry.path };
        if (entry.badge) visible.badge = entry.badge;
        if (entry.labelSuffixWhen && allows(entry.labelSuffixWhen.models, models)) {
          visible.suffixKey = entry.labelSuffixWhen.suffixKey;
        }
        return visible;
      }),
  }));
}

/** Devices badge: devices without contact for at least `idleMinutes` (1440 by default). */
export function countDeviceWarnings(
  devices: Iterable<{ minutos: number }>,
  idleMinutes = DEVICE_IDLE_WARNING_MINUTES,
): number {
  let count = 0;
  for (const device of devices) if (device.minutos >= idleMinutes) count += 1;
  return count;
}
