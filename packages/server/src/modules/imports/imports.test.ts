import type { Lote, Nucleo } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile, storedCounts } from '../../test/factories/imports.js';
import { describeEachDialect } from '../../test/harness.js';
import { readDate, readTime } from '../weighings/index.js';
import { detectDecimal, detectSeparator, mapColumns } from './columns.js';
import { readPesoDg } from './rows.js';

const HEADER = ['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote', 'linha', 'score', 'serie_balanca', 'obs'];

describe('reading the values of a file', () => {
  it('reads weights to integer decigrams from the text, never through floating point', () => {
    expect(readPesoDg('1234,5', ',')).toBe(12345);
    expect(readPesoDg('1.234,5', ',')).toBe(12345);
    expect(readPesoDg('1,234.5', '.')).toBe(12345);
    expect(readPesoDg('0,1', ',')).toBe(1);
    expect(readPesoDg('42', '.')).toBe(420);
    expect(readPesoDg('2045.50', '.')).toBe(20455);
    expect(readPesoDg('99999,9', ',')).toBe(999999);
    for (const bad of ['0', '0,0', '100000', '12,34', '1.2.3', '-5', '1e3', 'abc', ',', '1,234', '12.3,4']) expect(readPesoDg(bad, ','), bad).toBeUndefined();
  });

  it('reads dd/mm/yyyy, d/m/yyyy and ISO dates, refusing impossible ones', () => {
    expect(readDate('05/11/2026')).toBe('2026-11-05');
    expect(readDate('5/1/2026')).toBe('2026-01-05');
    expect(readDate('2026-11-05')).toBe('2026-11-05');
    for (const bad of ['31/02/2026', '2026-13-01', '11/05/26', '2026/11/05', 'hoje']) expect(readDate(bad), bad).toBeUndefined();
  });

  it('reads times to HH:MM:SS', () => {
    expect(readTime('8:05')).toBe('08:05:00');
    expect(readTime('23:59:59')).toBe('23:59:59');
    expect(readTime('')).toBe('');
    for (const bad of ['24:00', '12:60', '8h', '12:00:61']) expect(readTime(bad), bad).toBeUndefined();
  });

  it('maps header names without case or accents, with a few aliases', () => {
    const map = mapColumns(['\uFEFFData', 'Núcleo', 'LOTE', 'Peso (g)', 'Weight', 'extra'])!;
    expect(map.colunas.map((column) => column.campo)).toEqual(['data', 'nucleo', 'lote', 'peso', null, null]);
    expect(mapColumns(['fecha', 'nome_nucleo', 'flock', 'weight_g'])?.index.nucleo).toBe(1);
    expect(mapColumns(['data', 'nucleo', 'peso'])).toBeUndefined();
  });

  it('guesses the separator from the header and the decimal mark from the weights', () => {
    expect(detectSeparator('data;nucleo;lote;peso', ',')).toBe(';');
    expect(detectSeparator('data\tnucleo\tlote\tpeso', ';')).toBe('\t');
    expect(detectSeparator('"a;b",data,nucleo,lote', ';')).toBe(',');
    expect(detectDecimal(['1234', '1234,5'], ';')).toBe(',');
    expect(detectDecimal(['1,234.5', '99.5'], ';')).toBe('.');
    expect(detectDecimal(['1234'], ',')).toBe('.');
  });
});

