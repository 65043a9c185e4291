import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfilePage } from './pages/ProfilePage.js';
import { RetentionCard } from './pages/RetentionCard.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

describe('device readings retention on the profile page', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the default and what the summaries keep, in each language, on a desktop and a phone', async () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, language);
        await signedIn(e2e, page, { language });
        await new ProfilePage(page).goto();
        const retention = new RetentionCard(page);
        await retention.days().waitFor();
        expect(await retention.days().inputValue()).toBe('90');
        expect(await page.getByTestId('retention-default').textContent()).toBe(text(language, 'retention.isDefault'));
        expect(await retention.levels().locator('li').allTextContents()).toEqual([
          text(language, 'retention.levels.raw', { days: 90 }),
          text(language, 'retention.levels.minutes', { years: 2 }),
          text(language, 'retention.levels.hours'),
          text(language, 'retention.levels.weighings'),
        ]);
        await e2e.screenshot(page, `retention-${language}-${width}`);
        await page.context().close();
      }
    }
    expect(e2e.consoleErrors).toEqual([]);
    // Six pages signed in and loaded one after the other: a budget for a loaded machine.
  }, 180_000);

  it('saves days within the limits and says what is wrong outside them, storing nothing', async () => {
    const page = await e2e.newPage(PHONE);
    const account = await signedIn(e2e, page);
    await new ProfilePage(page).goto();
    const retention = new RetentionCard(page);
    await retention.days().waitFor();
    const stored = async () => (await e2e.portal.request('GET', '/api/getretencao', { token: account.token })).body;

    await retention.setDays('800');
    await expect.poll(() => page.getByText(text('pt', 'errors.FIELD_OUT_OF_RANGE')).count()).toBeGreaterThan(0);
    expect(await retention.message().textContent()).toBe(text('pt', 'records.form.checkFields'));
    expect(await stored()).toMatchObject({ leituras_dias: 90, padrao: true });
    await e2e.screenshot(page, 'retention-out-of-range-pt-phone');

    await retention.setDays('180');
    await expect.poll(async () => (await stored()).leituras_dias).toBe(180);
    expect((await stored()).padrao).toBe(false);
    await page.reload();
    await retention.days().waitFor();
    expect(await retention.days().inputValue()).toBe('180');
    expect(await page.getByTestId('retention-default').count()).toBe(0);
    expect(await retention.levels().locator('li').first().textContent()).toBe(text('pt', 'retention.levels.raw', { days: 180 }));
    expect(e2e.consoleErrors).toEqual([]);
  });
});
