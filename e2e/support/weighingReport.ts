import { expect } from 'vitest';
import type { TestAccount } from '../../packages/server/src/test/factories.js';
import { createNucleo } from '../../packages/server/src/test/factories/farms.js';
import { createLote } from '../../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../../packages/server/src/test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../../packages/server/src/test/factories/weighings.js';
import { LoginPage } from '../pages/LoginPage.js';
import { WeighingReportPage } from '../pages/ReportPages.js';
import { text } from './locales.js';
import type { E2E } from './portal.js';

/**
 * The weight report's e2e data (reports*.e2e.ts): a farm of 9 boxes whose statistics were worked
 * out by hand, how to open its report in a language, and the expected texts.
 */

// Node and Chromium run on the same machine: the device's calendar day, as the screen takes it.
const pad = (value: number) => String(value).padStart(2, '0');
export const localIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
export const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const masked = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const TODAY = localIso(new Date());
/** The weighing day: inside 'last 30 days'. */
export const DAY = addDays(TODAY, -5);

/**
 * Box 1 by hand: 1700, 1900, 2000, 2100, 2300 g. Mean 2000; deviations ±300, ±100, 0 → sum of
 * squares 200000 / (n − 1 = 4) = 50000 → desvioP 223.6068 → 223.6; cv 223.6068 / 2000 = 11.18 %;
 * band 1800–2200: 1900, 2000, 2100 uniform → uni 60 %; 1 below, 1 above (20 % each).
 * Scores: 1 (one bird), 2 (two birds) of 3 scored → 33.33 % and 66.67 %.
 * Box 2: 1800, 2000, 2200 — both birds on the band's edges count inside: uni 100 %.
 */
export const BOX1 = [1700, 1900, 2000, 2100, 2300];
export const BOX1_SCORES = [1, 2, 2, null, null];
export const BOX2 = [1800, 2000, 2200];

export function weighings(): PesagemInput[] {
  const row = (peso: number, aviario: string, lado: string, box: string, extra: Partial<PesagemInput> = {}): PesagemInput => ({
    peso,
    data: DAY,
    aviario,
    lado,
    box,
    sexo: 'Macho',
    linha: 'Ross 308',
    idade_lote: 28,
    serie_balanca: 'BAL-0001',
    ...extra,
  });
  const rows = [
    ...BOX1.map((peso, index) => row(peso, 'Aviário 1', 'A', '1', { score: BOX1_SCORES[index] })),
    ...BOX2.map((peso) => row(peso, 'Aviário 1', 'A', '2', { serie_balanca: 'BAL-0002' })),
  ];
  // Seven more boxes of three birds: 9 boxes in all, 3 printed pages of 4.
  const more: [string, string, string][] = [
    ['Aviário 1', 'A', '3'],
    ['Aviário 1', 'A', '4'],
    ['Aviário 1', 'A', '5'],
    ['Aviário 2', 'B', '1'],
    ['Aviário 2', 'B', '2'],
    ['Aviário 2', 'B', '3'],
    ['Aviário 2', 'B', '4'],
  ];
  more.forEach(([aviario, lado, box], index) => rows.push(...[1900, 2000, 2100].map((peso) => row(peso + index * 10, aviario, lado, box))));
  return rows;
}

/** The expected texts of box 1 in each language's number format. */
export const EXPECTED = {
  pt: { pesoMedio: '2.000,0 g', desvioP: '223,6 g', cv: '11,18 %', uni: '60,00 %', perAbaixo: '20,00 %', pesoTotal: '10.000,0 g', pm: '1.530,0 g', percent: '130,72 %' },
  en: { pesoMedio: '2,000.0 g', desvioP: '223.6 g', cv: '11.18 %', uni: '60.00 %', perAbaixo: '20.00 %', pesoTotal: '10,000.0 g', pm: '1,530.0 g', percent: '130.72 %' },
  // One number format for Spanish too (issue 16): thousands grouped from four digits, as in Portuguese.
  es: { pesoMedio: '2.000,0 g', desvioP: '223,6 g', cv: '11,18 %', uni: '60,00 %', perAbaixo: '20,00 %', pesoTotal: '10.000,0 g', pm: '1.530,0 g', percent: '130,72 %' },
} as const;

export type Language = keyof typeof EXPECTED;

/** The band rule as the report header tells it, under its label. */
export const uniformityNote = (language: Language) => `${text(language, 'reports.uniformity')}: ${text(language, 'reports.uniformityBand')}`;

/** 'Incubadora 3' under the label 'Incubadora' is said once; under 'Incubator' it is 'Incubator: Incubadora 3'. */
export const labelled = (label: string, value: string, separator: string) => (value.toLowerCase().startsWith(label.toLowerCase()) ? value : `${label}${separator}${value}`);

export interface Seeded {
  account: TestAccount;
  query: string;
}

