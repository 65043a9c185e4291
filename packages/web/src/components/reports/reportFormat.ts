import { useMemo } from 'react';
import { useCurrentUser } from '../../features/auth/session';
import { useNumberFormat } from '../../features/records/useNumberFormat';
import { saveTextFile } from '../textFile';
import { csvText, numberText, type CsvCell, type ReportNumberFormat } from './reportText';

/** The MIME type of a download by its name's extension (CSV unless told). */
const mimeOf = (name: string) => (name.endsWith('.txt') ? 'text/plain' : name.endsWith('.html') ? 'text/html' : 'text/csv');

/**
 * Report numbers and downloads in the signed-in user's formats: `number` for the screen (the
 * interface language, '—' when empty), `csv` in the user's separador_csv (default ';') and
 * `download` to save a text file.
 */
export function useReportFormat() {
  const { user } = useCurrentUser();
  const { locale } = useNumberFormat();
  const separator = user.separador_csv;
  // Stable while the language and separator stay, so charts and tables built from it do not redraw.
  return useMemo(() => {
    const format: ReportNumberFormat = { locale, separator };
    return {
      number: (value: number | null, decimals: number) => numberText(locale, value, decimals),
      csv: (header: readonly string[], rows: readonly (readonly CsvCell[])[]) => csvText(format, header, rows),
      download: (name: string, text: string) => saveTextFile(name, text, mimeOf(name)),
    };
  }, [locale, separator]);
}
