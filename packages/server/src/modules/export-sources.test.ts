import { EXPORT_ITEM_SCHEMAS, type DadoIntegracao, type ExportCursor, type ExportPage } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createNucleo } from '../test/factories/farms.js';
import { createLote, recordDeaths } from '../test/factories/flocks.js';
import { addMovement, createSilo } from '../test/factories/silos.js';
import { createPesagens } from '../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { exportSources, type ExportSource } from './export-sources.js';

const START: ExportCursor = { at: 0, id: 0 };
type Item = { id: number };

/** Every page from `after` until one comes back empty, each checked against its kind's item schema. */
async function drain(kind: DadoIntegracao, source: ExportSource, ownerId: number, after: ExportCursor, limit: number) {
  const pages: ExportPage<Item>[] = [];
  let cursor = after;
  for (;;) {
    const page = (await source(ownerId, cursor, limit)) as ExportPage<Item>;
    expect(page.itens.length).toBeLessThanOrEqual(limit);
    if (page.itens.length === 0) {
      expect(page.last).toBeNull();
      break;
    }
    for (const item of page.itens) expect(EXPORT_ITEM_SCHEMAS[kind].safeParse(item).success).toBe(true);
    expect(page.last?.id).toBe(page.itens.at(-1)!.id);
    pages.push(page);
    cursor = page.last!;
  }
  return { pages, ids: pages.flatMap((page) => page.itens.map((item) => item.id)), cursor };
}

/** What one kind's case writes: rows of `owner` (answering their ids), a change of one of them, rows of someone else. */
interface KindCase {
  kind: DadoIntegracao;
  write(portal: TestPortal, owner: TestAccount, count: number): Promise<number[]>;
  /** Changes the first of the rows (or adds one, for kinds never changed once stored): answers the id expected next. */
  change(portal: TestPortal, owner: TestAccount, ids: number[]): Promise<number>;
}

async function farmWithFlock(portal: TestPortal, owner: TestAccount) {
  const farm = await createNucleo(portal, owner);
  return { farm, lote: await createLote(portal, owner, farm) };
}

