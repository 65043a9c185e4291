import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../packages/server/src/test/factories.js';
import { createNucleo, grantAccess } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { RecordFormPage, RecordListPage } from './pages/RecordPages.js';
import { text } from './support/locales.js';
import { PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

describe('farms (nucleos)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('starts empty, adds a farm with houses, edits, finds and deletes it', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const list = new RecordListPage(page, 'nucleos');
    const form = new RecordFormPage(page);

    await list.goto();
    await expect.poll(() => list.empty().isVisible()).toBe(true);
    await e2e.screenshot(page, 'sites-empty-pt-desktop');

    // Nothing is sent while the name is missing; the field says why.
    await list.add();
    await form.save();
    await expect.poll(() => form.fieldError('nome').textContent()).toBe(text('pt', 'errors.FIELD_REQUIRED'));
    await expect.poll(() => form.message().isVisible()).toBe(true);

    await form.fill({ nome: 'Granja Boa Esperança', codigo: 'MG-012', cidade: 'Uberlândia', estado: 'MG', latitude: '-18,9186' });
    await page.getByTestId('houses-add').click();
    await page.getByTestId('houses-add').click();
    await form.fill({ 'aviarios.0.lados': 2, 'aviarios.0.boxes': 12, 'aviarios.0.capacidade': 24000 });
    const id = await form.saveNew();
    await expect.poll(() => page.getByText(text('pt', 'feedback.registered')).count()).toBeGreaterThan(0);
    await expect.poll(() => form.title().textContent()).toBe('Granja Boa Esperança');
    await expect.poll(() => form.field('aviarios.0.capacidade').inputValue()).toBe('24.000');
    await e2e.screenshot(page, 'sites-detail-pt-desktop');

    const stored = await e2e.portal.request<{ latitude: number; aviarios: { nome: string; lados: number; boxes: number; capacidade: number }[] }>(
      'GET',
      `/api/getnucleo?id=${id}`,
      { token: account.token },
    );
    expect(stored.body.latitude).toBe(-18.9186);
    expect(stored.body.aviarios.map(({ nome, lados, boxes, capacidade }) => ({ nome, lados, boxes, capacidade }))).toEqual([
      { nome: expect.any(String), lados: 2, boxes: 12, capacidade: 24000 },
      { nome: expect.any(String), lados: 1, boxes: 0, capacidade: 0 },
    ]);

    await form.fill({ obs: 'Galpões climatizados' });
    await form.save();
    await expect.poll(() => page.getByText(text('pt', 'feedback.done')).count()).toBeGreaterThan(0);

    // A second farm, then search without accents or capitals.
    await createNucleo(e2e.portal, account, { nome: 'Sítio Santa Luzia', cidade: 'Campinas' });
    await list.goto();
    await expect.poll(() => list.rows().count()).toBe(2);
    await list.search('ESPERANCA');
    await expect.poll(() => list.rows().count()).toBe(1);
    await list.search('campinas');
    await expect.poll(() => list.row('Sítio Santa Luzia').count()).toBe(1);
    await list.search('nada disso');
    await expect.poll(() => list.noMatch().isVisible()).toBe(true);

    // A farm with a flock cannot be deleted: the dialog says why and stays open.
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja com lote' });
    await createLote(e2e.portal, account, farm);
    await form.goto(`nucleos/${farm.id}`);
    await form.delete();
    await expect.poll(() => form.deleteMessage().textContent()).toBe(text('pt', 'errors.RECORD_IN_USE'));
    await form.cancelDelete();

    await form.goto(`nucleos/${id}`);
    await form.delete();
    await page.waitForURL(/#\/nucleos$/);
    await list.settled();
    await expect.poll(() => list.row('Granja Boa Esperança').count()).toBe(0);
    await form.goto(`nucleos/${id}`);
    await expect.poll(() => form.notFound().isVisible()).toBe(true);
  });

  it('shows another owner’s farms read-only, on a phone, without sideways scrolling', async () => {
    const owner = await createAccount(e2e.portal, { name: 'Olga Proprietária' });
    await createNucleo(e2e.portal, owner, { nome: 'Núcleo da Olga' });
    const page = await e2e.newPage(PHONE);
    const viewer = await signedIn(e2e, page);
    await grantAccess(e2e.portal, owner, viewer, 'leitura');

    const list = new RecordListPage(page, 'nucleos');
    // The viewer has nothing of their own: after the grant they land on Olga's data
    // (records/ownerChoice.ts); their own (empty) list is one choice away.
    await page.reload();
    await list.goto();
    await expect.poll(() => list.row('Núcleo da Olga').count()).toBe(1);
    await list.chooseOwner(text('pt', 'records.owner.self', { name: viewer.user.name }));
    await expect.poll(() => list.empty().isVisible()).toBe(true);
    await list.chooseOwner('Olga Proprietária');
    await expect.poll(() => list.row('Núcleo da Olga').count()).toBe(1);
    await expect.poll(() => list.readOnlyBadge().isVisible()).toBe(true);
    expect(await list.addButton().count()).toBe(0);
    await e2e.screenshot(page, 'sites-read-only-pt-phone');

    // The choice holds when coming back through the menu.
    await page.goto('/#/dashboard');
    await list.goto();
    await expect.poll(() => list.row('Núcleo da Olga').count()).toBe(1);

    await list.open('Núcleo da Olga');
    const form = new RecordFormPage(page);
    expect(await form.saveButton().count()).toBe(0);
    expect(await form.field('nome').isDisabled()).toBe(true);
    expect(await form.horizontalOverflow()).toBeLessThanOrEqual(0);
  });
});
