import type { Nucleo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimDevice, until } from '../../test/device-client.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo } from '../../test/factories/farms.js';
import { importFile, storedCounts } from '../../test/factories/imports.js';
import { startTestPortal, testDialects, type TestPortal } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';

/**
 * "A large import freezes the whole portal" (issue 22): while one account imports a 200,000-row
 * file, the health check, another account's calls and another account's device acknowledgements
 * go on. Asserted without timing thresholds: rounds of those calls that START in the second half
 * of the import must also FINISH before it does. Before the fix, SQLite held its one connection
 * in the import's transaction for the whole file, so no such round could finish before the import.
 */
const ROWS = 200_000;

function bigFile(farm: string, lastLine?: string): string {
  const lines = ['data;hora;nucleo;lote;aviario;sexo;peso'];
  for (let index = 0; index < ROWS; index += 1) {
    lines.push(`${String(1 + (index % 28)).padStart(2, '0')}/10/2026;08:00;${farm};L-${index % 3};${1 + (index % 4)};Macho;${1500 + (index % 1000)},${index % 10}`);
  }
  if (lastLine) lines.push(lastLine);
  return `${lines.join('\n')}\n`;
}

interface Round {
  started: number;
  ended: number;
}

for (const dialect of testDialects()) {
  describe(`other calls during a large import [${dialect}]`, () => {
    let portal: TestPortal;
    let importer: TestAccount;
    let other: TestAccount;
    let otherFarm: Nucleo;
    let device: SimDevice;

    beforeAll(async () => {
      const mqttPort = await freePort();
      portal = await startTestPortal(dialect, { env: { MQTT_PORT: String(mqttPort) } });
      importer = await createAccount(portal);
      other = await createAccount(portal);
      otherFarm = await createNucleo(portal, other, { nome: 'Granja Vizinha' });
      const saved = await createDevice(portal, other, { nucleo_id: otherFarm.id });
      device = new SimDevice({ modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id, usuario: saved.credencial!.usuario, senha: saved.credencial!.senha }, `mqtt://127.0.0.1:${mqttPort}`);
      await device.waitConnected();
    }, 60_000);
    afterAll(async () => {
      await device?.end();
      await portal?.close();
    });

    it('answers the health check, another account and its device while 200,000 rows are imported', async () => {
      let importEnded = 0;
      const started = Date.now();
      const importing = importFile(portal, importer, bigFile('Granja Grande'), { create_missing: true }).finally(() => (importEnded = Date.now()));
      const rounds: Round[] = [];
      let seq = 0;
      // One round: the health check, the other account's getuser, a weighing of its device acknowledged.
      while (importEnded === 0) {
        const round = { started: Date.now(), ended: 0 };
        expect((await portal.request('GET', '/api/health')).status).toBe(200);
        expect((await portal.request('GET', '/api/getuser', { token: other.token })).status).toBe(200);
        seq += 1;
        device.sendPes(seq, { nucleo: otherFarm.nome });
        const acked = seq;
        await until(() => device.acked.has(acked), `the acknowledgement of weighing ${acked}`, 120_000);
        round.ended = Date.now();
        rounds.push(round);
      }
      const answer = await importing;
      expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
      expect(answer.body.importadas).toBe(ROWS);
      const middle = started + (importEnded - started) / 2;
      const during = rounds.filter((round) => round.started >= middle && round.ended < importEnded);
      expect(during.length, `rounds ${JSON.stringify(rounds.map((round) => [round.started - started, round.ended - started]))}, import ended at ${importEnded - started} ms`).toBeGreaterThanOrEqual(2);
      const stored = await storedCounts(portal, importer.user.id);
      expect(stored).toMatchObject({ pesagens: ROWS, importacoes: 1, nucleos: 1, lotes: 3 });
    }, 180_000);

    it('stores nothing of a large file whose last row is refused, and leaves no staged row', async () => {
      const before = await storedCounts(portal, importer.user.id);
      const answer = await importFile(portal, importer, bigFile('Granja Recusada', '31/02/2026;08:00;Granja Recusada;L-0;1;Macho;1500'), { create_missing: true });
      expect(answer.status).toBe(422);
      expect(answer.body.importacao).toMatchObject({ linhas: ROWS + 1, validas: ROWS, rejeitadasTotal: 1 });
      expect(answer.body.importacao.rejeitadas).toEqual([{ linha: ROWS + 2, motivo: 'DATE_INVALID', campo: 'data', valor: '31/02/2026' }]);
      expect(await storedCounts(portal, importer.user.id)).toEqual(before);
      const db = portal.database.db;
      const staged = await db.selectFrom('importacao_linhas').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(staged.n)).toBe(0);
      // Nothing blocks the same file once fixed... and the refused one can be sent again (no import row was kept).
      expect((await importFile(portal, importer, bigFile('Granja Recusada', '31/02/2026;08:00;Granja Recusada;L-0;1;Macho;1500'), { dry_run: true })).status).toBe(200);
    }, 180_000);
  });
}
