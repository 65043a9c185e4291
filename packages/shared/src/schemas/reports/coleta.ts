import { z } from 'zod';

/**
 * Collection-point history (gethistoricopontocoleta?id&di&df, periodQuery): the completed batches
 * of the point's ground collectors (COLETOR) per collector and day in the owner's timezone.
 * A batch is 20 birds; its sex is derived from the male and female counts (spec section 9,
 * collectorSummary): the majority, 'misto' on a tie.
 */
export const coletaSexo = z.enum(['M', 'F', 'misto']);
export type ColetaSexo = z.infer<typeof coletaSexo>;

/**
 * A collector's (or the whole point's) batches over one day or the period. Every value is null
 * when there was no batch: an empty day is shown as such, never as zero.
 */
export const coletaValores = z.object({
  /** Completed batches (coletas) of 20 birds. */
  coletas: z.number().int().nullable(),
  machos: z.number().int().nullable(),
  femeas: z.number().int().nullable(),
  aves: z.number().int().nullable(),
  /** Sum of the batches' totals, kg with 1 decimal. */
  peso_total_kg: z.number().nullable(),
  /** Σ peso_total / Σ aves, grams with 1 decimal. */
  pesoMedio: z.number().nullable(),
  /** From the counts summed over the day (or period). */
  sexo: coletaSexo.nullable(),
});
export type ColetaValores = z.infer<typeof coletaValores>;

/** One local day (YYYY-MM-DD) of a collector or of the point. */
export const coletaDia = coletaValores.extend({ data: z.string() });
export type ColetaDia = z.infer<typeof coletaDia>;

/**
 * A serial of the point's serie_coletores, in the list's order. `registrado` is false when the
 * owner has no collector (COLETOR) with that serial (any more): shown as such, with empty days.
 */
export const historicoColetor = z.object({
  serie: z.string(),
  device_id: z.number().int().nullable(),
  nome: z.string().nullable(),
  registrado: z.boolean(),
  /** Every day of [di, df], oldest first. */
  dias: z.array(coletaDia),
  total: coletaValores,
});
export type HistoricoColetor = z.infer<typeof historicoColetor>;

export const historicoPontoColeta = z.object({
  id: z.number().int(),
  nome: z.string(),
  nucleo_nome: z.string().nullable(),
  aviario_nome: z.string().nullable(),
  di: z.string(),
  df: z.string(),
  /** The owner's timezone the days are counted in (hours from UTC). */
  timezone: z.number(),
  coletores: z.array(historicoColetor),
  /** Per day over all the point's collectors, oldest first. */
  dias: z.array(coletaDia),
  /** The whole period over all the point's collectors. */
  total: coletaValores,
});
export type HistoricoPontoColeta = z.infer<typeof historicoPontoColeta>;

/**
 * Units of gethistoricopontocoletagrafico's lines (chartDataResponse): one line per collector in
 * the order of `coletores` (daily pesoMedio, unidade 'g'), then the point's daily machos and
 * femeas (unidade 'aves'), in that order; null on days without batches.
 */
export const COLETA_CHART_UNITS = { pesoMedio: 'g', contagem: 'aves' } as const;
