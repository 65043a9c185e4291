import type { Locator, Page } from 'playwright-core';

/** The signing secret shown once (after creating a configuration or asking for a new secret). */
export class SecretModal {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('secret-modal');
  }

  /** Waits for the modal and answers the secret it shows. */
  async read(): Promise<string> {
    await this.root().waitFor();
    return this.page.getByTestId('secret-value').inputValue();
  }

  async done() {
    await this.page.getByTestId('secret-done').click();
    await this.root().waitFor({ state: 'detached' });
  }
}

/**
 * The Envios tab of a configuration's drawer: state, next run, cursors, actions and the runs
 * (a table on wide screens, cards on a phone).
 */
export class EnviosPanel {
  constructor(readonly page: Page) {}

  /** Opens the drawer of a configuration card on its Envios tab. */
  async open(card: Locator) {
    await card.getByTestId('config-envios').click();
    await this.root().waitFor();
  }

  root(): Locator {
    return this.page.getByTestId('envios-panel');
  }

  state(): Locator {
    return this.page.getByTestId('envios-state');
  }

  runs(): Locator {
    return this.page.getByTestId('envio-row');
  }

  /** The newest run (the log lists newest first). */
  newest(): Locator {
    return this.runs().first();
  }

  log(): Locator {
    return this.page.getByTestId('envios-log');
  }

  cursor(dado: string): Locator {
    return this.page.locator(`[data-testid="envios-cursor"][data-dado="${dado}"]`);
  }

  /** What the newest run shows once it settled: its status, rows and pages as on screen. */
  async newestRun() {
    const row = this.newest();
    return {
      estado: await row.getAttribute('data-estado'),
      status: (await row.getByTestId('envio-status').textContent())?.trim(),
      rows: Number(await row.getByTestId('envio-rows').textContent()),
      pages: Number(await row.getByTestId('envio-pages').textContent()),
      http: (await row.getByTestId('envio-http').textContent())?.trim(),
      origin: (await row.getByTestId('envio-origin').textContent())?.trim(),
      answer: (await row.getByTestId('envio-answer').textContent())?.trim(),
    };
  }

  async sendNow() {
    await this.page.getByTestId('envios-send').click();
  }

  /** "Reenviar desde": types the day (dd/mm/yyyy) and confirms. */
  async resendFrom(day: string) {
    await this.page.getByTestId('envios-resend').click();
    await this.page.getByTestId('resend-date').fill(day);
    await this.page.getByTestId('resend-confirm').click();
    await this.page.getByTestId('resend-confirm').waitFor({ state: 'detached' });
  }

  /** "Novo segredo", confirmed: the new secret's modal follows. */
  async newSecret() {
    await this.page.getByTestId('envios-new-secret').click();
    await this.page.getByTestId('new-secret-confirm').click();
  }

  /** Opens the newest run's whole answer. */
  async expandNewestAnswer() {
    await this.newest().getByTestId('envio-answer-more').click();
  }
}
