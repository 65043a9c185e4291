import type { Page, Route } from 'playwright-core';

const GETUSER = '**/api/getuser';

/** The body of the server's answer while its database is unreachable. */
export const DATABASE_UNAVAILABLE_BODY = JSON.stringify({
  code: 'DATABASE_UNAVAILABLE',
  message: 'The portal cannot reach its database right now. Nothing was changed; please try again in a moment.',
});

/** Answers a request as the server does during a database outage; counts how often it was asked. */
export function databaseUnavailable() {
  const answered = { count: 0 };
  const handler = async (route: Route) => {
    answered.count += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Retry-After': '5' }, body: DATABASE_UNAVAILABLE_BODY });
  };
  return { answered, handler };
}

/** The "try again" panel shown while the signed-in user cannot be loaded. */
export class UnavailablePanel {
  private readonly outage = databaseUnavailable();

  constructor(private readonly page: Page) {}

  /** From now on getuser answers 503 DATABASE_UNAVAILABLE, as when the database is down. */
  async breakDatabase() {
    await this.page.route(GETUSER, this.outage.handler);
  }

  async restoreDatabase() {
    await this.page.unroute(GETUSER, this.outage.handler);
  }

  /** How many times the web asked for the user while the database was down. */
  attempts() {
    return this.outage.answered.count;
  }

  root() {
    return this.page.getByTestId('unavailable');
  }

  title() {
    return this.page.getByTestId('page-title');
  }

  message() {
    return this.page.getByTestId('unavailable-message');
  }

  retryButton() {
    return this.page.getByTestId('unavailable-retry');
  }

  async waitFor() {
    await this.root().waitFor();
  }

  token() {
    return this.page.evaluate(() => localStorage.getItem('api-token'));
  }
}
