import { RecordScreen } from './RecordPages.js';

/** balancas, addbalanca / d/:key and balancas/:id. */
export class DevicesPages extends RecordScreen {
  async gotoList() {
    await this.page.goto('/#/balancas');
    await this.page.locator('[data-testid="record-table"], [data-testid="record-empty"]').first().waitFor();
  }

  async gotoAdd(key?: string) {
    await this.page.goto(key === undefined ? '/#/addbalanca' : `/#/d/${key}`);
    await this.page.locator('[data-testid="device-model-option"], [data-testid="device-key-invalid"]').first().waitFor();
  }

  async chooseModel(modelo: string) {
    await this.page.locator(`[data-testid="device-model-option"][data-model="${modelo}"]`).click();
    await this.page.getByTestId('device-model-chosen').waitFor();
  }

  credentials() {
    return this.page.getByTestId('credentials-modal');
  }

  /** The user and password shown once, read from the credentials modal. */
  async readCredentials(): Promise<{ usuario: string; senha: string }> {
    await this.credentials().waitFor();
    return {
      usuario: await this.page.getByTestId('credential-user').inputValue(),
      senha: await this.page.getByTestId('credential-password').inputValue(),
    };
  }

  async closeCredentials() {
    await this.page.getByTestId('credentials-done').click();
    await this.credentials().waitFor({ state: 'detached' });
  }

  async filterModel(modelo: string | null) {
    const filter = this.page.getByTestId('device-model-filter');
    if (modelo === null) {
      await filter.click();
      await this.page.keyboard.press('Escape');
      return;
    }
    await filter.click();
    await this.page.getByRole('option').filter({ hasText: modelo }).first().click();
  }
}
