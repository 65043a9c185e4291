import { z } from 'zod';
import { idField } from './primitives.js';
import { janelaDia, janelaOverride, qualidadeContagem } from './quality.js';
import { dateField, propField } from './records/common.js';

/**
 * Weighing records (spec section 3) and the weight reports built on them (sections 3 and 9).
 * Weights travel in grams with 1 decimal; the database keeps them as integer tenths of a gram
 * (`peso_dg`), so sums are exact on both databases and in memory.
 */

/** Heaviest weight a weighing may carry, in grams (a breeder hen is ~5 kg; a scale's limit is far below this). */
export const PESO_MAX_G = 99_999.9;
/** Longest period a report may cover. */
export const REPORT_MAX_DAYS = 3_660;
/** Section 9: histogram bins of 20 g over 1000 g. */
export const HISTOGRAM_BIN_G = 20;
export const HISTOGRAM_SPAN_G = 1_000;
/** Section 9: box keys end with this suffix. */
export const BOX_KEY_SUFFIX = '.R.P';

/**
 * The report calculation result (section 3), every weight in grams with 1 decimal, every
 * percentage with 2. Empty group: counts 0, the rest null. Uniformity band: mean ± 10 %, both
 * edges inside (a bird exactly at corteBaixo or corteCima is uniform). desvioP uses n − 1 (0 for
 * one bird); cv = desvioP / pesoMedio × 100. perAcima/perAbaixo: birds strictly above corteCima
 * / below corteBaixo. Score percent: of the birds that carry a score.
 */
export const estatisticas = z.object({
  totalAves: z.number().int(),
  pesoTotal: z.number(),
  pesoMedio: z.number().nullable(),
  desvioP: z.number().nullable(),
  cv: z.number().nullable(),
  uni: z.number().nullable(),
  corteCima: z.number().nullable(),
  corteBaixo: z.number().nullable(),
  qtdUniforme: z.number().int(),
  qtdAcima: z.number().int(),
  qtdAbaixo: z.number().int(),
  perAcima: z.number().nullable(),
  perAbaixo: z.number().nullable(),
  maiorPeso: z.number().nullable(),
  menorPeso: z.number().nullable(),
  scores: z.array(z.object({ score: z.number().int(), count: z.number().int(), percent: z.number() })),
});
export type Estatisticas = z.infer<typeof estatisticas>;

/** Section 9 box graph: 20 g bins over 1000 g from the mean rounded down to 0.5 kg; birds outside counted apart. */
export const histograma = z.object({
  inicio: z.number(),
  passo: z.number(),
  contagens: z.array(z.number().int()),
  abaixo: z.number().int(),
  acima: z.number().int(),
});
export type Histograma = z.infer<typeof histograma>;

/** Filters of avespesos (weight report) and the hatchery report; dates YYYY-MM-DD, both included. */
export const avesPesosBody = z
  .object({
    prop: propField,
    inicio: dateField,
    fim: dateField,
    nucleo_id: idField().optional(),
    lote_id: idField().optional(),
    aviario: z.string().max(40).optional(),
    sexo: z.string().max(20).optional(),
    serie_balanca: z.string().max(40).optional(),
    /** true: only hatcheries' weighings (aves-incubatorio); false/absent: only farms'. */
    incubatorio: z.boolean().default(false),
    /** Recompute under another quality window (issue 20): these percentages for every flock of the report, its filter on. */
    janela: janelaOverride.optional(),
  })
  .superRefine((body, context) => {
    if (body.fim < body.inicio) context.addIssue({ code: 'custom', path: ['fim'], message: 'DATE_RANGE_INVALID' });
    else if ((Date.parse(body.fim) - Date.parse(body.inicio)) / 86_400_000 > REPORT_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['fim'], message: 'FIELD_OUT_OF_RANGE' });
  });
export type AvesPesosBody = z.input<typeof avesPesosBody>;

