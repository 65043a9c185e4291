import { RecordScreen } from './RecordPages.js';

/** permissoes, permissoes/add and permissoes/:iduser. */
export class PermissionsPages extends RecordScreen {
  async gotoList() {
    await this.page.goto('/#/permissoes');
    await this.page.locator('[data-testid="record-table"], [data-testid="record-empty"]').first().waitFor();
  }

  async gotoAdd() {
    await this.page.goto('/#/permissoes/add');
    await this.field('email').waitFor();
  }

  async level(nivel: 'leitura' | 'gestao') {
    await this.page.getByTestId(`nivel-${nivel}`).click();
  }

  /** 'todos': all my data; 'nucleos': the farms then chosen by name. */
  async scope(alcance: 'todos' | 'nucleos', farms: string[] = []) {
    await this.field('alcance').locator('label').nth(alcance === 'todos' ? 0 : 1).click();
    for (const farm of farms) await this.choose('nucleos', farm);
  }

  grantedOwners() {
    return this.page.getByTestId('granted-owner');
  }
}