const CASES: KindCase[] = [
  {
    kind: 'nucleos',
    async write(portal, owner, count) {
      const farms = [];
      for (let index = 0; index < count; index += 1) farms.push(await createNucleo(portal, owner));
      return farms.map((farm) => farm.id);
    },
    async change(portal, owner, ids) {
      const farm = (await portal.request('GET', `/api/getnucleo?id=${ids[0]}`, { token: owner.token })).body;
      const aviarios = farm.aviarios.map(({ id, nome, lados, boxes, capacidade }: Record<string, unknown>) => ({ id, nome, lados, boxes, capacidade }));
      const saved = await portal.request('POST', '/api/registernucleo', { token: owner.token, body: { id: farm.id, nome: farm.nome, obs: 'mudou', aviarios } });
      expect(saved.status).toBe(200);
      return farm.id;
    },
  },
  {
    kind: 'lotes',
    async write(portal, owner, count) {
      const farm = await createNucleo(portal, owner);
      const lotes = [];
      for (let index = 0; index < count; index += 1) lotes.push(await createLote(portal, owner, farm));
      return lotes.map((lote) => lote.id);
    },
    async change(portal, owner, ids) {
      const saved = await portal.request('POST', '/api/registerfechamento', { token: owner.token, body: { lote_id: ids[0], data: '2026-11-20', aves_entregues: 100, kg_entregues: 250 } });
      expect(saved.status).toBe(200);
      return ids[0]!;
    },
  },
  {
    kind: 'silos',
    async write(portal, owner, count) {
      const farm = await createNucleo(portal, owner);
      const silos = [];
      for (let index = 0; index < count; index += 1) silos.push(await createSilo(portal, owner, farm, { nome: `Silo ${count - index}` }));
      return silos.map((silo) => silo.id);
    },
    async change(portal, owner, ids) {
      const silo = (await portal.request('GET', `/api/getsilo?id=${ids[0]}`, { token: owner.token })).body;
      const saved = await portal.request('POST', '/api/registersilo', {
        token: owner.token, body: { id: silo.id, nome: silo.nome, nucleo_id: silo.nucleo_id, capacidade_kg: 15000, tipo_racao: silo.tipo_racao },
      });
      expect(saved.status).toBe(200);
      return silo.id;
    },
  },
  {
    kind: 'racao',
    async write(portal, owner, count) {
      const farm = await createNucleo(portal, owner);
      const silo = await createSilo(portal, owner, farm);
      let list: { id: number }[] = [];
      for (let index = 0; index < count; index += 1) list = await addMovement(portal, owner, { idsilo: silo.id, tipo: 'entrada', data: `2026-11-0${index + 1}`, quantidade_kg: 100 + index });
      return list.map((movement) => movement.id).sort((a, b) => a - b);
    },
    async change(portal, owner, ids) {
      const movement = await portal.database.db.selectFrom('silo_movimentos').select('silo_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
      const list = await addMovement(portal, owner, { idsilo: movement.silo_id, tipo: 'consumo', data: '2026-11-25', quantidade_kg: 50 });
      return Math.max(...list.map((row) => row.id));
    },
  },
  {
    kind: 'mortalidade',
    async write(portal, owner, count) {
      const { lote } = await farmWithFlock(portal, owner);
      await recordDeaths(portal, owner, lote, Array.from({ length: count }, (_, index) => ({ data: `2026-11-${String(index + 2).padStart(2, '0')}`, aves: index + 1 })));
      const rows = await portal.database.db.selectFrom('lote_diario').select('id').where('lote_id', '=', lote.id).orderBy('id').execute();
      return rows.map((row) => row.id);
    },
    async change(portal, owner, ids) {
      const row = await portal.database.db.selectFrom('lote_diario').selectAll().where('id', '=', ids[0]!).executeTakeFirstOrThrow();
      const body = { prop: owner.user.id, lote_id: row.lote_id, aviario_id: row.aviario_id, data: row.data, mortalidade: [{ causa: 'outras', aves: 9 }] };
      expect((await portal.request('POST', '/api/registerdiario', { token: owner.token, body })).status).toBe(200);
      return row.id;
    },
  },
  {
    kind: 'pesagens',
    async write(portal, owner, count) {
      const { farm, lote } = await farmWithFlock(portal, owner);
      await createPesagens(portal, owner, { nucleo: farm, lote, rows: Array.from({ length: count }, (_, index) => ({ peso: 1000 + index / 10, hora: `08:00:0${index}` })) });
      const rows = await portal.database.db.selectFrom('pesagens').select('id').where('owner_id', '=', owner.user.id).orderBy('id').execute();
      return rows.map((row) => row.id);
    },
    async change(portal, owner) {
      const farm = await createNucleo(portal, owner);
      await createPesagens(portal, owner, { nucleo: farm, rows: [{ peso: 2000 }] });
      const last = await portal.database.db.selectFrom('pesagens').select('id').where('owner_id', '=', owner.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return last.id;
    },
  },
];

describeEachDialect('export sources (issue 21)', (portal) => {
  for (const kindCase of CASES) {
    it(`${kindCase.kind}: pages in change order through equal timestamps, the owner's rows only, then only what changed`, async () => {
      const sources = exportSources(portal().services);
      const source = sources[kindCase.kind];
      const owner = await createAccount(portal());
      const stranger = await createAccount(portal());
      // Frozen: every row written now has the same change time, so pages part rows of one millisecond by id.
      portal().freezeClock();
      const written = await kindCase.write(portal(), owner, 5);
      const strangers = await kindCase.write(portal(), stranger, 2);

      const first = await drain(kindCase.kind, source, owner.user.id, START, 2);
      expect(first.pages.map((page) => page.itens.length)).toEqual([2, 2, 1]);
      expect(first.ids).toEqual([...written].sort((a, b) => a - b));
      expect(first.ids.some((id) => strangers.includes(id))).toBe(false);
      // The pages' cursors part rows of one millisecond: each page's last is the next one's `after`.
      expect(new Set(first.pages.map((page) => page.last!.at)).size).toBe(1);

      // Nothing after the last cursor; a change later shows that row alone, once.
      expect((await source(owner.user.id, first.cursor, 2)).itens).toEqual([]);
      portal().advanceClock(1000);
      const changed = await kindCase.change(portal(), owner, written);
      const next = await drain(kindCase.kind, source, owner.user.id, first.cursor, 2);
      expect(next.ids).toEqual([changed]);
      expect(next.cursor.at).toBeGreaterThan(first.cursor.at);
      // A cursor inside the millisecond: only the rows of that millisecond with a greater id, then the changed one.
      const middle = first.pages[0]!.last!;
      expect((await drain(kindCase.kind, source, owner.user.id, middle, 10)).ids).toEqual([...first.ids.slice(2).filter((id) => id !== changed), changed]);
      // The stranger's rows are its own.
      expect((await drain(kindCase.kind, source, stranger.user.id, START, 10)).ids).toEqual([...strangers].sort((a, b) => a - b));
    });
  }

  it('holds back rows stamped after `until` (a write still committing), and every source accepts it', async () => {
    const owner = await createAccount(portal());
    const { farm, lote } = await farmWithFlock(portal(), owner);
    await createPesagens(portal(), owner, { nucleo: farm, lote, rows: [{ peso: 1500 }] });
    const services = portal().services;
    const stored = await services.weighings.changedSince(owner.user.id, START, 10);
    expect(stored.itens).toHaveLength(1);
    const at = stored.last!.at;
    expect((await services.weighings.changedSince(owner.user.id, START, 10, at - 1)).itens).toEqual([]);
    expect((await services.weighings.changedSince(owner.user.id, START, 10, at)).itens).toHaveLength(1);
    // Through exportSources: a row changed less than settleMs ago waits; once older, it goes.
    const farmAt = (await services.farms.changedSince(owner.user.id, START, 10)).last!.at;
    const sourcesAt = (stamp: number, after: number) => exportSources(services, { settleMs: 60_000, clock: () => stamp + after });
    expect((await sourcesAt(at, 59_999).pesagens(owner.user.id, START, 10)).itens).toEqual([]);
    expect((await sourcesAt(at, 60_000).pesagens(owner.user.id, START, 10)).itens).toHaveLength(1);
    expect((await sourcesAt(farmAt, 59_999).nucleos(owner.user.id, START, 10)).itens).toEqual([]);
    expect((await sourcesAt(farmAt, 60_000).nucleos(owner.user.id, START, 10)).itens).toHaveLength(1);
  });

  it('sends a weighing as recorded: grams, local date and time, its scale, flock and age', async () => {
    const owner = await createAccount(portal());
    const { farm, lote } = await farmWithFlock(portal(), owner);
    await createPesagens(portal(), owner, {
      nucleo: farm, lote, rows: [{ peso: 2345.6, data: '2026-11-12', hora: '07:45:10', aviario: 'Aviário 2', lado: '2', box: '3', sexo: 'Macho', idade_lote: 11, score: 4, serie_balanca: 'CS-104' }],
    });
    const page = await portal().services.weighings.changedSince(owner.user.id, START, 10);
    expect(page.itens).toEqual([
      expect.objectContaining({
        nucleo_id: farm.id, lote_id: lote.id, device_id: null, serie_balanca: 'CS-104', aviario: 'Aviário 2', lado: '2', caixa: '3', sexo: 'Macho',
        peso_g: 2345.6, data_hora: '2026-11-12T07:45:10', idade: 11, score: 4, importacao_id: null,
      }),
    ]);
    expect(new Date(page.itens[0]!.created_at).getTime()).toBe(page.last!.at);
  });
});
