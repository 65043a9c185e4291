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

const FEED_MODELS = ['SEQ', 'SAC', 'SEQFC'] as const;
const SILO_MODELS = ['SEQ', 'SEQFC'] as const;
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
      { key: 'standards', path: '/padroes' },
      { key: 'import', path: '/importacao' },
    ],
  },
  {
    key: 'feed',
    requires: FEED_MODELS,
    entries: [
      { key: 'silos', path: '/silos', requires: SILO_MODELS },
      { key: 'consumption', path: '/racao', requires: SILO_MODELS },
      { key: 'troughs', path: '/calhas', requires: ['SAC'] },
    ],
  },
  {
    key: 'general',
    entries: [
      { key: 'charts', path: '/graficos' },
      { key: 'devices', path: '/balancas', badge: 'deviceWarnings' },
      { key: 'sites', path: '/nucleos', labelSuffixWhen: { models: ['BL30PI'], suffixKey: 'hatcheriesSuffix' } },
      { key: 'fumigators', path: '/fumigadores', requires: FUMIGATOR_MODELS },
      { key: 'collectionPoints', path: '/coletores', requires: ['COLETOR'] },
      { key: 'permissions', path: '/permissoes' },
      { key: 'keys', path: '/chaves' },
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
