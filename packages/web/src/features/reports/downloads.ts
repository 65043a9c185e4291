import type { AvesPesosResponse } from '@portal/shared';
import type { TFunction } from 'i18next';
import { saveTextFile } from '../../components/textFile';
import type { NumberFormat } from '../records/numbers';
import { isoToMasked } from '../records/dates';
import { toCsv, toHtml, toTxt } from './exportFormat';
import { COLUMN_IDS, coveredNames, LEVELS, numberText, reportTable, type ColumnId, type Level, type TableTexts } from './reportTable';
import type { ReportKind } from './api';

export const DOWNLOAD_FORMATS = ['csv', 'txt', 'html'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

const MIME: Record<DownloadFormat, string> = { csv: 'text/csv', txt: 'text/plain', html: 'text/html' };

/** The header lines of the TXT and HTML downloads. */
function metaOf(t: TFunction, kind: ReportKind, report: AvesPesosResponse): [string, string][] {
  const names = coveredNames(report);
  return [
    [t('reports.period'), t('reports.periodRange', { from: isoToMasked(report.inicio), to: isoToMasked(report.fim) })],
    ...(names.nucleos.length ? [[t(`reports.keys.${kind}.nucleo`), names.nucleos.join(', ')] as [string, string]] : []),
    ...(names.lotes.length ? [[t(`reports.keys.${kind}.lote`), names.lotes.join(', ')] as [string, string]] : []),
    [t('reports.scalesLabel'), report.balancas.join(', ') || t('reports.none')],
    [t('reports.uniformity'), t('reports.uniformityBand')],
  ];
}

export interface DownloadOptions {
  /** Texts, numbers and language of the user's reports language (useReportLanguage), not the interface's. */
  t: TFunction;
  numbers: NumberFormat;
  language: string;
  kind: ReportKind;
  report: AvesPesosResponse;
  /** The user's CSV separator. */
  separator: string;
}

/**
 * The text of a download, in the user's reports language. CSV titles its columns with the
 * section 3 names (data, lote, pesoMedio, cv …) and writes numbers without thousands separators,
 * so spreadsheets read them; TXT and HTML use the translated labels and grouped numbers.
 */
export function downloadText(format: DownloadFormat, options: DownloadOptions): string {
  const { t, kind, report } = options;
  const machine = format === 'csv';
  const texts: TableTexts = {
    title: t('reports.analysisTitle'),
    meta: metaOf(t, kind, report),
    headers: Object.fromEntries(COLUMN_IDS.map((id) => [id, machine ? id : t(`reports.columns.${kind}.${id}`)])) as Record<ColumnId, string>,
    levels: Object.fromEntries(LEVELS.map((level) => [level, machine ? level : t(`reports.levels.${level}`)])) as Record<Level, string>,
  };
  const table = reportTable(report, texts, numberText(options.numbers, !machine));
  if (format === 'csv') return toCsv(table, options.separator);
  if (format === 'txt') return toTxt(table);
  return toHtml(table, options.language);
}

/** `aves_2026-11-01_2026-11-30.csv` */
export function downloadName(kind: ReportKind, report: AvesPesosResponse, format: DownloadFormat): string {
  return `${kind === 'aves' ? 'aves' : 'aves-incubatorio'}_${report.inicio}_${report.fim}.${format}`;
}

/** Saves a download's text as a file of its format's type. */
export const saveFile = (name: string, text: string, format: DownloadFormat) => saveTextFile(name, text, MIME[format]);
