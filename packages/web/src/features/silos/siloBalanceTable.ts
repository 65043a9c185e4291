import type { CsvCell } from '../../components/reports';
import type { SiloEntrega, SiloLeiturasResponse } from '@portal/shared';

/* The silo balance report's numbers, pure (tested without a browser): totals, CSV and chart data. */

export const BALANCE_COLUMNS = ['data', 'inicio_kg', 'entregas_kg', 'consumo_kg', 'fim_kg'] as const;
export type BalanceColumn = (typeof BALANCE_COLUMNS)[number];

/** Over the period: feed delivered (all days) and eaten (days with data), and how many days had none. */
export function balanceTotals(report: Pick<SiloLeiturasResponse, 'dias'>) {
  let entregas = 0;
  let consumo = 0;
  let semDados = 0;
  for (const dia of report.dias) {
    entregas += Math.round(dia.entregas_kg * 10);
    if (dia.consumo_kg === null) semDados += 1;
    else consumo += Math.round(dia.consumo_kg * 10);
  }
  const comDados = report.dias.length - semDados;
  return { entregas_kg: entregas / 10, consumo_kg: comDados === 0 ? null : consumo / 10, dias_sem_dados: semDados };
}

/** One line per day, in the report's column order; an empty value stays an empty cell. */
export function balanceCsv(report: Pick<SiloLeiturasResponse, 'dias'>, columns: Record<BalanceColumn, string>): { header: string[]; rows: CsvCell[][] } {
  const header = BALANCE_COLUMNS.map((column) => columns[column]);
  const rows = report.dias.map((dia): CsvCell[] => [dia.data, dia.inicio_kg, dia.entregas_kg, dia.consumo_kg, dia.fim_kg]);
  return { header, rows };
}

/** saldo-silo_<name>_<di>_<df>.csv, the name made safe for a file name. */
export function balanceCsvName(report: Pick<SiloLeiturasResponse, 'silo' | 'di' | 'df'>): string {
  const name = report.silo.nome.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || String(report.silo.id);
  return `saldo-silo_${name}_${report.di}_${report.df}.csv`;
}

/** The deliveries still waiting for the user, oldest first. */
export const pendingDeliveries = (entregas: readonly SiloEntrega[]) => entregas.filter((entrega) => entrega.situacao === 'pendente');

const pad = (value: number) => String(value).padStart(2, '0');

/** "dd/mm/yyyy hh:mm" of an instant in a timezone (hours from UTC), whatever the browser's. */
export const localStampOf = (timezone: number) => (at: number) => {
  const local = new Date(at + Math.round(timezone * 3_600_000));
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
};
