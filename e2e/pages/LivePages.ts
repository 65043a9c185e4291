import type { Locator, Page } from 'playwright-core';

/** The dashboard's live section, a device's detail (balancas/:id) and the remote grader view (remoto/:id). */
export class LivePages {
  constructor(readonly page: Page) {}

  async gotoDashboard() {
    await this.page.goto('/#/dashboard');
    await this.page.getByTestId('live-section').waitFor();
  }

  async gotoDevice(id: number) {
    await this.page.goto(`/#/balancas/${id}`);
    await this.page.getByTestId('device-live').waitFor();
  }

  async gotoRemote(id: number) {
    await this.page.goto(`/#/remoto/${id}`);
    await this.page.getByTestId('live-status').first().waitFor();
  }

  status(): Locator {
    return this.page.getByTestId('live-status').first();
  }

  /** A device's card or row in the dashboard's live section, by its channel key. */
  liveDevice(key: string): Locator {
    return this.page.locator(`[data-testid="live-device"][data-key="${key}"]`);
  }

  /** The weight a scale's reading shows, as the page formats it ("1.234,5 g"). */
  weightIn(scope: Locator): Locator {
    return scope.getByTestId('live-fact-weight');
  }

  graderBoxes(): Locator {
    return this.page.getByTestId('grader-box');
  }

  /**
   * Records, in the page, every time a grader box starts and stops flashing and every state of
   * the side indicator, with timestamps, so a test can check the 100 ms flash and the 1 s reset.
   */
  async watchGrader() {
    await this.page.evaluate(() => {
      const log: { what: string; value: string; at: number }[] = [];
      (window as unknown as { graderLog: typeof log }).graderLog = log;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          const element = mutation.target as HTMLElement;
          if (mutation.attributeName === 'data-flash') log.push({ what: `flash:${element.dataset.box}`, value: element.dataset.flash ?? '', at: performance.now() });
          if (mutation.attributeName === 'data-state' && element.dataset.testid === 'grader-side') log.push({ what: 'side', value: element.dataset.state ?? '', at: performance.now() });
        }
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-flash', 'data-state'] });
    });
  }

  graderLog(): Promise<{ what: string; value: string; at: number }[]> {
    return this.page.evaluate(() => (window as unknown as { graderLog: { what: string; value: string; at: number }[] }).graderLog);
  }
}
