import { z } from 'zod';
import { idField, integerField, textField } from '../primitives.js';
import { dateField, ownerQuery } from '../records/common.js';
import { SEXOS_PADRAO } from '../records/standards.js';

/**
 * Flock performance (issue 18): the indicators integrators pay growers on. Formulas and their
 * sources: docs/performance.md; the arithmetic: packages/shared/src/performance/. Null always means
 * "not enough data" (never 0): no weighing, no feed data, no placement date.
 */
const coercedId = z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField());
const queryBoolean = z.enum(['0', '1', 'true', 'false'], { error: 'FIELD_INVALID' }).transform((value) => value === '1' || value === 'true');

export const desempenhoQuery = ownerQuery.extend({
  lote_id: coercedId,
  /** As of this day (default: the owner's today, or the closing day of a closed flock). */
  data: dateField.optional(),
});
export type DesempenhoQuery = z.input<typeof desempenhoQuery>;

const num = z.number().nullable();

/** One set of indicators (the flock, one house, or one sex). */
export const indicadores = z.object({
  aves_alojadas: z.number().int(),
  aves_vivas: z.number().int(),
  mortos: z.number().int(),
  eliminados: z.number().int(),
  /** (vivas ÷ alojadas) × 100, with transfers counted. */
  viabilidade_pct: num,
  /** (mortos + eliminados) ÷ alojadas × 100, cumulative. */
  mortalidade_pct: num,
  /** The as-of day's losses ÷ birds alive that morning × 100. */
  mortalidade_dia_pct: num,
  /** The standard's cumulative mortality at this age, when the standard has one. */
  mortalidade_padrao_pct: num,
  /** Latest weighing day's mean (g), its date, age, uniformity (±10 %) and CV. */
  peso_medio_g: num,
  data_pesagem: z.string().nullable(),
  idade_pesagem: z.number().int().nullable(),
  uniformidade_pct: num,
  cv_pct: num,
  aves_pesadas: z.number().int(),
  /** g/day between the latest two weighing days. */
  ganho_diario_g: num,
  /** g/day since placement (from the placement weight). */
  ganho_medio_g: num,
  /** Mean ÷ standard at the weighing's age × 100. */
  pct_padrao: num,
  /** The age (days, 1 decimal) at which the standard's weight equals the mean: the "weight flock age". */
  idade_peso: num,
  /** Feed since placement (kg), per bird housed-alive (kg), FCR and FCR corrected to the account's reference. */
  racao_kg: num,
  racao_por_ave_kg: num,
  ca: num,
  ca_corrigida: num,
  agua_l: num,
  /** Water litres ÷ feed kg over the days that have both. */
  agua_racao: num,
  /** IEP/EPEF = viabilidade % × peso kg ÷ (idade × CA) × 100. */
  iep: num,
});
export type Indicadores = z.infer<typeof indicadores>;

/** Which inputs an indicator set used, so a reader can redo it by hand. */
export const entradasDesempenho = z.object({
  /** 'pesagem': latest weighing mean; 'fechamento': kg ÷ birds delivered at close-out. */
  peso_fonte: z.enum(['pesagem', 'fechamento']).nullable(),
  /** 'silos': the silos' measured consumption (getracao); 'fechamento': the close-out's feed figure. */
  racao_fonte: z.enum(['silos', 'fechamento']).nullable(),
  /** Feed days with data / days lived; a gap makes FCR a lower bound and is flagged here. */
  racao_dias: z.number().int(),
  dias_vividos: z.number().int().nullable(),
  racao_completa: z.boolean(),
  peso_alojamento_g: z.number(),
  peso_referencia_g: z.number().int(),
  pontos_100g: z.number(),
});

export const desempenhoDia = z.object({
  data: z.string(),
  idade: z.number().int(),
  mortos: z.number().int(),
  eliminados: z.number().int(),
  aves_vivas: z.number().int(),
  mortalidade_acum_pct: z.number(),
  mortalidade_padrao_pct: num,
  peso_medio_g: num,
  padrao_g: num,
  agua_l: num,
  racao_kg: num,
  temp_min: num,
  temp_max: num,
});

export const desempenho = z.object({
  lote_id: z.number().int(),
  codigo: z.string(),
  /** The as-of day and the flock's age on it. */
  data: z.string(),
  idade: z.number().int().nullable(),
  situacao: z.enum(['ativo', 'encerrado']),
  padrao: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  geral: indicadores,
  entradas: entradasDesempenho,
  aviarios: z.array(indicadores.extend({ aviario_id: z.number().int(), aviario_nome: z.string() })),
  /**
   * Weight indicators per sex where the weighings name one (counts are the flock's placement per
   * sex), with that sex's mean on each weighing day: the growth curve per sex.
   */
  sexos: z.array(
    indicadores.extend({
      sexo: z.enum(SEXOS_PADRAO),
      curva: z.array(z.object({ data: z.string(), idade: z.number().int(), peso_medio_g: z.number() })),
    }),
  ),
  /** Every day from placement to the as-of day. */
  dias: z.array(desempenhoDia),
});
export type Desempenho = z.infer<typeof desempenho>;

export const AGRUPAMENTOS_COMPARATIVO = ['lote', 'aviario', 'nucleo', 'proprietario'] as const;
export type AgrupamentoComparativo = (typeof AGRUPAMENTOS_COMPARATIVO)[number];

/**
 * getcomparativo: flocks closed in [di, df] (and, with ativos=1, flocks active on df at their
 * current indicators), grouped and ranked. todos=1: every owner the caller reaches, side by side.
 */
export const comparativoQuery = ownerQuery.extend({
  di: dateField,
  df: dateField,
  nucleo_id: coercedId.optional(),
  por: z.enum(AGRUPAMENTOS_COMPARATIVO, { error: 'FIELD_INVALID' }).default('lote'),
  linhagem: textField({ max: 60 }).optional(),
  sexo: z.enum(SEXOS_PADRAO, { error: 'FIELD_INVALID' }).optional(),
  idade_min: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(integerField({ min: 0, max: 200 })).optional(),
  idade_max: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(integerField({ min: 0, max: 200 })).optional(),
  ativos: queryBoolean.optional(),
  todos: queryBoolean.optional(),
});
export type ComparativoQuery = z.input<typeof comparativoQuery>;

export const linhaComparativo = z.object({
  /** Stable key of the group (e.g. 'lote:12', 'aviario:3', 'nucleo:4', 'proprietario:7'). */
  chave: z.string(),
  nome: z.string(),
  proprietario: z.object({ id: z.number().int(), nome: z.string() }),
  nucleo: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  lotes: z.number().int(),
  aves_alojadas: z.number().int(),
  idade: num,
  viabilidade_pct: num,
  peso_medio_g: num,
  ganho_medio_g: num,
  ca: num,
  ca_corrigida: num,
  iep: num,
  uniformidade_pct: num,
  /** Rank by IEP (1 = best) and its quartile: 1 the top ("cabeça"), 4 the bottom ("cola"); null without IEP. */
  posicao: z.number().int().nullable(),
  quartil: z.number().int().min(1).max(4).nullable(),
});
export type LinhaComparativo = z.infer<typeof linhaComparativo>;

export const comparativo = z.object({
  por: z.enum(AGRUPAMENTOS_COMPARATIVO),
  di: z.string(),
  df: z.string(),
  linhas: z.array(linhaComparativo),
  /** Bird-weighted means over every line. */
  media: linhaComparativo.omit({ chave: true, nome: true, proprietario: true, nucleo: true, posicao: true, quartil: true }),
});
export type Comparativo = z.infer<typeof comparativo>;
