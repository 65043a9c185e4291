/** The frame every report page shares: period in the url, Print, downloads, number and CSV formats. */
export { ReportPeriodBar, ReportPrintTitle, reportPrintClasses } from './ReportPeriodBar';
export { ReportContent } from './ReportContent';
export { ReportSummary, type SummaryCard } from './ReportSummary';
export { ReportTable, type ColumnAlign, type DataAttributes, type ReportColumn, type ReportTableProps, type RowTone } from './ReportTable';
export { reportTableClasses } from './reportTableClasses';
export { useReportPeriod, type ReportPeriodState } from './useReportPeriod';
export { definedOnly, isoDate, positiveId } from './urlValues';
export { daysBefore, defaultPeriod, periodProblem, QUICK_RANGES, quickRange, readPeriod, todayInTimezone, todayIso, withPeriod, type PeriodProblem, type ReportPeriod } from './reportPeriod';
export { csvText, EMPTY_VALUE, numberText, type CsvCell } from './reportText';
export { useReportFormat, type ReportFormat } from './reportFormat';
export { useReportLanguage, type ReportLanguage } from './useReportLanguage';
