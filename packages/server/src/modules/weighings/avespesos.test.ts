import { computeStats, histogram, type AvesPesosResponse, type Estatisticas, type ReportHeader } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { createPesagens, generatedWeighings, gramsToDecigrams, type PesagemInput } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/** The section 3 statistics of some generated rows, computed apart from the server (no database, no grouping code). */
function expectedStats(rows: readonly PesagemInput[]): Estatisticas {
  return computeStats(
    rows.map((row) => gramsToDecigrams(row.peso)),
    rows.map((row) => row.score ?? null),
  );
}

const PERIOD = { inicio: '2026-11-01', fim: '2026-11-30' };

/** The report, or on refusal the error body. */
type Answer = AvesPesosResponse & { code?: string; errors?: { field: string; code: string }[] };

async function report(portal: TestPortal, account: TestAccount, body: Record<string, unknown>) {
  return portal.request<Answer>('POST', '/api/avespesos', { token: account.token, body: { ...PERIOD, ...body } });
}

describeEachDialect('weight report (avespesos)', (portal) => {
  it('groups date | flock | sex → category → side → box, every node equal to an independent computation', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Boa Vista' });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-7', data_alojamento: '2026-10-12' });
    const rows = generatedWeighings(7, 4000);
    await createPesagens(portal(), account, { nucleo: farm, lote, rows });

    const answer = await report(portal(), account, {});
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.total).toEqual(expectedStats(rows));
    expect(body.separador).toBe(';');
    expect(body.balancas).toEqual(['BAL-0001', 'BAL-0002']);
    // 4 days × 2 sexes, in date order then sex.
    expect(body.grupos.map((grupo) => `${grupo.data} ${grupo.sexo}`)).toEqual(
      ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'].flatMap((data) => [`${data} Fêmea`, `${data} Macho`]),
    );
    let boxes = 0;
    for (const grupo of body.grupos) {
      const inGroup = rows.filter((row) => row.data === grupo.data && row.sexo === grupo.sexo);
      expect(grupo).toMatchObject({ lote: 'L-7', lote_id: lote.id, nucleo_id: farm.id, nome_nucleo: 'Granja Boa Vista' });
      // Age from the placement date, not from what the rows say.
      expect(grupo.idade_lote).toBe(Math.round((Date.parse(grupo.data) - Date.parse('2026-10-12')) / 86_400_000));
      expect(grupo.stats).toEqual(expectedStats(inGroup));
      expect(grupo.categorias.map((categoria) => categoria.aviario)).toEqual(['Aviário 1', 'Aviário 2', 'Aviário 3']);
      for (const categoria of grupo.categorias) {
        const inCategory = inGroup.filter((row) => row.aviario === categoria.aviario);
        expect(categoria.stats).toEqual(expectedStats(inCategory));
        expect(categoria.lados.map((lado) => lado.lado)).toEqual(['1', '2']);
        for (const lado of categoria.lados) {
          const inSide = inCategory.filter((row) => row.lado === lado.lado);
          expect(lado.stats).toEqual(expectedStats(inSide));
          // Natural order: pen 10 after pen 3.
          expect(lado.boxes.map((box) => box.box)).toEqual(['1', '2', '3', '10']);
          for (const box of lado.boxes) {
            const inBox = inSide.filter((row) => row.box === box.box);
            boxes += 1;
            expect(box.stats).toEqual(expectedStats(inBox));
            expect(box.histograma).toEqual(histogram(inBox.map((row) => gramsToDecigrams(row.peso)), box.stats.pesoMedio));
            expect(box.key).toBe(`${grupo.data};L-7;${grupo.sexo};${categoria.aviario};${lado.lado};${box.box}.R.P`);
            expect(box.linha).toBe([...new Set(inBox.map((row) => row.linha))].sort().join(', '));
            expect(box.balancas).toEqual([...new Set(inBox.map((row) => row.serie_balanca!))].sort());
            expect(box).toMatchObject({ data: grupo.data, lote: 'L-7', sexo: grupo.sexo, aviario: categoria.aviario, lado: lado.lado, idade_lote: grupo.idade_lote, padrao: null });
          }
        }
      }
    }
    expect(boxes).toBe(8 * 3 * 2 * 4);
  });

  it("compares means with the flock's standard at its age, interpolated between points (hand-computed)", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const padrao = await createPadrao(portal(), account, { nome: 'Curva', pontos: [{ idade: 20, peso: 900 }, { idade: 23, peso: 1000 }] });
    const lote = await createLote(portal(), account, farm, { codigo: 'L-1', data_alojamento: '2026-10-12', padrao_id: padrao.id });
    await createPesagens(portal(), account, {
      nucleo: farm,
      lote,
      rows: [
        // Age 21: standard 900 + 100/3 = 933.3 g; mean 1050 → 1050 / 933.3 = 112.504 % → 112.50.
        { data: '2026-11-02', peso: 1000, box: '1' },
        { data: '2026-11-02', peso: 1100, box: '2' },
        // Age 23: a point of its own; mean 990 → 99.00 %.
        { data: '2026-11-04', peso: 990 },
        // Age 30: past the standard's last point, so no comparison.
        { data: '2026-11-11', peso: 1500 },
      ],
    });
    const { body } = await report(portal(), account, {});
    const [day21, day23, day30] = body.grupos;
    expect(day21!.padrao).toEqual({ padrao_id: padrao.id, padrao_nome: 'Curva', idade: 21, pmComparacao: 933.3, percentPadrao: 112.5 });
    // Each box against the same standard: 1000 / 933.3 = 107.146 %, 1100 / 933.3 = 117.861 %.
    const boxes = day21!.categorias[0]!.lados[0]!.boxes;
    expect(boxes.map((box) => box.padrao?.percentPadrao)).toEqual([107.15, 117.86]);
    expect(day23!.padrao).toMatchObject({ idade: 23, pmComparacao: 1000, percentPadrao: 99 });
    expect(day30!.idade_lote).toBe(30);
    expect(day30!.padrao).toBeNull();
  });

  it('takes the age from the rows when the flock has no placement date, and keeps rows without a flock', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm, { codigo: 'Sem data', data_alojamento: null });
    await createPesagens(portal(), account, { nucleo: farm, lote, rows: [{ peso: 800, idade_lote: 19 }, { peso: 820, idade_lote: 18 }] });
    await createPesagens(portal(), account, { nucleo: farm, rows: [{ peso: 700, sexo: 'Misto' }] });
    const { body } = await report(portal(), account, {});
    expect(body.grupos.map((grupo) => [grupo.lote, grupo.lote_id, grupo.idade_lote, grupo.stats.totalAves])).toEqual([
      ['', null, null, 1],
      ['Sem data', lote.id, 18, 2],
    ]);
  });

  it('filters by farm, flock, house, sex, scale and period; an empty result has counts 0 and the rest null', async () => {
    const account = await createAccount(portal());
    const farmA = await createNucleo(portal(), account, { nome: 'A' });
    const farmB = await createNucleo(portal(), account, { nome: 'B' });
    const loteA1 = await createLote(portal(), account, farmA, { codigo: 'A1' });
    const loteA2 = await createLote(portal(), account, farmA, { codigo: 'A2' });
    const loteB = await createLote(portal(), account, farmB, { codigo: 'B1' });
    const rowsA1 = generatedWeighings(11, 300);
    const rowsA2 = generatedWeighings(12, 200);
    const rowsB = generatedWeighings(13, 100);
    await createPesagens(portal(), account, { nucleo: farmA, lote: loteA1, rows: rowsA1 });
    await createPesagens(portal(), account, { nucleo: farmA, lote: loteA2, rows: rowsA2 });
    await createPesagens(portal(), account, { nucleo: farmB, lote: loteB, rows: rowsB });

    const total = async (filters: Record<string, unknown>) => {
      const answer = await report(portal(), account, filters);
      expect(answer.status).toBe(200);
      return answer.body.total;
    };
    expect(await total({})).toEqual(expectedStats([...rowsA1, ...rowsA2, ...rowsB]));
    expect(await total({ nucleo_id: farmA.id })).toEqual(expectedStats([...rowsA1, ...rowsA2]));
    expect(await total({ lote_id: loteA2.id })).toEqual(expectedStats(rowsA2));
    expect(await total({ aviario: 'Aviário 2' })).toEqual(expectedStats([...rowsA1, ...rowsA2, ...rowsB].filter((row) => row.aviario === 'Aviário 2')));
    expect(await total({ nucleo_id: farmB.id, sexo: 'Macho' })).toEqual(expectedStats(rowsB.filter((row) => row.sexo === 'Macho')));
    expect(await total({ serie_balanca: 'BAL-0002', lote_id: loteA1.id })).toEqual(expectedStats(rowsA1.filter((row) => row.serie_balanca === 'BAL-0002')));
    const period = { inicio: '2026-11-09', fim: '2026-11-16' };
    expect(await total(period)).toEqual(expectedStats([...rowsA1, ...rowsA2, ...rowsB].filter((row) => row.data! >= period.inicio && row.data! <= period.fim)));

    const empty = await report(portal(), account, { inicio: '2025-01-01', fim: '2025-01-31' });
    expect(empty.body).toEqual({ inicio: '2025-01-01', fim: '2025-01-31', separador: ';', balancas: [], total: computeStats([]), qualidade: null, grupos: [] });
    expect(empty.body.total).toMatchObject({ totalAves: 0, qtdUniforme: 0, pesoMedio: null, cv: null, uni: null, desvioP: null });
    // A hatchery's report reads no farm's weighings.
    expect((await report(portal(), account, { incubatorio: true })).body.grupos).toEqual([]);
  });

  it("hatchery weighings appear only in the hatchery report (incubatorio), with incubatorioheader's farms", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja' });
    const hatchery = await createNucleo(portal(), account, { nome: 'Incubatório Central', tipo: 'incubatorio' });
    const hatch = await createLote(portal(), account, hatchery, { codigo: 'Nascimento 44' });
    const chicks: PesagemInput[] = [
      { peso: 42.1, aviario: 'Incubadora 2', sexo: 'Cobb', linha: 'Cobb 500', serie_balanca: 'BL30PI-9' },
      { peso: 44.9, aviario: 'Incubadora 2', sexo: 'Cobb', linha: 'Cobb 500', serie_balanca: 'BL30PI-9' },
      { peso: 39.5, aviario: 'Incubadora 10', sexo: 'Cobb', linha: 'Cobb 500', serie_balanca: 'BL30PI-9' },
    ];
    await createPesagens(portal(), account, { nucleo: hatchery, lote: hatch, rows: chicks });
    await createPesagens(portal(), account, { nucleo: farm, rows: [{ peso: 2500, aviario: 'Aviário 1' }] });

    const hatcheryReport = (await report(portal(), account, { incubatorio: true })).body;
    expect(hatcheryReport.total).toEqual(expectedStats(chicks));
    expect(hatcheryReport.grupos).toHaveLength(1);
    expect(hatcheryReport.grupos[0]).toMatchObject({ lote: 'Nascimento 44', sexo: 'Cobb', nome_nucleo: 'Incubatório Central' });
    expect(hatcheryReport.grupos[0]!.categorias.map((categoria) => categoria.aviario)).toEqual(['Incubadora 2', 'Incubadora 10']);
    expect(hatcheryReport.grupos[0]!.categorias[0]!.stats).toMatchObject({ totalAves: 2, pesoMedio: 43.5, maiorPeso: 44.9, menorPeso: 42.1 });
    expect((await report(portal(), account, {})).body.total.totalAves).toBe(1);

    const header = await portal().request<ReportHeader>('POST', '/api/incubatorioheader', { token: account.token, body: {} });
    expect(header.status).toBe(200);
    expect(header.body).toMatchObject({
      separador: ';',
      aviarios: ['Incubadora 2', 'Incubadora 10'],
      sexos: ['Cobb'],
      balancas: ['BL30PI-9'],
      primeira: '2026-11-10',
      ultima: '2026-11-10',
    });
    expect(header.body.nucleos.map((nucleo) => [nucleo.nome, nucleo.tipo, nucleo.lotes.map((lote) => lote.codigo)])).toEqual([['Incubatório Central', 'incubatorio', ['Nascimento 44']]]);
  });

  it('avesheader offers the farms with their flocks and what the weighings hold, in natural order', async () => {
    const account = await createAccount(portal());
    const empty = await portal().request<ReportHeader>('POST', '/api/avesheader', { token: account.token, body: {} });
    expect(empty.body).toEqual({ separador: ';', nucleos: [], aviarios: [], sexos: [], balancas: [], primeira: null, ultima: null });

    const farm = await createNucleo(portal(), account, { nome: 'Granja 10' });
    const other = await createNucleo(portal(), account, { nome: 'Granja 9' });
    const open = await createLote(portal(), account, farm, { codigo: 'L-10', data_alojamento: '2026-10-01' });
    await createLote(portal(), account, farm, { codigo: 'L-9', data_alojamento: '2026-09-01', data_encerramento: '2026-10-20' });
    await createPesagens(portal(), account, {
      nucleo: farm,
      lote: open,
      rows: [
        { peso: 1000, aviario: 'Heavy', sexo: 'Macho', data: '2026-11-20', serie_balanca: 'S-10' },
        { peso: 1000, aviario: 'Light', sexo: 'Fêmea', data: '2026-11-03', serie_balanca: 'S-9' },
        { peso: 1000, aviario: 'Aviário 1', sexo: 'Macho', data: '2026-11-05', serie_balanca: 'S-9' },
      ],
    });
    const answer = await portal().request<ReportHeader>('POST', '/api/avesheader', { token: account.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.nucleos.map((nucleo) => nucleo.nome)).toEqual(['Granja 9', 'Granja 10']);
    expect(answer.body.nucleos[0]!.id).toBe(other.id);
    expect(answer.body.nucleos[1]!.lotes).toEqual([
      { id: expect.any(Number), codigo: 'L-9', situacao: 'encerrado', data_alojamento: '2026-09-01' },
      { id: open.id, codigo: 'L-10', situacao: 'ativo', data_alojamento: '2026-10-01' },
    ]);
    // Grader categories in their box order, then houses.
    expect(answer.body).toMatchObject({ aviarios: ['Light', 'Heavy', 'Aviário 1'], sexos: ['Fêmea', 'Macho'], balancas: ['S-9', 'S-10'], primeira: '2026-11-03', ultima: '2026-11-20' });
  });
});

