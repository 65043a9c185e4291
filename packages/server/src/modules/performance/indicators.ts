import {
  correctedFeedConversion,
  curveAt,
  dailyGainG,
  daysBetween,
  DIGITS,
  feedConversion,
  feedConversionDelivered,
  feedPerBirdKg,
  gainSincePlacementG,
  livabilityPct,
  mortalityPct,
  percentOfStandardPct,
  productionEfficiency,
  roundTo,
  waterFeedRatio,
  weightFlockAge,
  type Estatisticas,
  type Indicadores,
} from '@portal/shared';

/**
 * One set of indicators (the flock, a house) from what the service read, with the formulas of
 * packages/shared/src/performance. Each wire value is rounded once, here (docs/performance.md).
 */

/** A day's losses and transfers (one house, or the flock's houses summed). */
export interface DayMoves {
  data: string;
  mortos: number;
  eliminados: number;
  entradas: number;
  saidas: number;
}

/** A weighing day of the group: birds and exact Σ weight (dg). */
export interface WeighingDay {
  data: string;
  aves: number;
  peso_dg: number;
}

export interface IndicatorInputs {
  alojamento: string;
  /** The as-of day. */
  data: string;
  aves_alojadas: number;
  /** Its days with records, oldest first (any beyond `data` are ignored). */
  moves: readonly DayMoves[];
  /** Its weighing days up to `data`, oldest first, and the latest one's statistics. */
  pesagens: readonly WeighingDay[];
  ultima: Estatisticas | null;
  /** The standard's points by age (sorted): weight (g) and cumulative mortality (%). */
  pontos: readonly { idade: number; peso: number; mortalidade_pct: number | null }[];
  peso_alojamento_g: number;
  /** Feed eaten per day (kg; null: no data) — the silos' — and the feed to `data` as the flock's figure (silos or close-out). */
  racaoDia: ReadonlyMap<string, number | null>;
  racao_kg: number | null;
  /** Water per day (litres), where recorded. */
  aguaDia: ReadonlyMap<string, number>;
  /** The close-out (only when `data` is its day): weight from kg ÷ birds delivered, FCR from kg delivered. */
  fechamento: { kg_entregues: number; aves_entregues: number } | null;
  peso_referencia_g: number;
  pontos_100g: number;
}

/** Birds alive at the end of `data`, and the losses, transfers of the days up to it. */
export function tally(aves_alojadas: number, moves: readonly DayMoves[], data: string) {
  let mortos = 0;
  let eliminados = 0;
  let saldo = 0;
  for (const day of moves) {
    if (day.data > data) break;
    mortos += day.mortos;
    eliminados += day.eliminados;
    saldo += day.entradas - day.saidas;
  }
  return { mortos, eliminados, vivas: aves_alojadas - mortos - eliminados + saldo };
}

/** Σ feed from placement to `data`, over the days with data. */
function feedUpTo(racaoDia: ReadonlyMap<string, number | null>, data: string): number | null {
  let sum: number | null = null;
  for (const [day, kg] of racaoDia) if (day <= data && kg !== null) sum = (sum ?? 0) + kg;
  return sum;
}

/** Water litres ÷ feed kg over the days that have both. */
function waterFeed(aguaDia: ReadonlyMap<string, number>, racaoDia: ReadonlyMap<string, number | null>, data: string): number | null {
  let agua = 0;
  let racao = 0;
  for (const [day, litros] of aguaDia) {
    const kg = racaoDia.get(day);
    if (day > data || kg === null || kg === undefined) continue;
    agua += litros;
    racao += kg;
  }
  return racao > 0 ? waterFeedRatio(agua, racao) : null;
}

const meanG = (day: WeighingDay) => day.peso_dg / day.aves / 10;

