import type { Grafico, RegisterGraficoBody } from '@portal/shared';
import { pesagensDiaRepository } from '../../modules/weighings/pesagens-dia.repository.js';
import { ensurePartitionsFor } from '../../db/dialect.js';
import type { TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';

let sequence = 0;

/** A chart through the API (registergrafico); `linhas` is required since every chart plots something. */
export async function createGrafico(
  portal: TestPortal,
  account: TestAccount,
  overrides: Partial<RegisterGraficoBody> & Pick<RegisterGraficoBody, 'linhas'>,
): Promise<Grafico> {
  sequence += 1;
  const body: RegisterGraficoBody = { titulo: `Gráfico ${sequence}`, ...overrides };
  const answer = await portal.request<Grafico>('POST', '/api/registergrafico', { token: account.token, body });
  if (answer.status !== 200) throw new Error(`registergrafico failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Birds weighed for a flock, written straight into pesagens (one row per bird, decigrams). */
export async function insertBirds(portal: TestPortal, account: TestAccount, lote: { id: number; nucleo_id: number }, birds: { data: string; peso_dg: number }[]): Promise<void> {
  const rows = birds.map((bird, index) => ({
    owner_id: account.user.id, nucleo_id: lote.nucleo_id, lote_id: lote.id, data: bird.data, hora: '08:00', aviario: '1', lado: '', box: '', sexo: 'misto',
    peso_dg: bird.peso_dg, idade_lote: null, linha: '', score: null, serie_balanca: 'TEST', obs: '', importacao_id: null, device_id: null, seq: null, created_at: Date.now() + index,
  }));
  await ensurePartitionsFor(portal.database, 'pesagens', rows.map((row) => row.data));
  for (let start = 0; start < rows.length; start += 500) await portal.database.db.insertInto('pesagens').values(rows.slice(start, start + 500)).execute();
  // Written around the ingestion service: the owner's daily aggregates are rebuilt from the raw rows.
  await pesagensDiaRepository(portal.database).rebuildOwner(account.user.id, Date.now());
}

/** Device readings as the readings store keeps them (one row per device and bucket): silo kg, trough rpm, doser ml, in tenths. */
export type ReadingRows =
  | { table: 'silo_leituras'; rows: { em: number; peso_hg: number }[] }
  | { table: 'calha_leituras'; rows: { em: number; idcalha: number; rpm_dec: number; ligada: 0 | 1 }[] }
  | { table: 'dose_leituras'; rows: { em: number; volume_dml: number; ligada?: 0 | 1 }[] };

export async function insertReadings(portal: TestPortal, account: TestAccount, deviceId: number, readings: ReadingRows): Promise<void> {
  const base = (em: number) => ({ owner_id: account.user.id, device_id: deviceId, em, bucket: em });
  const db = portal.database.db;
  await ensurePartitionsFor(portal.database, readings.table, readings.rows.map((row) => row.em));
  for (let start = 0; start < readings.rows.length; start += 500) {
    if (readings.table === 'silo_leituras') {
      await db.insertInto('silo_leituras').values(readings.rows.slice(start, start + 500).map((row) => ({ ...base(row.em), peso_hg: row.peso_hg }))).execute();
    } else if (readings.table === 'calha_leituras') {
      const rows = readings.rows.slice(start, start + 500).map((row) => ({ ...base(row.em), bucket: row.em * 100 + row.idcalha, idcalha: row.idcalha, rpm_dec: row.rpm_dec, voltas: 0, ligada: row.ligada, presenca: null }));
      await db.insertInto('calha_leituras').values(rows).execute();
    } else {
      const rows = readings.rows.slice(start, start + 500).map((row) => ({ ...base(row.em), volume_dml: row.volume_dml, vazao_dml_min: 0, ligada: row.ligada ?? 1 }));
      await db.insertInto('dose_leituras').values(rows).execute();
    }
  }
}
