import type { Desempenho, Indicadores, Lote } from '@portal/shared';

/** One line of the close-out report: a figure with its decimals and unit (null: not enough data). */
export interface CloseOutLine {
  key: string;
  value: number | null;
  decimals: number;
  unit: string;
}

/** The final figures of a closed flock, in the report's order: what was delivered, then the indicators. */
export function closeOutLines(lote: Pick<Lote, 'aves_alojadas' | 'fechamento'>, desempenho: Pick<Desempenho, 'idade' | 'geral'>): CloseOutLine[] {
  const f = lote.fechamento;
  const g = desempenho.geral;
  const line = (key: string, value: number | null, decimals: number, unit = ''): CloseOutLine => ({ key, value, decimals, unit });
  return [
    line('aves_alojadas', lote.aves_alojadas, 0),
    line('aves_entregues', f?.aves_entregues ?? null, 0),
    line('kg_entregues', f?.kg_entregues ?? null, 1, 'kg'),
    line('peso_entregue_g', f?.peso_medio_g ?? null, 1, 'g'),
    line('idade', desempenho.idade, 0, 'd'),
    line('mortos', g.mortos, 0),
    line('eliminados', g.eliminados, 0),
    line('viabilidade_pct', g.viabilidade_pct, 2, '%'),
    line('mortalidade_pct', g.mortalidade_pct, 2, '%'),
    line('mortalidade_padrao_pct', g.mortalidade_padrao_pct, 2, '%'),
    line('peso_medio_g', g.peso_medio_g, 1, 'g'),
    line('pct_padrao', g.pct_padrao, 1, '%'),
    line('ganho_medio_g', g.ganho_medio_g, 1, 'g'),
    line('uniformidade_pct', g.uniformidade_pct, 1, '%'),
    line('cv_pct', g.cv_pct, 1, '%'),
    line('racao_kg', g.racao_kg, 1, 'kg'),
    line('racao_por_ave_kg', g.racao_por_ave_kg, 3, 'kg'),
    line('ca', g.ca, 3),
    line('ca_corrigida', g.ca_corrigida, 3),
    line('agua_l', g.agua_l, 0, 'L'),
    line('iep', g.iep, 1),
  ];
}

/** The per-house columns of the report (and its CSV), with their decimals and unit. */
export const HOUSE_COLUMNS = [
  ['aves_alojadas', 0, ''],
  ['aves_vivas', 0, ''],
  ['viabilidade_pct', 2, '%'],
  ['mortalidade_pct', 2, '%'],
  ['peso_medio_g', 1, 'g'],
  ['ca', 3, ''],
  ['iep', 1, ''],
] as const satisfies readonly (readonly [keyof Indicadores, number, string])[];

/**
 * The close-out CSV: one section of figures (name; value; unit), then one line per house. Values
 * stay numbers (the CSV writer puts the user's decimal mark and defuses texts).
 */
export function closeOutCsvRows(lines: readonly CloseOutLine[], houses: Desempenho['aviarios'], label: (key: string) => string): (string | number | null)[][] {
  const rows: (string | number | null)[][] = lines.map((entry) => [label(entry.key), entry.value, entry.unit]);
  if (houses.length === 0) return rows;
  rows.push([]);
  rows.push([label('aviario'), ...HOUSE_COLUMNS.map(([key]) => label(key))]);
  for (const house of houses) rows.push([house.aviario_nome, ...HOUSE_COLUMNS.map(([key]) => house[key])]);
  return rows;
}