export function buildIndicators(input: IndicatorInputs): Indicadores {
  const { alojamento, data, aves_alojadas, pontos } = input;
  const idade = daysBetween(alojamento, data);
  const asOf = tally(aves_alojadas, input.moves, data);
  const today = input.moves.find((day) => day.data === data);
  const morning = tally(aves_alojadas, input.moves, previousDay(data)).vivas;
  const pesoCurve = pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.peso }));
  const mortalidadeCurve = pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.mortalidade_pct }));

  const weighed = input.pesagens.filter((day) => day.data <= data && day.aves > 0);
  const latest = weighed[weighed.length - 1];
  const before = weighed[weighed.length - 2];
  const idadePesagem = latest ? daysBetween(alojamento, latest.data) : null;
  const pesoPesagem = latest ? meanG(latest) : null;

  // FCR and IEP are taken where the weight is known: on the close-out day from what was delivered,
  // else on the latest weighing day with the feed and birds of that day.
  const fechamento = input.fechamento && input.fechamento.aves_entregues > 0 ? input.fechamento : null;
  const pesoFinal = fechamento ? (fechamento.kg_entregues * 1000) / fechamento.aves_entregues : pesoPesagem;
  const diaFinal = fechamento ? data : (latest?.data ?? null);
  let ca: number | null = null;
  let viabilidadeFinal: number | null = null;
  if (diaFinal !== null && pesoFinal !== null) {
    const racao = fechamento ? input.racao_kg : feedUpTo(input.racaoDia, diaFinal);
    const vivas = tally(aves_alojadas, input.moves, diaFinal).vivas;
    viabilidadeFinal = livabilityPct(aves_alojadas, vivas);
    if (racao !== null) ca = fechamento ? feedConversionDelivered(racao, fechamento.kg_entregues) : feedConversion(racao, vivas, pesoFinal);
  }
  const idadeFinal = diaFinal === null ? null : daysBetween(alojamento, diaFinal);
  // Gain, % of standard and weight flock age follow the same weight: delivered at close-out, else weighed.
  const padraoG = idadeFinal === null ? null : curveAt(pesoCurve, idadeFinal);
  const agua = [...input.aguaDia].filter(([day]) => day <= data).reduce<number | null>((sum, [, litros]) => (sum ?? 0) + litros, null);

  return {
    aves_alojadas,
    aves_vivas: asOf.vivas,
    mortos: asOf.mortos,
    eliminados: asOf.eliminados,
    viabilidade_pct: roundTo(livabilityPct(aves_alojadas, asOf.vivas), DIGITS.pct),
    mortalidade_pct: roundTo(mortalityPct(asOf.mortos + asOf.eliminados, aves_alojadas), DIGITS.pct),
    mortalidade_dia_pct: roundTo(mortalityPct((today?.mortos ?? 0) + (today?.eliminados ?? 0), morning), DIGITS.pct),
    mortalidade_padrao_pct: roundTo(curveAt(mortalidadeCurve, idade), DIGITS.pct),
    peso_medio_g: roundTo(pesoFinal, DIGITS.gramas),
    data_pesagem: latest?.data ?? null,
    idade_pesagem: idadePesagem,
    uniformidade_pct: latest ? (input.ultima?.uni ?? null) : null,
    cv_pct: latest ? (input.ultima?.cv ?? null) : null,
    aves_pesadas: latest?.aves ?? 0,
    ganho_diario_g: latest && before ? roundTo(dailyGainG({ data: before.data, peso_g: meanG(before) }, { data: latest.data, peso_g: meanG(latest) }), DIGITS.gramas) : null,
    ganho_medio_g: pesoFinal === null || idadeFinal === null ? null : roundTo(gainSincePlacementG(pesoFinal, input.peso_alojamento_g, idadeFinal), DIGITS.gramas),
    pct_padrao: pesoFinal === null ? null : roundTo(percentOfStandardPct(pesoFinal, padraoG), DIGITS.pct),
    idade_peso: pesoFinal === null ? null : roundTo(weightFlockAge(pontos, pesoFinal), DIGITS.idade),
    racao_kg: roundTo(input.racao_kg, 1),
    racao_por_ave_kg: input.racao_kg === null ? null : roundTo(feedPerBirdKg(input.racao_kg, asOf.vivas), DIGITS.kg),
    ca: roundTo(ca, DIGITS.fcr),
    ca_corrigida: pesoFinal === null ? null : roundTo(correctedFeedConversion(ca, pesoFinal, input.peso_referencia_g, input.pontos_100g), DIGITS.fcr),
    agua_l: roundTo(agua, 1),
    agua_racao: roundTo(waterFeed(input.aguaDia, input.racaoDia, data), DIGITS.razao),
    iep: roundTo(productionEfficiency(viabilidadeFinal, pesoFinal === null ? null : pesoFinal / 1000, idadeFinal, ca), DIGITS.iep),
  };
}

/** YYYY-MM-DD `days` days later (earlier when negative). */
function shiftDay(data: string, days: number): string {
  return new Date(Date.parse(`${data}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
export const nextDay = (data: string) => shiftDay(data, 1);
const previousDay = (data: string) => shiftDay(data, -1);