describeEachDialect('POST /api/importacao: storing files', (portal) => {
  let owner: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  beforeAll(async () => {
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner, { nome: 'Granja São João', codigo: 'GSJ' });
    lote = await createLote(portal(), owner, farm, { codigo: 'L-100' });
  });

  const weighings = (importacaoId: number) =>
    portal().database.db.selectFrom('pesagens').selectAll().where('importacao_id', '=', importacaoId).orderBy('id').execute();

  it('stores a good file exactly: weights to the decigram, both date forms, farm by name without accents or by code', async () => {
    const file =
      '\uFEFF' +
      csvOf(
        ['Data', 'Hora', 'nome_nucleo', 'Lote', 'Aviário', 'Lado', 'Box', 'Sexo', 'Peso', 'Idade', 'Linha', 'Score', 'Série balança', 'Obs'],
        [
          ['05/11/2026', '08:00', 'Granja São João', 'L-100', 'Aviário 1', '1', '2', 'Macho', '2045,5', '35', 'Cobb', '3', 'BAL-1', 'ok'],
          ['2026-11-06', '8:05:30', 'GRANJA SAO JOAO', 'l-100', 'Aviário 2', '2', '1', 'Fêmea', '1.980,0', '', 'Ross', '', 'BAL-1', ''],
          ['6/11/2026', '', 'GSJ', 'L-100', '1', '1', '1', 'Misto', '0,1', '36', '', '0', '', '"com ; dentro"'],
        ],
      );
    const answer = await importFile(portal(), owner, file, { separador: ';' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ dry_run: false, separador: ';', decimal: ',', linhas: 3, validas: 3, rejeitadasTotal: 0, importadas: 3 });
    expect(answer.body.colunas.map((column: { campo: string | null }) => column.campo)).toEqual(HEADER);
    const rows = await weighings(answer.body.importacao_id);
    expect(rows.map(({ data, hora, peso_dg, idade_lote, score, aviario, sexo, linha, obs }) => ({ data, hora, peso_dg, idade_lote, score, aviario, sexo, linha, obs }))).toEqual([
      { data: '2026-11-05', hora: '08:00:00', peso_dg: 20455, idade_lote: 35, score: 3, aviario: 'Aviário 1', sexo: 'Macho', linha: 'Cobb', obs: 'ok' },
      { data: '2026-11-06', hora: '08:05:30', peso_dg: 19800, idade_lote: null, score: null, aviario: 'Aviário 2', sexo: 'Fêmea', linha: 'Ross', obs: '' },
      { data: '2026-11-06', hora: '', peso_dg: 1, idade_lote: 36, score: 0, aviario: '1', sexo: 'Misto', linha: '', obs: 'com ; dentro' },
    ]);
    expect(rows.every((row) => row.nucleo_id === farm.id && row.lote_id === lote.id && row.owner_id === owner.user.id)).toBe(true);
    const stored = await portal().database.db.selectFrom('importacoes').selectAll().where('id', '=', answer.body.importacao_id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ owner_id: owner.user.id, user_id: owner.user.id, arquivo: 'pesagens.csv', linhas: 3 });
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['comma', ',', '.'],
    ['tab', '\t', '.'],
    ['pipe', '|', ','],
  ])('reads a %s-separated file, the separator and decimal guessed', async (_name, separator, decimal) => {
    const peso = decimal === '.' ? '1500.5' : '1500,5';
    const file = csvOf(['date', 'farm', 'flock', 'weight'], [['2026-11-07', 'GSJ', 'L-100', peso], ['07/11/2026', 'GSJ', 'L-100', '1600']], separator);
    const answer = await importFile(portal(), owner, file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ separador: separator, decimal, importadas: 2 });
    expect((await weighings(answer.body.importacao_id)).map((row) => row.peso_dg)).toEqual([15005, 16000]);
  });

  it('takes "tab" for the separator field and reads a Windows-1252 file', async () => {
    const latin = Buffer.from('data\tnucleo\tlote\tpeso\tobs\r\n08/11/2026\tGranja S\xe3o Jo\xe3o\tL-100\t1700,5\tf\xeamea\r\n', 'latin1');
    const answer = await importFile(portal(), owner, latin, { separador: 'tab', decimal: ',' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await weighings(answer.body.importacao_id);
    expect(row).toMatchObject({ nucleo_id: farm.id, peso_dg: 17005, obs: 'fêmea' });
  });

  it('refuses a UTF-8 file with one Windows-1252 line, naming the line, and creates nothing', async () => {
    const before = await storedCounts(portal(), owner.user.id);
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    const file = Buffer.concat([
      utf8('data;nucleo;lote;peso\r\n15/11/2026;Granja São João;L-100;1500\r\n15/11/2026;GSJ;L-100;1501\r\n'),
      Buffer.from('15/11/2026;Granja S\xe3o Jo\xe3o Nova;L-9;1502\r\n', 'latin1'),
      utf8('15/11/2026;Granja São João;L-100;1503\r\n'),
    ]);
    for (const dry_run of [true, false]) {
      const answer = await importFile(portal(), owner, file, { dry_run, create_missing: true });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'IMPORT_ENCODING_MIXED', linha: 4 });
    }
    // The other way round: Windows-1252 first, a UTF-8 line later is the odd one.
    const reversed = Buffer.concat([Buffer.from('data;nucleo;lote;peso\nx;Granja S\xe3o Jo\xe3o;L-100;1\n\n', 'latin1'), utf8('x;São;L;1\n')]);
    expect((await importFile(portal(), owner, reversed)).body).toMatchObject({ code: 'IMPORT_ENCODING_MIXED', linha: 4 });
    expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
  });

  it('reads a long Windows-1252 file whose only accents come late as Windows-1252', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `16/11/2026;GSJ;L-100;${1000 + (index % 500)};ok`);
    const file = Buffer.concat([Buffer.from(`data;nucleo;lote;peso;obs\n${rows.join('\n')}\n`), Buffer.from('16/11/2026;GSJ;L-100;1999;f\xeamea\n', 'latin1')]);
    const answer = await importFile(portal(), owner, file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const last = await portal().database.db.selectFrom('pesagens').select('obs').where('importacao_id', '=', answer.body.importacao_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.obs).toBe('fêmea');
  });

  it('stores nothing in a dry run and answers the preview', async () => {
    const before = await storedCounts(portal(), owner.user.id);
    const file = csvOf(['data', 'nucleo', 'lote', 'peso'], [['09/11/2026', 'GSJ', 'L-100', '1234,5'], ['09/11/2026', 'Granja Nova', 'L-1', '99']]);
    const answer = await importFile(portal(), owner, file, { dry_run: true, create_missing: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ dry_run: true, linhas: 2, validas: 2, importacao_id: null, importadas: 0, rejeitadas: [] });
    expect(answer.body.amostra[0]).toMatchObject({ linha: 2, data: '2026-11-09', nucleo: 'GSJ', lote: 'L-100', peso: 1234.5 });
    expect(answer.body.faltantes).toEqual({ nucleos: ['Granja Nova'], lotes: [{ nucleo: 'Granja Nova', lote: 'L-1' }] });
    expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
    // A dry run is no import: the same file can then be imported.
    expect((await importFile(portal(), owner, file, { create_missing: true })).status).toBe(200);
  });

  it('refuses a file with bad rows as a whole, listing every row with its reason, and stores nothing', async () => {
    const other = await createNucleo(portal(), owner, { nome: 'Granja Outra' });
    await createLote(portal(), owner, other, { codigo: 'L-OUTRA' });
    const before = await storedCounts(portal(), owner.user.id);
    const rows: string[][] = [
      ['10/11/2026', '08:00', 'GSJ', 'L-100', '1', '1', '1', 'M', '1500,0', '', '', '', '', ''],
      ['31/02/2026', '', 'GSJ', 'L-100', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '25:00', 'GSJ', 'L-100', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', '', '', '', '', '12,34', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', '', '', '', '', '0', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', '', '', '', '', '100000', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', '', '', '', '', '1500', 'x', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', '', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', 'A'.repeat(41), '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', 'a\u0007b', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', 'GSJ', 'L-100'],
      ['10/11/2026', '', 'Granja Fantasma', 'L-100', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-NENHUM', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-OUTRA', '', '', '', '', '1500', '', '', '', '', ''],
      ['10/11/2026', '', 'GSJ', 'L-100', '', '', '', '', '1500', '', '', '-1', '', ''],
    ];
    const answer = await importFile(portal(), owner, csvOf(HEADER, rows) + '10/11/2026;;GSJ;"L-100;;;;;1500;;;;;\r\n');
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('IMPORT_REJECTED');
    const preview = answer.body.importacao;
    expect(preview).toMatchObject({ linhas: 16, validas: 1, rejeitadasTotal: 15, importacao_id: null, importadas: 0 });
    expect(preview.rejeitadas.map((row: { linha: number; motivo: string; campo: string | null }) => [row.linha, row.motivo, row.campo])).toEqual([
      [3, 'DATE_INVALID', 'data'],
      [4, 'TIME_INVALID', 'hora'],
      [5, 'WEIGHT_INVALID', 'peso'],
      [6, 'WEIGHT_INVALID', 'peso'],
      [7, 'WEIGHT_INVALID', 'peso'],
      [8, 'NUMBER_INVALID', 'idade_lote'],
      [9, 'VALUE_REQUIRED', 'lote'],
      [10, 'VALUE_TOO_LONG', 'aviario'],
      [11, 'VALUE_INVALID_CHARACTERS', 'aviario'],
      [12, 'COLUMN_COUNT', null],
      [13, 'NUCLEO_NOT_FOUND', 'nucleo'],
      [14, 'LOTE_NOT_FOUND', 'lote'],
      [15, 'LOTE_OTHER_NUCLEO', 'lote'],
      [16, 'NUMBER_INVALID', 'score'],
      [17, 'ROW_MALFORMED', null],
    ]);
    expect(preview.rejeitadas[0]).toMatchObject({ valor: '31/02/2026' });
    expect(preview.faltantes).toEqual({ nucleos: ['Granja Fantasma'], lotes: [{ nucleo: 'GSJ', lote: 'L-NENHUM' }, { nucleo: 'GSJ', lote: 'L-OUTRA' }] });
    expect(await storedCounts(portal(), owner.user.id)).toEqual(before);
  });

  it('stores the same file once: a second import, even at the same moment, answers IMPORT_DUPLICATE', async () => {
    const file = csvOf(['data', 'nucleo', 'lote', 'peso'], [['11/11/2026', 'GSJ', 'L-100', '1800,5']]);
    const first = await importFile(portal(), owner, file);
    expect(first.status).toBe(200);
    const again = await importFile(portal(), owner, file, { dry_run: true }, 'renamed.txt');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('IMPORT_DUPLICATE');
    expect((await weighings(first.body.importacao_id)).length).toBe(1);

    const twin = csvOf(['data', 'nucleo', 'lote', 'peso'], [['12/11/2026', 'GSJ', 'L-100', '1800,5']]);
    const before = await storedCounts(portal(), owner.user.id);
    const answers = await Promise.all([importFile(portal(), owner, twin), importFile(portal(), owner, twin), importFile(portal(), owner, twin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const after = await storedCounts(portal(), owner.user.id);
    expect([after.pesagens - before.pesagens, after.importacoes - before.importacoes]).toEqual([1, 1]);
  });

  it('creates the farms and flocks a file names with create_missing, each flock in a house of its farm', async () => {
    const file = csvOf(['data', 'nucleo', 'lote', 'peso'], [
      ['13/11/2026', 'Granja Criada', 'C-1', '900'],
      ['13/11/2026', 'granja criada', 'C-2', '950'],
      ['13/11/2026', 'GSJ', 'C-3', '990'],
    ]);
    const refused = await importFile(portal(), owner, file);
    expect(refused.status).toBe(422);
    const answer = await importFile(portal(), owner, file, { create_missing: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const farms = (await portal().request('GET', '/api/getnucleo', { token: owner.token })).body as Nucleo[];
    const created = farms.find((item) => item.nome === 'Granja Criada')!;
    expect(created.aviarios.map((house) => house.nome)).toEqual(['Aviário 1']);
    const flocks = (await portal().request('GET', '/api/getlote', { token: owner.token })).body as Lote[];
    const byCode = (codigo: string) => flocks.find((item) => item.codigo === codigo)!;
    expect([byCode('C-1').nucleo_id, byCode('C-2').nucleo_id, byCode('C-3').nucleo_id]).toEqual([created.id, created.id, farm.id]);
    expect(byCode('C-1').aviarios.map((house) => house.id)).toEqual([created.aviarios[0]!.id]);
    expect(byCode('C-3').aviarios.map((house) => house.id)).toEqual([farm.aviarios[0]!.id]);
    const rows = await weighings(answer.body.importacao_id);
    expect(rows.map((row) => [row.nucleo_id, row.lote_id])).toEqual([
      [created.id, byCode('C-1').id],
      [created.id, byCode('C-2').id],
      [farm.id, byCode('C-3').id],
    ]);
  });
});