describeEachDialect('weight report: bad input and access', (portal) => {
  it('refuses a bad period with a field code, and answers the reader’s separator', async () => {
    const account = await createAccount(portal());
    const refused = async (body: Record<string, unknown>, field: string, code: string) => {
      const answer = await report(portal(), account, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    await refused({ inicio: '2026-11-30', fim: '2026-11-01' }, 'fim', 'DATE_RANGE_INVALID');
    await refused({ inicio: '2016-01-01', fim: '2026-12-31' }, 'fim', 'FIELD_OUT_OF_RANGE');
    await refused({ inicio: '2026-02-30' }, 'inicio', 'FIELD_INVALID');
    await refused({ inicio: '01/11/2026' }, 'inicio', 'FIELD_INVALID');
    await refused({ nucleo_id: -1 }, 'nucleo_id', 'FIELD_OUT_OF_RANGE');
    await refused({ sexo: 'x'.repeat(21) }, 'sexo', 'FIELD_TOO_LONG');

    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_csv: '|' } });
    const answer = await report(portal(), account, {});
    expect(answer.status).toBe(200);
    expect(answer.body.separador).toBe('|');
  });

  it("refuses another owner's farm, flock and data (404) and shows a farm-limited grant only its farms", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const reader = await createAccount(portal());
    const farmA = await createNucleo(portal(), owner, { nome: 'A' });
    const farmB = await createNucleo(portal(), owner, { nome: 'B' });
    const loteB = await createLote(portal(), owner, farmB, { codigo: 'B1' });
    const rowsA = generatedWeighings(21, 150);
    const rowsB = generatedWeighings(22, 150);
    await createPesagens(portal(), owner, { nucleo: farmA, rows: rowsA });
    await createPesagens(portal(), owner, { nucleo: farmB, lote: loteB, rows: rowsB });
    await grantAccess(portal(), owner, reader, 'leitura', [farmA.id]);

    for (const body of [{ prop: owner.user.id }, { nucleo_id: farmA.id }, { lote_id: loteB.id }]) {
      const answer = await report(portal(), stranger, body);
      expect(answer.status, JSON.stringify(body)).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    expect((await portal().request('POST', '/api/avesheader', { token: stranger.token, body: { prop: owner.user.id } })).status).toBe(404);
    // The stranger's own report stays empty.
    expect((await report(portal(), stranger, {})).body.grupos).toEqual([]);

    const limited = await report(portal(), reader, { prop: owner.user.id });
    expect(limited.status).toBe(200);
    expect(limited.body.total).toEqual(expectedStats(rowsA));
    expect(new Set(limited.body.grupos.map((grupo) => grupo.nome_nucleo))).toEqual(new Set(['A']));
    expect((await report(portal(), reader, { prop: owner.user.id, nucleo_id: farmB.id })).status).toBe(404);
    expect((await report(portal(), reader, { prop: owner.user.id, lote_id: loteB.id })).status).toBe(404);
    const header = await portal().request<ReportHeader>('POST', '/api/avesheader', { token: reader.token, body: { prop: owner.user.id } });
    expect(header.body.nucleos.map((nucleo) => nucleo.nome)).toEqual(['A']);
    // The owner sees both farms.
    expect((await report(portal(), owner, {})).body.total).toEqual(expectedStats([...rowsA, ...rowsB]));
  });
});

describe('expectedStats helper', () => {
  it('converts grams to decigrams exactly', () => {
    expect(expectedStats([{ peso: 0.1 }, { peso: 1234.5 }]).pesoTotal).toBe(1234.6);
  });
});
