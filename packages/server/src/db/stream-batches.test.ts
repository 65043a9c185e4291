import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createAccount } from '../test/factories.js';
import { createNucleo } from '../test/factories/farms.js';
import { createPesagens } from '../test/factories/weighings.js';
import { describeEachDialect } from '../test/harness.js';
import { streamBatches } from './dialect.js';

describeEachDialect('streamed reads in batches (streamBatches)', (portal) => {
  it('hands over every row once, in batches of the size asked, with the column names as keys', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    await createPesagens(portal(), account, { nucleo: farm, rows: Array.from({ length: 25 }, (_, index) => ({ peso: 1000 + index })) });
    const { db } = portal().database;
    const query = db.selectFrom('pesagens').select(['peso_dg', 'aviario']).where('owner_id', '=', account.user.id).orderBy('peso_dg');

    const sizes: number[] = [];
    const weights: number[] = [];
    for await (const batch of streamBatches(portal().database, query, 10)) {
      sizes.push(batch.length);
      weights.push(...batch.map((row) => row.peso_dg));
      expect(Object.keys(batch[0]!)).toEqual(['peso_dg', 'aviario']);
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(weights).toEqual(Array.from({ length: 25 }, (_, index) => (1000 + index) * 10));
  });

  it('lets other calls read and write while a read is paused, and ends cleanly when left early', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    await createPesagens(portal(), account, { nucleo: farm, rows: Array.from({ length: 30 }, () => ({ peso: 2000 })) });
    const { db } = portal().database;
    const query = db.selectFrom('pesagens').select(['id']).where('owner_id', '=', account.user.id);

    let batches = 0;
    for await (const _batch of streamBatches(portal().database, query, 10)) {
      batches += 1;
      // The portal's own connection stays free for other requests meanwhile.
      const answer = await portal().request('GET', '/api/getnucleo', { token: account.token });
      expect(answer.status).toBe(200);
      await sql`UPDATE nucleos SET obs = ${`batch ${batches}`} WHERE id = ${farm.id}`.execute(db);
      if (batches === 2) break;
    }
    expect(batches).toBe(2);
    // Left early, the read released everything: a write that needs the whole database goes through.
    await sql`DELETE FROM pesagens WHERE owner_id = ${account.user.id}`.execute(db);
    expect((await db.selectFrom('pesagens').select('id').where('owner_id', '=', account.user.id).execute()).length).toBe(0);
  });
});
