import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MENU_GROUPS, MENU_TOP } from '@portal/shared';
import { flatten, placeholders } from './flatten';
import { loadLocaleTree } from './resources';

// The shared file and every feature's file, as the app loads them.
const locales = { pt: flatten(await loadLocaleTree('pt')), en: flatten(await loadLocaleTree('en')), es: flatten(await loadLocaleTree('es')) };
const names = Object.keys(locales) as (keyof typeof locales)[];

describe('locale files', () => {
  it('have identical key sets', () => {
    const all = new Set(names.flatMap((name) => [...locales[name].keys()]));
    const missing = names.flatMap((name) =>
      [...all].filter((key) => !locales[name].has(key)).map((key) => `${name}.json lacks ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('have no empty texts and the same placeholders in every language', () => {
    const problems: string[] = [];
    for (const [key, text] of locales.pt) {
      for (const name of names) {
        const other = locales[name].get(key);
        if (other === undefined) continue;
        if (other.trim() === '') problems.push(`${name}.json: ${key} is empty`);
        if (placeholders(other).join() !== placeholders(text).join()) {
          problems.push(`${name}.json: ${key} placeholders differ from pt`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('translate every error code of @portal/shared', () => {
    const missing = names.flatMap((name) =>
      Object.keys(ERROR_CODES)
        .filter((code) => !locales[name].has(`errors.${code}`))
        .map((code) => `${name}.json lacks errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('label every menu entry, group and suffix of @portal/shared', () => {
    const keys = [
      ...MENU_TOP.map((entry) => `menu.${entry.key}`),
      ...MENU_GROUPS.map((group) => `menuGroups.${group.key}`),
      ...MENU_GROUPS.flatMap((group) =>
        group.entries.flatMap((entry) => [
          `menu.${entry.key}`,
          // The dashboard describes every entry with its screen's line.
          `screens.${entry.key}.description`,
          ...(entry.labelSuffixWhen ? [`menu.${entry.labelSuffixWhen.suffixKey}`] : []),
        ]),
      ),
    ];
    const missing = names.flatMap((name) =>
      keys.filter((key) => !locales[name].has(key)).map((key) => `${name}.json lacks ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('say the exact Portuguese words of the specification', () => {
    expect(locales.pt.get('feedback.registered')).toBe('Cadastro concluído!');
    expect(locales.pt.get('feedback.registeredLoggingIn')).toBe('Cadastro concluído! Logando...');
    expect(locales.pt.get('feedback.deleted')).toBe('Apagado!');
    expect(locales.pt.get('feedback.done')).toBe('Concluído!');
    expect(locales.pt.get('confirm.title')).toBe('Atenção');
    expect(locales.pt.get('confirm.cancel')).toBe('cancelar');
    expect(locales.pt.get('confirm.delete')).toBe('apagar');
    expect(locales.pt.get('menu.myProfile')).toBe('Meu perfil');
    expect(locales.pt.get('menu.hatcheriesSuffix')).toBe('/Incubatorios');
    expect(locales.pt.get('app.documentTitleWithEmail')).toContain('{{email}}');
  });
});