/** Comparison of a group's mean with the flock's standard at its age. */
export const comparacaoPadrao = z.object({
  padrao_id: z.number().int(),
  padrao_nome: z.string(),
  idade: z.number().int(),
  /** Standard weight (g) for that age. */
  pmComparacao: z.number(),
  /** pesoMedio as % of pmComparacao, 2 decimals. */
  percentPadrao: z.number(),
});

const chaveGrupo = { data: z.string(), lote: z.string(), sexo: z.string() };

export const reportBox = z.object({
  ...chaveGrupo,
  aviario: z.string(),
  lado: z.string(),
  box: z.string(),
  linha: z.string(),
  idade_lote: z.number().int().nullable(),
  /** Image/file key: data, lote, sexo, aviario, lado, box joined by the user's CSV separator, + '.R.P'. */
  key: z.string(),
  balancas: z.array(z.string()),
  stats: estatisticas,
  histograma,
  padrao: comparacaoPadrao.nullable(),
  /** Accepted and flagged weighings (issue 20) while the flock's quality filter is on (or a window is asked); null otherwise. */
  qualidade: qualidadeContagem.nullable(),
});
export const reportLado = z.object({ ...chaveGrupo, aviario: z.string(), lado: z.string(), stats: estatisticas, qualidade: qualidadeContagem.nullable(), boxes: z.array(reportBox) });
export const reportCategoria = z.object({ ...chaveGrupo, aviario: z.string(), stats: estatisticas, qualidade: qualidadeContagem.nullable(), lados: z.array(reportLado) });
/** Top level: date | flock | sex. */
export const reportGrupo = z.object({
  ...chaveGrupo,
  nucleo_id: z.number().int(),
  nome_nucleo: z.string(),
  lote_id: z.number().int().nullable(),
  idade_lote: z.number().int().nullable(),
  stats: estatisticas,
  padrao: comparacaoPadrao.nullable(),
  qualidade: qualidadeContagem.nullable(),
  /** The quality window the group's weighings were judged by; null when its flock's filter is off. */
  janela: janelaDia.nullable(),
  categorias: z.array(reportCategoria),
});
export const avesPesosResponse = z.object({
  inicio: z.string(),
  fim: z.string(),
  separador: z.string(),
  /** Scales that weighed these birds (the header's list of scales). */
  balancas: z.array(z.string()),
  total: estatisticas,
  /** The report's accepted and flagged weighings; null when no flock of it is filtered. */
  qualidade: qualidadeContagem.nullable(),
  grupos: z.array(reportGrupo),
});
export type ReportBox = z.infer<typeof reportBox>;
export type ReportLado = z.infer<typeof reportLado>;
export type ReportCategoria = z.infer<typeof reportCategoria>;
export type ReportGrupo = z.infer<typeof reportGrupo>;
export type AvesPesosResponse = z.infer<typeof avesPesosResponse>;

/** avesheader {prop} / incubatorioheader {prop}: what the report filters offer. */
export const headerBody = z.object({ prop: propField });
export const reportHeader = z.object({
  separador: z.string(),
  nucleos: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      tipo: z.string(),
      lotes: z.array(z.object({ id: z.number().int(), codigo: z.string(), situacao: z.enum(['ativo', 'encerrado']), data_alojamento: z.string().nullable() })),
    }),
  ),
  aviarios: z.array(z.string()),
  sexos: z.array(z.string()),
  balancas: z.array(z.string()),
  /** First and last day with weighings in reach; null when there are none. */
  primeira: z.string().nullable(),
  ultima: z.string().nullable(),
});
export type ReportHeader = z.infer<typeof reportHeader>;

/**
 * GET /api/v2/resumo?inicio&fim&tipo: dates as yyyy-mm-dd or dd/mm/yyyy. The weight report's filters
 * narrow it as they narrow the report (a farm, a flock, a house, a sex); farms' weighings only.
 */
