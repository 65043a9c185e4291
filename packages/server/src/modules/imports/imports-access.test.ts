import type { Nucleo } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile, storedCounts } from '../../test/factories/imports.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect(
  'POST /api/importacao: who may import, and malformed requests',
  (portal) => {
    let owner: TestAccount;
    let stranger: TestAccount;
    let reader: TestAccount;
    let limited: TestAccount;
    let manager: TestAccount;
    let mine: Nucleo;
    let theirs: Nucleo;
    const fileFor = (rows: string[][]) => csvOf(['data', 'nucleo', 'lote', 'peso'], rows);

    beforeAll(async () => {
      owner = await createAccount(portal());
      [stranger, reader, limited, manager] = [await createAccount(portal()), await createAccount(portal()), await createAccount(portal()), await createAccount(portal())];
      mine = await createNucleo(portal(), owner, { nome: 'Granja Alcance' });
      theirs = await createNucleo(portal(), owner, { nome: 'Granja Fora' });
      await createLote(portal(), owner, mine, { codigo: 'A-1' });
      await createLote(portal(), owner, theirs, { codigo: 'F-1' });
      await grantAccess(portal(), owner, reader, 'leitura');
      await grantAccess(portal(), owner, limited, 'gestao', [mine.id]);
      await grantAccess(portal(), owner, manager, 'gestao');
    });

    it("answers 404 to another owner's prop and 403 to a read grant, storing nothing", async () => {
      const before = await storedCounts(portal(), owner.user.id);
      const file = fileFor([['01/11/2026', 'Granja Alcance', 'A-1', '1000']]);
      expect((await importFile(portal(), stranger, file, { prop: owner.user.id })).status).toBe(404);
      expect((await importFile(portal(), stranger, file, { prop: owner.user.id, dry_run: true })).status).toBe(404);
      const read = await importFile(portal(), reader, file, { prop: owner.user.id });
      expect([read.status, read.body.code]).toEqual([403, 'FORBIDDEN']);
      // The stranger's own account has no such farm: the rows are refused, the owner's data untouched.
      const own = await importFile(portal(), stranger, file);
      expect(own.body.importacao.rejeitadas[0]).toMatchObject({ motivo: 'NUCLEO_NOT_FOUND' });
      expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
    });

    it('lets a grant limited to some farms import on those only, and create flocks but not farms there', async () => {
      const outside = await importFile(portal(), limited, fileFor([['02/11/2026', 'Granja Alcance', 'A-1', '1000'], ['02/11/2026', 'Granja Fora', 'F-1', '1000']]), { prop: owner.user.id });
      expect(outside.status).toBe(422);
      expect(outside.body.importacao.rejeitadas).toEqual([{ linha: 3, motivo: 'NUCLEO_OUT_OF_REACH', campo: 'nucleo', valor: 'Granja Fora' }]);
      const creating = await importFile(portal(), limited, fileFor([['02/11/2026', 'Granja Nova', 'N-1', '1000']]), { prop: owner.user.id, create_missing: true });
      expect(creating.body.importacao.rejeitadas[0]).toMatchObject({ motivo: 'NUCLEO_OUT_OF_REACH' });

      const inside = await importFile(portal(), limited, fileFor([['02/11/2026', 'Granja Alcance', 'A-1', '1000'], ['02/11/2026', 'Granja Alcance', 'A-2', '1100']]), {
        prop: owner.user.id,
        create_missing: true,
      });
      expect(inside.status, JSON.stringify(inside.body)).toBe(200);
      const stored = await portal().database.db.selectFrom('importacoes').selectAll().where('id', '=', inside.body.importacao_id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ owner_id: owner.user.id, user_id: limited.user.id });
      const flocks = await portal().database.db.selectFrom('lotes').select(['codigo', 'nucleo_id']).where('owner_id', '=', owner.user.id).where('codigo', '=', 'A-2').execute();
      expect(flocks).toEqual([{ codigo: 'A-2', nucleo_id: mine.id }]);
    });

    it("lets a whole-account manager import and create farms on the owner's account", async () => {
      const answer = await importFile(portal(), manager, fileFor([['03/11/2026', 'Granja do Gestor', 'G-1', '1000']]), { prop: owner.user.id, create_missing: true });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const farm = await portal().database.db.selectFrom('nucleos').select('owner_id').where('nome', '=', 'Granja do Gestor').executeTakeFirstOrThrow();
      expect(farm.owner_id).toBe(owner.user.id);
    });

    it('answers IMPORT_FILE_REQUIRED, IMPORT_HEADER_INVALID, 415 and field errors, storing nothing', async () => {
      const before = await storedCounts(portal(), owner.user.id);
      const noFile = await importFile(portal(), owner, null, { dry_run: true });
      expect([noFile.status, noFile.body.code]).toEqual([400, 'IMPORT_FILE_REQUIRED']);
      for (const header of ['', 'data;nucleo;peso\r\n01/11/2026;X;100\r\n', '\u0000\u0001binary']) {
        const answer = await importFile(portal(), owner, header);
        expect([answer.status, answer.body.code], JSON.stringify(header)).toEqual([400, 'IMPORT_HEADER_INVALID']);
      }
      const json = await portal().request('POST', '/api/importacao', { token: owner.token, body: { file: 'data;nucleo;lote;peso' } });
      expect([json.status, json.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const noBoundary = await portal().request('POST', '/api/importacao', { token: owner.token, rawBody: 'x', headers: { 'content-type': 'multipart/form-data' } });
      expect([noBoundary.status, noBoundary.body.code]).toEqual([400, 'BAD_REQUEST']);
      const file = fileFor([['01/11/2026', 'Granja Alcance', 'A-1', '1000']]);
      for (const [field, value] of [['dry_run', 'yes'], ['separador', ':'], ['decimal', ';'], ['prop', 'abc'], ['prop', '0']] as const) {
        const answer = await importFile(portal(), owner, file, { [field]: value });
        expect([answer.status, answer.body.code, answer.body.errors?.[0]?.field], `${field}=${value}`).toEqual([400, 'VALIDATION_FAILED', field]);
      }
      const unauthenticated = await fetch(`${portal().baseUrl}/api/importacao`, { method: 'POST', body: new FormData() });
      expect(unauthenticated.status).toBe(401);
      expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
    });

    it('refuses a file over the size limit with PAYLOAD_TOO_LARGE', async () => {
      // The portal of this suite takes 1 MiB (IMPORT_MAX_MB=1).
      const line = '01/11/2026;Granja Alcance;A-1;1000\r\n';
      const big = 'data;nucleo;lote;peso\r\n' + line.repeat(Math.ceil((1024 * 1024) / line.length) + 10);
      const before = await storedCounts(portal(), owner.user.id);
      const answer = await importFile(portal(), owner, big);
      expect([answer.status, answer.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
    });
  },
  { IMPORT_MAX_MB: '1' },
);
