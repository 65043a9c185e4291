import type { Dosagem, DosagemOrigem } from '@portal/shared';
import type { CsvCell } from '../../components/reports';

/** The columns of the applications' CSV, in order (titles from `fumigators.history.columns`). */
export const EVENT_CSV_COLUMNS = ['inicio', 'fim', 'duracao', 'volume', 'vazao', 'produto', 'operador', 'origem', 'fotos'] as const;

export interface EventCsvTexts {
  column: (key: (typeof EVENT_CSV_COLUMNS)[number]) => string;
  /** An instant in the user's date and time format. */
  dateTime: (iso: string) => string;
  /** The end cell of an event whose pump still runs. */
  running: string;
  origem: (origem: DosagemOrigem) => string;
}

/**
 * Header and rows of the applications' CSV (pure, so the test sees what the file holds): product
 * and operator are typed by operators and grantees, so csvText defuses them like every text.
 */
export function eventsCsv(eventos: readonly Dosagem[], texts: EventCsvTexts): { header: string[]; rows: CsvCell[][] } {
  const rows = eventos.map((event): CsvCell[] => [
    texts.dateTime(event.inicio),
    event.fim === null ? texts.running : texts.dateTime(event.fim),
    event.duracao_min,
    event.volume_ml,
    event.vazao_media_ml_min,
    event.produto,
    event.operador,
    texts.origem(event.origem),
    event.fotos,
  ]);
  return { header: EVENT_CSV_COLUMNS.map(texts.column), rows };
}
