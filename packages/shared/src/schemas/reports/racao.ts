import { z } from 'zod';
import { periodQuery } from './period.js';

/**
 * Feed consumption report (screen `racao`, `getracao?id&di&df`): `id` is a flock (lote). Rows are
 * the days of [di, df] the flock lived (placement .. closing, or the owner's today while active).
 * Formulas: docs/feed-reports.md. Quantities in kg with 1 decimal, grams per bird with 1 decimal,
 * conversions with 3; null means no data (never 0).
 */
export const racaoQuery = periodQuery;
export type RacaoQuery = z.input<typeof racaoQuery>;

const named = z.object({ id: z.number().int(), nome: z.string() });

/** A silo that feeds at least one of the flock's houses. */
export const racaoSilo = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** 'balanca': daily consumption from its scale's readings; 'movimentos': from its recorded consumption movements. */
  fonte: z.enum(['balanca', 'movimentos']),
  device_id: z.number().int().nullable(),
  /** Every house the silo feeds; each day its consumption is split among them by their live birds. */
  aviarios: z.array(named),
  /** Of those, the flock's houses. */
  aviarios_lote: z.array(z.number().int()),
});
export type RacaoSilo = z.infer<typeof racaoSilo>;

export const racaoHeader = z.object({
  lote: z.object({
    id: z.number().int(),
    codigo: z.string(),
    data_alojamento: z.string(),
    data_encerramento: z.string().nullable(),
    aves_alojadas: z.number().int(),
    situacao: z.enum(['ativo', 'encerrado']),
  }),
  nucleo: named,
  aviarios: z.array(named),
  silos: z.array(racaoSilo),
  padrao: named.nullable(),
  /** Weight at placement the gain is counted from: the standard's age-0 weight, else PESO_ALOJAMENTO_PADRAO_G. */
  peso_alojamento_g: z.number(),
  peso_alojamento_fonte: z.enum(['padrao', 'padrao_ausente']),
  /** The period asked for. */
  di: z.string(),
  df: z.string(),
  /** The days shown: the period within the flock's life; null when the flock did not live in it. */
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  idade_inicio: z.number().int().nullable(),
  idade_fim: z.number().int().nullable(),
  /** The owner's UTC offset in hours: days are counted in it. */
  timezone: z.number(),
});
export type RacaoHeader = z.infer<typeof racaoHeader>;

/**
 * A silo's day: its whole consumption, the flock's share of it (by the live birds in the houses it
 * feeds), and what none of its houses had birds to eat (attributed to no flock). Null: no data.
 */
export const racaoSiloDia = z.object({
  id: z.number().int(),
  consumo_kg: z.number().nullable(),
  parte_kg: z.number().nullable(),
  sem_aves_kg: z.number().nullable(),
});
export const racaoAviarioDia = z.object({ id: z.number().int(), consumo_kg: z.number().nullable() });

export const racaoDia = z.object({
  data: z.string(),
  idade: z.number().int(),
  aves_vivas: z.number().int(),
  /** The flock's feed that day (sum of its silos' shares); null when no silo has data. */
  consumo_kg: z.number().nullable(),
  /** Every silo feeding the flock has data for the day. */
  completo: z.boolean(),
  silos: z.array(racaoSiloDia),
  aviarios: z.array(racaoAviarioDia),
  /** Feed since placement up to this day (days without data add nothing). */
  acumulado_kg: z.number(),
  /** No day since placement lacked data: otherwise acumulado_kg (and what uses it) is short. */
  acumulado_completo: z.boolean(),
  /** Grams per live bird; null unless the day is complete. */
  g_ave_dia: z.number().nullable(),
  /** acumulado per live bird (g) and the standard's consumo_acumulado at this age. */
  consumo_acumulado_g_ave: z.number().nullable(),
  consumo_acumulado_padrao_g: z.number().nullable(),
  /** Mean weight of the flock's weighings that day (g), and how many birds were weighed. */
  peso_medio_g: z.number().nullable(),
  aves_pesadas: z.number().int(),
  /** Live weight gained since placement (kg) and FCR = acumulado / ganho (days with weighings). */
  ganho_kg: z.number().nullable(),
  conversao: z.number().nullable(),
  /** The standard's conversao at this age (straight line between its points). */
  conversao_padrao: z.number().nullable(),
});
export type RacaoDia = z.infer<typeof racaoDia>;

export const racaoTotais = z.object({
  /** The flock's feed over the days shown; null when none has data. */
  consumo_kg: z.number().nullable(),
  dias: z.number().int(),
  dias_sem_dados: z.number().int(),
  dias_incompletos: z.number().int(),
  /** Every day shown has every silo's data. */
  completo: z.boolean(),
  silos: z.array(racaoSiloDia),
  aviarios: z.array(racaoAviarioDia),
  /** consumo_kg per live bird and day over the complete days, g. */
  g_ave_dia: z.number().nullable(),
  /** On the last day shown. */
  acumulado_kg: z.number().nullable(),
  acumulado_completo: z.boolean(),
  /** The last FCR of the period and the standard's on that day. */
  conversao: z.number().nullable(),
  conversao_padrao: z.number().nullable(),
});
export type RacaoTotais = z.infer<typeof racaoTotais>;

export const racaoResponse = z.object({ header: racaoHeader, dias: z.array(racaoDia), totais: racaoTotais });
export type RacaoResponse = z.infer<typeof racaoResponse>;

/** Placement weight (g) when the flock has no standard with an age-0 point: a day-old broiler chick. */
export const PESO_ALOJAMENTO_PADRAO_G = 42;