export const resumoQuery = z.object({
  prop: z.coerce.number().pipe(idField()).optional(),
  inicio: z.string(),
  fim: z.string(),
  tipo: z.enum(['json', 'csv']).default('json'),
  nucleo_id: z.coerce.number().pipe(idField()).optional(),
  lote_id: z.coerce.number().pipe(idField()).optional(),
  aviario: z.string().max(40).optional(),
  sexo: z.string().max(20).optional(),
});
export const resumoLinha = z.object({
  nome_nucleo: z.string(),
  lote: z.string(),
  aviario: z.string(),
  lado: z.string(),
  box: z.string(),
  primeira: z.string(),
  ultima: z.string(),
  dias: z.number().int(),
  stats: estatisticas,
});
export const resumoResponse = z.object({ inicio: z.string(), fim: z.string(), linhas: z.array(resumoLinha) });
export type ResumoResponse = z.infer<typeof resumoResponse>;

/** Section 9 grader categories, in box order. */
export const GRADER_CATEGORIES = ['Limit 1', 'SL', 'Light', 'Average 1', 'Average 2', 'Heavy', 'Super heavy'] as const;

/**
 * gettotaisselauto?id&ini&fim[&lote_id]: a grader's birds and weight per category over a period;
 * with lote_id only that flock's weighings (what the uniformization screen reads in one call).
 */
export const totaisSelautoQuery = z.object({
  prop: z.coerce.number().pipe(idField()).optional(),
  id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()),
  ini: dateField,
  fim: dateField,
  lote_id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()).optional(),
});
/**
 * Each category's `stats` are its birds after grading; the total's `stats` are every bird of the
 * seven categories together, the population before grading. aves = stats.totalAves,
 * peso_total = stats.pesoTotal and pm = stats.pesoMedio, always.
 */
export const totaisSelauto = z.object({
  device_id: z.number().int(),
  serie: z.string(),
  ini: z.string(),
  fim: z.string(),
  categorias: z.array(
    z.object({ box: z.number().int(), desc: z.string(), aves: z.number().int(), peso_total: z.number(), pm: z.number().nullable(), percent: z.number(), stats: estatisticas }),
  ),
  total: z.object({ aves: z.number().int(), peso_total: z.number(), pm: z.number().nullable(), stats: estatisticas }),
});
export type TotaisSelauto = z.infer<typeof totaisSelauto>;

/** getuniestrutura: farm → flock → house, with the graders on each farm. */
export const uniEstrutura = z.array(
  z.object({
    id: z.number().int(),
    nome: z.string(),
    seletoras: z.array(z.object({ id: z.number().int(), serie: z.string(), nome: z.string() })),
    lotes: z.array(
      z.object({
        id: z.number().int(),
        codigo: z.string(),
        situacao: z.enum(['ativo', 'encerrado']),
        aviarios: z.array(z.object({ id: z.number().int(), nome: z.string() })),
      }),
    ),
  }),
);
export type UniEstrutura = z.infer<typeof uniEstrutura>;

/** usrstats: the dashboard tiles. */
export const usrStats = z.object({
  contagens: z.object({ nucleos: z.number().int(), lotesAtivos: z.number().int(), dispositivos: z.number().int(), pesagens: z.number().int() }),
  lotes: z.array(
    z.object({
      lote_id: z.number().int(),
      codigo: z.string(),
      nome_nucleo: z.string(),
      idade: z.number().int().nullable(),
      ultima: z
        .object({
          data: z.string(),
          idade: z.number().int().nullable(),
          pesoMedio: z.number().nullable(),
          uni: z.number().nullable(),
          cv: z.number().nullable(),
          totalAves: z.number().int(),
          /** g/day since the weighing day before; null with a single day. */
          ganhoDiario: z.number().nullable(),
          percentPadrao: z.number().nullable(),
        })
        .nullable(),
      /** Mean weight per weighing day, with the standard at that age when the flock has one. */
      curva: z.array(z.object({ data: z.string(), idade: z.number().int().nullable(), pesoMedio: z.number(), padrao: z.number().nullable() })),
    }),
  ),
});
export type UsrStats = z.infer<typeof usrStats>;
