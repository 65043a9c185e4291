import { RecordScreen } from './RecordPages.js';

/** chaves, chaves/add, chaves/:id and chaves/historico. */
export class KeysPages extends RecordScreen {
  async gotoList() {
    await this.page.goto('/#/chaves');
    await this.page.locator('[data-testid="record-table"], [data-testid="record-empty"], [data-testid="owner-only"]').first().waitFor();
  }

  async gotoAdd() {
    await this.page.goto('/#/chaves/add');
    await this.field('descricao').waitFor();
  }

  async gotoHistory(idchave?: number) {
    await this.page.goto(`/#/chaves/historico${idchave ? `?chave=${idchave}` : ''}`);
    await this.page.locator('[data-testid="record-table"], [data-testid="record-empty"], [data-testid="owner-only"]').first().waitFor();
  }

  /** Creates a key through the form; answers its id (from the url) and the key shown once. */
  async create(descricao: string, escopo: 'dispositivo' | 'integracao' = 'dispositivo'): Promise<{ id: number; chave: string }> {
    await this.gotoAdd();
    await this.field('descricao').fill(descricao);
    await this.page.getByTestId(`key-scope-${escopo}`).click();
    await this.save();
    await this.page.waitForURL(/#\/chaves\/\d+$/);
    await this.page.getByTestId('key-revealed').waitFor();
    const id = Number(/chaves\/(\d+)$/.exec(this.page.url())?.[1]);
    return { id, chave: await this.page.getByTestId('key-value').inputValue() };
  }
}
