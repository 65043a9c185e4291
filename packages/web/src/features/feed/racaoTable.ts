import type { Lote, RacaoDia, RacaoResponse } from '@portal/shared';
import type { CsvCell } from '../../components/reports/reportText';

/** Decimals the report shows per kind of value (docs/feed-reports.md). */
export const DECIMALS = { kg: 1, grams: 1, fcr: 3, birds: 0 } as const;

/** Flocks for the picker: active ones first (by code), then closed ones, newest closing first. */
export function flocksForPicker(lotes: readonly Lote[]): Lote[] {
  const byCode = (a: Lote, b: Lote) => a.codigo.localeCompare(b.codigo, undefined, { numeric: true }) || a.id - b.id;
  const active = lotes.filter((lote) => lote.situacao === 'ativo').sort(byCode);
  const closed = lotes
    .filter((lote) => lote.situacao !== 'ativo')
    .sort((a, b) => (b.data_encerramento ?? '').localeCompare(a.data_encerramento ?? '') || byCode(a, b));
  return [...active, ...closed];
}

/** The flock's whole life as a period: placement to closing (or today), at most `maxDays` back from its end. */
export function flockLife(lote: Pick<Lote, 'data_alojamento' | 'data_encerramento'>, today: string, maxDays: number): { di: string; df: string } | null {
  if (!lote.data_alojamento) return null;
  const df = lote.data_encerramento ?? (today < lote.data_alojamento ? lote.data_alojamento : today);
  const earliest = new Date(Date.parse(`${df}T00:00:00Z`) - maxDays * 86_400_000).toISOString().slice(0, 10);
  return { di: lote.data_alojamento > earliest ? lote.data_alojamento : earliest, df };
}

/** The texts of the CSV's header and its yes/no cells, translated by the page. */
export interface CsvTexts {
  columns: Record<(typeof FLOCK_COLUMNS)[number] | 'data' | 'completo' | 'acumulado_completo' | 'aves_pesadas', string>;
  /** "{{silo}} (kg)", "{{silo}} – lote (kg)", "{{silo}} – sem aves (kg)", "{{aviario}} (kg)". */
  siloTotal: (silo: string) => string;
  siloShare: (silo: string) => string;
  siloNoBirds: (silo: string) => string;
  house: (house: string) => string;
  yes: string;
  no: string;
}

/** The flock's day columns, in table order. */
export const FLOCK_COLUMNS = [
  'idade',
  'aves_vivas',
  'consumo_kg',
  'acumulado_kg',
  'g_ave_dia',
  'consumo_acumulado_g_ave',
  'consumo_acumulado_padrao_g',
  'peso_medio_g',
  'ganho_kg',
  'conversao',
  'conversao_padrao',
] as const satisfies readonly (keyof RacaoDia)[];
export type FlockColumn = (typeof FLOCK_COLUMNS)[number];

export const COLUMN_DECIMALS: Record<FlockColumn, number> = {
  idade: 0,
  aves_vivas: DECIMALS.birds,
  consumo_kg: DECIMALS.kg,
  acumulado_kg: DECIMALS.kg,
  g_ave_dia: DECIMALS.grams,
  consumo_acumulado_g_ave: DECIMALS.grams,
  consumo_acumulado_padrao_g: DECIMALS.grams,
  peso_medio_g: DECIMALS.grams,
  ganho_kg: DECIMALS.kg,
  conversao: DECIMALS.fcr,
  conversao_padrao: DECIMALS.fcr,
};

/** Header and rows of the report's CSV: one line per day, every silo and house, empty cells for no data. */
export function racaoCsv(report: RacaoResponse, texts: CsvTexts): { header: string[]; rows: CsvCell[][] } {
  const { silos, aviarios } = report.header;
  const header = [
    texts.columns.data,
    ...FLOCK_COLUMNS.slice(0, 3).map((column) => texts.columns[column]),
    texts.columns.completo,
    ...silos.flatMap((silo) => [texts.siloTotal(silo.nome), texts.siloShare(silo.nome), texts.siloNoBirds(silo.nome)]),
    ...aviarios.map((house) => texts.house(house.nome)),
    texts.columns.acumulado_kg,
    texts.columns.acumulado_completo,
    ...FLOCK_COLUMNS.slice(4, 8).map((column) => texts.columns[column]),
    texts.columns.aves_pesadas,
    ...FLOCK_COLUMNS.slice(8).map((column) => texts.columns[column]),
  ];
  const yesNo = (value: boolean) => (value ? texts.yes : texts.no);
  const rows = report.dias.map((dia): CsvCell[] => [
    dia.data,
    dia.idade,
    dia.aves_vivas,
    dia.consumo_kg,
    yesNo(dia.completo),
    ...dia.silos.flatMap((silo) => [silo.consumo_kg, silo.parte_kg, silo.sem_aves_kg]),
    ...dia.aviarios.map((house) => house.consumo_kg),
    dia.acumulado_kg,
    yesNo(dia.acumulado_completo),
    dia.g_ave_dia,
    dia.consumo_acumulado_g_ave,
    dia.consumo_acumulado_padrao_g,
    dia.peso_medio_g,
    dia.aves_pesadas,
    dia.ganho_kg,
    dia.conversao,
    dia.conversao_padrao,
  ]);
  return { header, rows };
}

/** racao_<flock code>_<di>_<df>.csv, the code made safe for a file name. */
export function racaoCsvName(report: RacaoResponse): string {
  const code = report.header.lote.codigo.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || String(report.header.lote.id);
  return `racao_${code}_${report.header.inicio ?? report.header.di}_${report.header.fim ?? report.header.df}.csv`;
}
