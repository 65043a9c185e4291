import { useMemo } from 'react';
import { useCurrentUser } from '../session/session';
import { accountClock } from '../clock/clock';
import { saveTextFile } from '../textFile';
import { csvText, numberText, type CsvCell, type ReportNumberFormat } from './reportText';
import { useReportLanguage } from './useReportLanguage';

/** The MIME type of a download by its name's extension (CSV unless told). */
const mimeOf = (name: string) => (name.endsWith('.txt') ? 'text/plain' : name.endsWith('.html') ? 'text/html' : 'text/csv');

/**
 * What a report writes, in the signed-in user's report settings (spec section 3): `t` in the
 * reports language (the report body, its print and its files; the screen around it keeps the
 * interface's), `number` for the report's figures ('—' when empty) and `numbers` for its charts,
 * both in the user's number format; `clock` for its dates and times (the account's timezone, the
 * reports language's formats); `csv` in the user's separador_csv (default ';') with the same
 * decimal mark; `download` saves a text file.
 */
export function useReportFormat() {
  const { user } = useCurrentUser();
  const report = useReportLanguage();
  const separator = user.separador_csv;
  const timezone = user.timezone;
  // Stable while the language, number format and separator stay, so charts and tables built from it do not redraw.
  return useMemo(() => {
    const { numbers } = report;
    const format: ReportNumberFormat = { locale: report.locale, separator, decimalMark: numbers.decimalMark };
    return {
      ...report,
      clock: accountClock(timezone, report.locale),
      number: (value: number | null, decimals: number) => numberText(report.locale, value, decimals, numbers.decimalMark),
      csv: (header: readonly string[], rows: readonly (readonly CsvCell[])[]) => csvText(format, header, rows),
      download: (name: string, text: string) => saveTextFile(name, text, mimeOf(name)),
    };
  }, [report, separator, timezone]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
