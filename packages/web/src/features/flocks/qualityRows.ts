import { MOTIVOS_DESCARTE, type Lote, type MotivoDescarte, type Qualidade, type QualidadeContagem } from '@portal/shared';
import { daysBefore } from '../../components/reports/reportPeriod';

/** One weighing day and sex of getqualidade, as the day table shows it. */
export type QualityDay = Qualidade['dias'][number];

export interface QualityDayRow extends QualityDay {
  key: string;
  /** Weighings set aside, every reason. */
  descartadas: number;
}

export interface QualityTotals extends QualidadeContagem {
  aves: number;
  descartadas: number;
}

export interface ScaleSummary {
  serie_balanca: string;
  /** Its days, oldest first. */
  dias: Qualidade['balancas'][number]['dias'];
  /** The mean of its daily scores (0–100), null without days. */
  nota_media: number | null;
  aves: number;
  aceitas: number;
  /** Accepted share of all its weighings (%), null when it weighed none. */
  aceitas_pct: number | null;
}

export const setAsideOf = (counts: QualidadeContagem): number => counts.parcial + counts.dupla + counts.acima;

/** The days newest first (the day being weighed is the one looked at), sexes in text order within a day. */
export function qualityDayRows(dias: readonly QualityDay[]): QualityDayRow[] {
  return [...dias]
    .sort((a, b) => b.data.localeCompare(a.data) || a.sexo.localeCompare(b.sexo))
    .map((day) => ({ ...day, key: `${day.data}|${day.sexo}`, descartadas: setAsideOf(day) }));
}

/** Weighed, accepted and set aside by reason over the period. */
export function qualityTotals(dias: readonly QualityDay[]): QualityTotals {
  const totals = { aves: 0, aceitas: 0, parcial: 0, dupla: 0, acima: 0, descartadas: 0 };
  for (const day of dias) {
    totals.aves += day.aves;
    totals.aceitas += day.aceitas;
    totals.parcial += day.parcial;
    totals.dupla += day.dupla;
    totals.acima += day.acima;
  }
  totals.descartadas = setAsideOf(totals);
  return totals;
}

/** Per scale: its days oldest first, the mean daily score and the accepted share of the period; scales in natural order. */
export function scaleSummaries(balancas: Qualidade['balancas']): ScaleSummary[] {
  return balancas
    .map((scale) => {
      const dias = [...scale.dias].sort((a, b) => a.data.localeCompare(b.data));
      const aves = dias.reduce((sum, day) => sum + day.aves, 0);
      const aceitas = dias.reduce((sum, day) => sum + day.aceitas, 0);
      const nota_media = dias.length === 0 ? null : dias.reduce((sum, day) => sum + day.nota, 0) / dias.length;
      return { serie_balanca: scale.serie_balanca, dias, nota_media, aves, aceitas, aceitas_pct: aves === 0 ? null : (aceitas / aves) * 100 };
    })
    .sort((a, b) => a.serie_balanca.localeCompare(b.serie_balanca, undefined, { numeric: true }));
}

/** The scales that weighed on `data` (the audit's scale filter offers these). */
export const scalesOfDay = (balancas: Qualidade['balancas'], data: string): string[] =>
  balancas
    .filter((scale) => scale.dias.some((day) => day.data === data))
    .map((scale) => scale.serie_balanca)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));

/** How a score reads: good from 80, fair from 50, else poor. */
export function scoreTone(nota: number | null): 'green' | 'yellow' | 'red' | 'gray' {
  if (nota === null) return 'gray';
  return nota >= 80 ? 'green' : nota >= 50 ? 'yellow' : 'red';
}

export const isMotivo = (value: string | null | undefined): value is MotivoDescarte => (MOTIVOS_DESCARTE as readonly string[]).includes(value ?? '');

export interface AuditFilters {
  serie_balanca: string | null;
  motivo: string | null;
}

/** getpesagensdescartadas' query: the day, and the scale and reason only when chosen. */
export function auditQuery(loteId: number, data: string, filters: AuditFilters, prop: number | undefined) {
  return {
    lote_id: loteId,
    data,
    ...(prop === undefined ? {} : { prop }),
    ...(filters.serie_balanca ? { serie_balanca: filters.serie_balanca } : {}),
    ...(isMotivo(filters.motivo) ? { motivo: filters.motivo } : {}),
  };
}

/**
 * The whole flock as the period picker shows it when the url names none: placement to the closing
 * day or today. A flock without a placement date starts `fallbackDays` back; an end before the
 * start (a placement in the future) is the start.
 */
export function wholeFlockPeriod(flock: Pick<Lote, 'data_alojamento' | 'data_encerramento'>, today: string, fallbackDays = 60): { di: string; df: string } {
  const df = flock.data_encerramento ?? today;
  const di = flock.data_alojamento ?? daysBefore(df, fallbackDays);
  return { di, df: df < di ? di : df };
}

/** A day (YYYY-MM-DD) written the language's way (05/03/2026 in pt and es, 03/05/2026 in en). */
export function dayText(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(`${iso}T00:00:00Z`));
}
