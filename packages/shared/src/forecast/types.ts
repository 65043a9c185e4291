/**
 * The growth forecast's input and answer (issue 20; method in docs/forecast.md). The server turns
 * them into getprevisao's wire shape (schemas/forecast.ts): ages to dates, the standard's points and
 * the observed days beside the curve.
 */

/** A weighing day: its mean weight (g) and the birds weighed. */
export interface DiaPesado {
  idade: number;
  peso_g: number;
  aves: number;
}

export interface PrevisaoEntrada {
  /** Any order; ages ≥ 0. Days of one age are merged (mean weighted by birds); unusable entries are ignored. */
  dias: DiaPesado[];
  /** The breed standard's points (g), sorted by age, or null. */
  padrao: { idade: number; peso: number }[] | null;
  /** Age whose weight is asked. */
  idade_consulta: number;
  /** Target weight (g). */
  alvo_g: number;
  /** Last age of the curve (≥ idade_consulta; the caller computes it). */
  horizonte_idade: number;
  /** Seed of the bootstrap's random numbers: the same input and seed give the same answer. */
  seed: number;
}

export type PrevisaoSituacao = 'ok' | 'sem_pesagens' | 'poucos_dias' | 'ajuste_ruim' | 'intervalo_largo';

export interface PrevisaoQuantis {
  p10: number;
  p50: number;
  p90: number;
}

export interface PrevisaoAjuste {
  A_g: number;
  B: number;
  k: number;
  rmse_g: number;
  rmse_pct: number;
}

export interface PrevisaoCalculo {
  situacao: PrevisaoSituacao;
  dias_pesagem: number;
  aves_pesadas: number;
  dias_minimos: number;
  /** The standard's share of the fit's information (0–100; 0 without a standard). */
  peso_padrao_pct: number;
  /** The fitted curve; given for ok, ajuste_ruim (when the numbers are finite) and intervalo_largo. */
  ajuste: PrevisaoAjuste | null;
  /** Weight at idade_consulta (g, 1 dp); null unless ok. */
  peso_na_idade: PrevisaoQuantis | null;
  /** Whole ages the target is first reached (p10 earliest, p90 latest; null: not by the horizon); null unless ok. */
  alvo: { ja_atingido: boolean; p10: number | null; p50: number | null; p90: number | null } | null;
  /** Ages 0..horizonte_idade; the quantiles are null unless ok, and before the youngest age fitted (7, or 14 without a standard). */
  curva: { idade: number; p10: number | null; p50: number | null; p90: number | null }[];
}
