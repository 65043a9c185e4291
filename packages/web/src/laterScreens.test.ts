import { describe, expect, it } from 'vitest';
import { flatten } from './i18n/flatten';
import { loadLocaleTree } from './i18n/resources';
import { LATER_SCREENS } from './laterScreens';

// Beside the route list (not in i18n/): the i18n layer imports no feature, and the list imports them all.
describe('screen routes', () => {
  it('each have a title and a description, and so do their parents', async () => {
    const pt = flatten(await loadLocaleTree('pt'));
    const keys = LATER_SCREENS.flatMap((route) => [
      `screens.${route.screen}.title`,
      `screens.${route.screen}.description`,
      ...(route.parents ?? []).map((parent) => `screens.${parent.screen}.title`),
    ]);
    expect(keys.filter((key) => !pt.has(key))).toEqual([]);
  });
});