/** A farm with a flock placed 28 days before the weighing day, on a standard, and its 9 boxes of weighings. */
export async function seedFarm(e2e: E2E, account: TestAccount): Promise<string> {
  const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Primavera' });
  const padrao = await createPadrao(e2e.portal, account, {
    nome: 'Ross 308 Granja',
    pontos: [
      { idade: 0, peso: 42 },
      { idade: 28, peso: 1530 },
      { idade: 35, peso: 2160 },
    ],
  });
  const lote = await createLote(e2e.portal, account, farm, { codigo: 'L-7', data_alojamento: addDays(DAY, -28), padrao_id: padrao.id });
  await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows: weighings() });
  return `nucleo=${farm.id}&lote=${lote.id}&inicio=${addDays(DAY, -1)}&fim=${DAY}`;
}

/**
 * Signs the seeded account in (its language, reports language — the same unless told — and CSV
 * separator set first) and opens its bookmarked report.
 */
export async function openReport(
  e2e: E2E,
  seeded: Seeded,
  viewport: { width: number; height: number },
  language: Language,
  separador_csv = ';',
  path: 'aves' | 'aves-incubatorio' = 'aves',
  reports_language: Language = language,
) {
  // Login applies the account's own language.
  const updated = await e2e.portal.request('POST', '/api/updateuser', { token: seeded.account.token, body: { language, reports_language, separador_csv } });
  expect(updated.status).toBe(200);
  const page = await e2e.newPage(viewport, language);
  const login = new LoginPage(page);
  await login.goto();
  await login.login(seeded.account.email, seeded.account.password);
  await page.waitForURL(/#\/dashboard$/);
  const report = new WeighingReportPage(page, path);
  await report.goto(seeded.query);
  await report.settled();
  return { page, report };
}

/** Sets the language the server writes report files in (the summary's decimal mark), apart from the interface's. */
export async function setReportsLanguage(e2e: E2E, account: TestAccount, reports_language: Language) {
  const updated = await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { reports_language } });
  expect(updated.status).toBe(200);
}

/** The summary file's columns (GET v2/resumo?tipo=csv). */
export const SUMMARY_HEADER = ['nome_nucleo', 'lote', 'aviario', 'lado', 'box', 'primeira', 'ultima', 'dias', 'totalAves', 'pesoTotal', 'pesoMedio', 'desvioP', 'cv', 'uni', 'corteCima', 'corteBaixo', 'qtdUniforme', 'qtdAcima', 'qtdAbaixo', 'perAcima', 'perAbaixo', 'maiorPeso', 'menorPeso'];

/** Box 1's summary line (see BOX1): its keys, then the figures with the decimal mark `mark`. */
export const summaryBoxOne = (separator: string, mark: string) =>
  ['Granja Primavera', 'L-7', 'Aviário 1', 'A', '1', DAY, DAY, '1', '5', '10000,0', '2000,0', '223,6', '11,18', '60,00', '2200,0', '1800,0', '3', '1', '1', '20,00', '20,00', '2300,0', '1700,0']
    .map((cell, index) => (index >= 8 ? cell.replace(',', mark) : cell))
    .join(separator);

/** Box 1's key in the user's separator (section 9). */
export const boxOneKey = (separator: string) => [DAY, 'L-7', 'Macho', 'Aviário 1', 'A', '1'].join(separator) + '.R.P';

export async function assertBoxOne(report: WeighingReportPage, language: Language, separator = ';') {
  const box = await report.findBox(boxOneKey(separator));
  const expected = EXPECTED[language];
  expect(await report.stat(box, 'totalAves')).toBe('5');
  expect(await report.stat(box, 'pesoMedio')).toBe(expected.pesoMedio);
  expect(await report.stat(box, 'desvioP')).toBe(expected.desvioP);
  expect(await report.stat(box, 'cv')).toBe(expected.cv);
  expect(await report.stat(box, 'uni')).toBe(expected.uni);
  expect(await report.stat(box, 'qtdUniforme')).toBe('3');
  expect(await report.stat(box, 'perAbaixo')).toBe(expected.perAbaixo);
  expect(await report.stat(box, 'pesoTotal')).toBe(expected.pesoTotal);
  const padrao = await report.stat(box, 'padrao');
  expect(padrao).toContain(expected.pm);
  expect(padrao).toContain(expected.percent);
  // Box title (section 9): lote, sexo, linha, product, age, category, order, date.
  const title = (await box.getByTestId('box-title').textContent()) ?? '';
  for (const part of ['L-7', 'Macho', 'Ross 308', text(language, 'reports.box.aves.lado'), text(language, 'reports.box.days', { count: 28 }), 'Aviário 1', masked(DAY)]) {
    expect(title).toContain(part);
  }
  expect(await box.getByTestId('box-key').textContent()).toBe(boxOneKey(separator));
}
