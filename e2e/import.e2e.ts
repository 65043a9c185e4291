import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { storedCounts } from '../packages/server/src/test/factories/imports.js';
import { text } from './support/locales.js';
import { PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

/** The import screen (importacao): choose a file, preview, import. */
class ImportScreen {
  constructor(private readonly page: Page) {}
  async goto() {
    await this.page.goto('/#/importacao');
    await this.page.getByTestId('import-file').waitFor();
  }
  async choose(name: string, content: string | Buffer) {
    await this.page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }
  preview = () => this.page.getByTestId('import-preview').click();
  submit = () => this.page.getByTestId('import-submit').click();
  byId = (id: string) => this.page.getByTestId(id);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('manual import (importacao)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('previews a good file (columns, first rows in pt-BR numbers), imports it once and refuses it twice', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Santa Clara' });
    await createLote(e2e.portal, account, farm, { codigo: 'L-101' });
    const screen = new ImportScreen(page);
    await screen.goto();
    await expect.poll(() => screen.byId('import-example-line').textContent()).toContain('data;hora;nucleo;lote');

    const file = 'Data;Núcleo;Lote;Aviário;Sexo;Peso\r\n05/11/2026;Granja Santa Clara;L-101;1;Macho;2045,5\r\n2026-11-06;granja santa clara;L-101;2;Fêmea;1234,5\r\n06/11/2026;Granja Santa Clara;L-101;2;Macho;1980\r\n';
    await screen.choose('balanca.csv', file);
    await screen.preview();
    await screen.byId('import-result').waitFor();
    expect(await screen.byId('import-rows').textContent()).toBe('3');
    expect(await screen.byId('import-preview-note').textContent()).toContain(text('pt', 'import.result.previewClean'));
    expect(await screen.byId('import-columns').textContent()).toContain(`Peso → ${text('pt', 'import.fields.peso')}`);
    expect(await screen.byId('import-sample-peso').allTextContents()).toEqual(['2.045,5', '1.234,5', '1.980,0']);
    expect((await storedCounts(e2e.portal, account.user.id)).pesagens).toBe(0);
    await e2e.screenshot(page, 'import-preview-pt-desktop');

    await screen.submit();
    await expect.poll(() => screen.byId('import-success').textContent()).toBe(text('pt', 'import.result.success', { value: '3' }));
    expect((await storedCounts(e2e.portal, account.user.id)).pesagens).toBe(3);
    await e2e.screenshot(page, 'import-done-pt-desktop');

    await screen.submit();
    await expect.poll(() => screen.byId('import-error').textContent()).toBe(text('pt', 'errors.IMPORT_DUPLICATE'));
    expect((await storedCounts(e2e.portal, account.user.id)).pesagens).toBe(3);

    const download = page.waitForEvent('download');
    await screen.byId('import-example').click();
    const example = readFileSync((await (await download).path())!, 'utf8');
    expect(example).toMatch(/^\uFEFFdata;hora;nucleo;lote;aviario;lado;box;sexo;peso;idade_lote;linha;score;serie_balanca;obs\r\n/);
  });

  it('lists every refused row of a bad file with its reason in English, and stores nothing', async () => {
    const page = await e2e.newPage(undefined, 'en');
    const account = await signedIn(e2e, page, { language: 'en' });
    const farm = await createNucleo(e2e.portal, account, { nome: 'Sunrise Farm' });
    await createLote(e2e.portal, account, farm, { codigo: 'F-1' });
    const screen = new ImportScreen(page);
    await screen.goto();
    const file = 'date,farm,flock,weight\n2026-11-05,Sunrise Farm,F-1,2045.5\n2026-02-31,Sunrise Farm,F-1,2000\n2026-11-05,Sunrise Farm,F-1,12.34\n2026-11-05,Nowhere Farm,F-1,1900\n';
    await screen.choose('bad.csv', file);
    await screen.submit();
    await expect.poll(() => screen.byId('import-error').textContent()).toBe(text('en', 'errors.IMPORT_REJECTED'));
    const rows = await screen.byId('import-rejected').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['3', text('en', 'import.motivos.DATE_INVALID'), text('en', 'import.fields.data'), '2026-02-31'],
      ['4', text('en', 'import.motivos.WEIGHT_INVALID'), text('en', 'import.fields.peso'), '12.34'],
      ['5', text('en', 'import.motivos.NUCLEO_NOT_FOUND'), text('en', 'import.fields.nucleo'), 'Nowhere Farm'],
    ]);
    expect(await screen.byId('import-missing').textContent()).toContain(text('en', 'import.result.missingFarms', { names: 'Nowhere Farm' }));
    expect(await storedCounts(e2e.portal, account.user.id)).toMatchObject({ pesagens: 0, importacoes: 0 });
    // All or nothing: the same file can only be refused again, so Import waits, and says why.
    expect(await screen.byId('import-submit').isDisabled()).toBe(true);
    expect(await screen.byId('import-blocked').textContent()).toBe(text('en', 'import.form.blocked_other', { value: '3' }));
    await e2e.screenshot(page, 'import-rejected-en-desktop');
    // Another choice may change the verdict: offered again; a preview with it refuses rows again.
    await screen.byId('import-create-missing').click();
    expect(await screen.byId('import-submit').isDisabled()).toBe(false);
    expect(await screen.byId('import-blocked').count()).toBe(0);
    await screen.preview();
    await expect.poll(() => screen.byId('import-blocked').textContent()).toBe(text('en', 'import.form.blocked_other', { value: '2' }));
    expect(await screen.byId('import-submit').isDisabled()).toBe(true);
  });

  it('names the line of a file mixing UTF-8 and Windows-1252, in each language, and stores nothing', async () => {
    const file = Buffer.concat([Buffer.from('data;nucleo;lote;peso\n05/11/2026;Granja São João;L-1;1500\n', 'utf8'), Buffer.from('05/11/2026;Granja S\xe3o Jo\xe3o;L-1;1501\n', 'latin1')]);
    // English at phone width, where the refusal and its line must fit without sideways scrolling.
    for (const language of ['pt', 'en', 'es'] as const) {
      const width = language === 'en' ? 'phone' : 'desktop';
      const page = await e2e.newPage(width === 'phone' ? PHONE : undefined, language);
      const account = await signedIn(e2e, page, { language });
      const screen = new ImportScreen(page);
      await screen.goto();
      await screen.choose('misturado.csv', file);
      await screen.submit();
      await expect.poll(() => screen.byId('import-error').getAttribute('data-code')).toBe('IMPORT_ENCODING_MIXED');
      expect(await screen.byId('import-error').textContent()).toContain(text(language, 'errors.IMPORT_ENCODING_MIXED'));
      expect(await screen.byId('import-error-line').textContent()).toBe(text(language, 'import.encodingLine', { line: '3' }));
      await e2e.screenshot(page, `import-encoding-${language}-${width}`);
      expect(await storedCounts(e2e.portal, account.user.id)).toMatchObject({ pesagens: 0, importacoes: 0, nucleos: 0 });
      await page.close();
    }
  });

  it('creates missing farms at phone width in Spanish, with no sideways scrolling', async () => {
    const page = await e2e.newPage(PHONE, 'es');
    const account = await signedIn(e2e, page, { language: 'es' });
    const screen = new ImportScreen(page);
    await screen.goto();
    const file = 'fecha;nucleo;lote;peso;obs\n05/11/2026;Finca Nueva;N-1;1500,5;primera pesada del lote nuevo con una nota bastante larga\n';
    await screen.choose('nuevo.csv', file);
    await screen.preview();
    await expect.poll(() => screen.byId('import-missing').textContent()).toContain(text('es', 'import.result.missingHint'));
    // The row of the missing farm is refused: Import waits until the file or the choices change.
    expect(await screen.byId('import-submit').isDisabled()).toBe(true);
    expect(await screen.byId('import-blocked').textContent()).toBe(text('es', 'import.form.blocked_one'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'import-blocked-es-phone');
    await screen.byId('import-create-missing').click();
    await screen.preview();
    await expect.poll(() => screen.byId('import-missing').textContent()).toContain(text('es', 'import.result.missingCreate'));
    expect(await screen.byId('import-submit').isDisabled()).toBe(false);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'import-preview-es-phone');
    await screen.submit();
    await expect.poll(() => screen.byId('import-success').textContent()).toBe(text('es', 'import.result.success', { value: '1' }));
    expect(await storedCounts(e2e.portal, account.user.id)).toMatchObject({ pesagens: 1, nucleos: 1, lotes: 1 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('shows the progress of a large file, then its preview, at phone width in Portuguese', async () => {
    const page = await e2e.newPage(PHONE);
    const account = await signedIn(e2e, page);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Grande' });
    await createLote(e2e.portal, account, farm, { codigo: 'G-1' });
    const screen = new ImportScreen(page);
    await screen.goto();
    const lines = ['data;nucleo;lote;aviario;sexo;peso'];
    for (let index = 0; index < 200_000; index += 1) lines.push(`0${1 + (index % 9)}/11/2026;Granja Grande;G-1;${1 + (index % 4)};Macho;${1500 + (index % 900)},${index % 10}`);
    await screen.choose('grande.csv', `${lines.join('\n')}\n`);
    await screen.preview();
    await screen.byId('import-progress').waitFor();
    await e2e.screenshot(page, 'import-progress-pt-phone');
    await screen.byId('import-result').waitFor({ timeout: 60_000 });
    expect(await screen.byId('import-rows').textContent()).toBe('200.000');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'import-preview-pt-phone');
  }, 120_000);
});
