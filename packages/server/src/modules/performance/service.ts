import {
  curveAt,
  daysBetween,
  DIGITS,
  localDate,
  mortalityPct,
  placedInHouse,
  placementWeightG,
  roundTo,
  SEXOS_PADRAO,
  sexoOfWeighing,
  type Desempenho,
  type Lote,
  type SexoPadrao,
} from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import type { FeedService } from '../feed/index.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import type { FlockWeightGroup, WeighingsService } from '../weighings/index.js';
import { comparativo, type ComparativoInput } from './comparison.js';
import { buildIndicators, nextDay, type DayMoves, type IndicatorInputs } from './indicators.js';

/** A house's day of records as the flocks module answers it (dailyOf). */
export interface HouseDay extends DayMoves {
  aviario_id: number;
  agua_l: number | null;
  temp_min: number | null;
  temp_max: number | null;
}

/** What this module reads of the flocks module: the flock, its daily records and the account's settings. */
export interface FlockReads {
  get: FlocksService['get'];
  list: FlocksService['list'];
  dailyOf(ownerId: number, loteId: number): Promise<HouseDay[]>;
  performanceSettings(ownerId: number): Promise<{ peso_referencia_g: number; pontos_100g: number }>;
}

export interface PerformanceDeps {
  flocks: FlockReads;
  /** Hatcheries' lots (closed on their hatch day) are no grow-out: the ranking leaves them out. */
  farms: Pick<FarmsService, 'list'>;
  weighings: Pick<WeighingsService, 'flockWeights'>;
  feed: Pick<FeedService, 'racao'>;
  standards: Pick<StandardsService, 'get'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}

/** Which parts of an answer a caller needs: the ranking reads only the flock's own indicators. */
export interface DesempenhoParts {
  detalhe: boolean;
}

/** House names as weighings write them: trimmed, any case. */
const houseKey = (nome: string) => nome.trim().toLocaleLowerCase('pt-BR');

/** Σ of the houses' records per day, oldest first. */
function flockMoves(days: readonly HouseDay[]): DayMoves[] {
  const byDay = new Map<string, DayMoves>();
  for (const day of days) {
    const sum = byDay.get(day.data) ?? { data: day.data, mortos: 0, eliminados: 0, entradas: 0, saidas: 0 };
    sum.mortos += day.mortos;
    sum.eliminados += day.eliminados;
    sum.entradas += day.entradas;
    sum.saidas += day.saidas;
    byDay.set(day.data, sum);
  }
  return [...byDay.values()].sort((a, b) => (a.data < b.data ? -1 : 1));
}

/** Litres per day over some houses' records. */
function waterPerDay(days: readonly HouseDay[]): Map<string, number> {
  const water = new Map<string, number>();
  for (const day of days) if (day.agua_l !== null) water.set(day.data, (water.get(day.data) ?? 0) + day.agua_l);
  return water;
}

/**
 * Groups of weighings taken as one (a house or sex may be written several ways, 'Fêmea' and 'F'):
 * their days summed, and the latest day's statistics when one group alone holds that day.
 */
function merged(weights: readonly FlockWeightGroup[]): Pick<IndicatorInputs, 'pesagens' | 'ultima'> {
  const days = new Map<string, { data: string; aves: number; peso_dg: number }>();
  for (const day of weights.flatMap((g) => g.dias)) {
    const sum = days.get(day.data) ?? { data: day.data, aves: 0, peso_dg: 0 };
    sum.aves += day.aves;
    sum.peso_dg += day.peso_dg;
    days.set(day.data, sum);
  }
  const pesagens = [...days.values()].sort((a, b) => (a.data < b.data ? -1 : 1));
  const last = pesagens[pesagens.length - 1];
  const own = weights.filter((g) => g.dias[g.dias.length - 1]?.data === last?.data);
  return { pesagens, ultima: own.length === 1 ? own[0]!.ultima : null };
}

/** The flock performance indicators (getdesempenho) and the ranking built on them (getcomparativo). */
export function performanceService(deps: PerformanceDeps) {
  const { flocks, farms, weighings, feed, standards, accounts, clock } = deps;

  /** The as-of day: asked, else the closing day or today (the owner's); never past either, nor before placement. */
  async function asOfDay(lote: Lote, asked: string | undefined): Promise<string> {
    const alojamento = lote.data_alojamento!;
    const last = lote.data_encerramento ?? localDate(clock(), await accounts.timezoneOf(lote.prop));
    let data = asked === undefined || asked > last ? last : asked;
    if (data < alojamento) {
      if (asked !== undefined) throw AppError.field('data', 'FIELD_INVALID');
      data = alojamento;
    }
    return data;
  }

  /** The feed per day (silos) and per house per day, from placement to `data`. */
  async function feedOf(scope: OwnerScope, lote: Lote, data: string) {
    const racao = await feed.racao(scope, { id: lote.id, di: lote.data_alojamento!, df: data });
    const porDia = new Map(racao.dias.map((dia) => [dia.data, dia.consumo_kg]));
    const porAviario = new Map(lote.aviarios.map((house) => [house.id, new Map<string, number | null>()]));
    for (const dia of racao.dias) for (const house of dia.aviarios) porAviario.get(house.id)?.set(dia.data, house.consumo_kg);
    return {
      porDia,
      porAviario,
      dias: racao.dias.filter((dia) => dia.consumo_kg !== null).length,
      total: racao.totais.consumo_kg,
      completo: racao.dias.length > 0 && racao.dias[racao.dias.length - 1]!.acumulado_completo,
    };
  }

  async function desempenho(scope: OwnerScope, query: { lote_id: number; data?: string | undefined }, parts: DesempenhoParts = { detalhe: true }): Promise<Desempenho> {
    const lote = await flocks.get(scope, query.lote_id);
    if (lote.data_alojamento === null) throw AppError.field('lote_id', 'FLOCK_DATE_MISSING');
    const alojamento = lote.data_alojamento;
    const data = await asOfDay(lote, query.data);
    const closeOut = lote.fechamento !== null && lote.data_encerramento === data ? lote.fechamento : null;
    const racaoFechamento = closeOut?.racao_kg ?? null;
    // A ranking of flocks closed out with their feed figure needs no silo series (their per-day feed is detail).
    const silos = parts.detalhe || racaoFechamento === null;
    const [houseDays, settings, grupos, racao, padrao] = await Promise.all([
      flocks.dailyOf(scope.ownerId, lote.id),
      flocks.performanceSettings(scope.ownerId),
      weighings.flockWeights(scope.ownerId, lote.id, data),
      silos ? feedOf(scope, lote, data) : { porDia: new Map<string, number | null>(), porAviario: new Map<number, Map<string, number | null>>(), dias: 0, total: null, completo: false },
      lote.padrao_id === null ? Promise.resolve(undefined) : standards.get(scope, lote.padrao_id),
    ]);
    const pontos = [...(padrao?.pontos ?? [])].sort((a, b) => a.idade - b.idade);
    const pesoAlojamento = placementWeightG(pontos);
    const racaoKg = racaoFechamento ?? racao.total;
    const group = (grupo: FlockWeightGroup['grupo'], match: (valor: string) => boolean) => grupos.filter((g) => g.grupo === grupo && match(g.valor));
    const common = { alojamento, data, pontos, peso_alojamento_g: pesoAlojamento, peso_referencia_g: settings.peso_referencia_g, pontos_100g: settings.pontos_100g };
    const flockWeights = merged(group('lote', () => true));
    const moves = flockMoves(houseDays);
    const geral = buildIndicators({
      ...common,
      ...flockWeights,
      aves_alojadas: lote.aves_alojadas,
      moves,
      racaoDia: racao.porDia,
      racao_kg: racaoKg,
      aguaDia: waterPerDay(houseDays),
      fechamento: closeOut,
    });

    const aviarios = !parts.detalhe ? [] : houseIndicators(lote, houseDays, racao.porAviario, group, common);

    const sexos = !parts.detalhe ? [] : sexIndicators(lote, group('sexo', () => true), common);
    const dias = !parts.detalhe ? [] : dailySeries({ lote, data, moves, houseDays, pontos, racaoDia: racao.porDia, pesagens: flockWeights.pesagens });

    return {
      lote_id: lote.id,
      codigo: lote.codigo,
      data,
      idade: daysBetween(alojamento, data),
      situacao: lote.situacao,
      padrao: padrao ? { id: padrao.id, nome: padrao.nome } : null,
      geral,
      entradas: {
        peso_fonte: closeOut && closeOut.aves_entregues > 0 ? 'fechamento' : geral.data_pesagem === null ? null : 'pesagem',
        racao_fonte: racaoFechamento !== null ? 'fechamento' : racao.total !== null ? 'silos' : null,
        racao_dias: racao.dias,
        dias_vividos: daysBetween(alojamento, data) + 1,
        racao_completa: racaoFechamento !== null || racao.completo,
        peso_alojamento_g: pesoAlojamento,
        peso_referencia_g: settings.peso_referencia_g,
        pontos_100g: settings.pontos_100g,
      },
      aviarios,
      sexos,
      dias,
    };
  }

  async function hatcheries(scope: OwnerScope): Promise<Set<number>> {
    return new Set((await farms.list(scope)).filter((farm) => farm.tipo === 'incubatorio').map((farm) => farm.id));
  }

  return {
    desempenho,
    /** getcomparativo over the owners of `input` (comparison.ts). */
    comparativo: (_scope: OwnerScope, input: ComparativoInput) => comparativo({ flocks, desempenho, hatcheries }, input),
  };
}
export type PerformanceService = ReturnType<typeof performanceService>;

type Common = Pick<IndicatorInputs, 'alojamento' | 'data' | 'pontos' | 'peso_alojamento_g' | 'peso_referencia_g' | 'pontos_100g'>;

/**
 * Per house: the flock's placement split evenly (the data model has no birds per house), the
 * house's own daily records, the weighings naming it, its share of the silos' feed.
 */
function houseIndicators(
  lote: Lote,
  houseDays: readonly HouseDay[],
  feedPerHouse: ReadonlyMap<number, ReadonlyMap<string, number | null>>,
  group: (grupo: FlockWeightGroup['grupo'], match: (valor: string) => boolean) => FlockWeightGroup[],
  common: Common,
) {
  return lote.aviarios.map((house, index) => {
    const own = houseDays.filter((day) => day.aviario_id === house.id);
    const feedDays = feedPerHouse.get(house.id) ?? new Map<string, number | null>();
    const feedTotal = [...feedDays].reduce<number | null>((sum, [day, kg]) => (day <= common.data && kg !== null ? (sum ?? 0) + kg : sum), null);
    return {
      aviario_id: house.id,
      aviario_nome: house.nome,
      ...buildIndicators({
        ...common,
        ...merged(group('aviario', (valor) => houseKey(valor) === houseKey(house.nome))),
        aves_alojadas: placedInHouse(lote.aves_alojadas, lote.aviarios.length, index),
        moves: flockMoves(own),
        racaoDia: feedDays,
        racao_kg: feedTotal,
        aguaDia: waterPerDay(own),
        fechamento: null,
      }),
    };
  });
}

/**
 * Weight indicators per sex the weighings name. Losses are recorded per house, not per sex: the
 * counts are that sex's placement and the feed, livability and IEP are left null (docs/performance.md).
 */
function sexIndicators(lote: Lote, groups: readonly FlockWeightGroup[], common: Common) {
  const placed: Record<SexoPadrao, number> = { macho: lote.aves_macho, femea: lote.aves_femea, misto: lote.aves_misto };
  return SEXOS_PADRAO.flatMap((sexo) => {
    const own = groups.filter((g) => sexoOfWeighing(g.valor) === sexo);
    if (own.length === 0) return [];
    const weights = merged(own);
    const curva = weights.pesagens
      .filter((day) => day.aves > 0)
      .map((day) => ({ data: day.data, idade: daysBetween(common.alojamento, day.data), peso_medio_g: roundTo(day.peso_dg / day.aves / 10, DIGITS.gramas)! }));
    const indicators = buildIndicators({
      ...common,
      ...weights,
      aves_alojadas: placed[sexo],
      moves: [],
      racaoDia: new Map(),
      racao_kg: null,
      aguaDia: new Map(),
      fechamento: null,
    });
    return [{ ...indicators, sexo, curva, viabilidade_pct: null, mortalidade_pct: null, mortalidade_dia_pct: null, ca: null, ca_corrigida: null, iep: null }];
  });
}

/** Every day from placement to the as-of day. */
function dailySeries(input: {
  lote: Lote;
  data: string;
  moves: readonly DayMoves[];
  houseDays: readonly HouseDay[];
  pontos: readonly { idade: number; peso: number; mortalidade_pct: number | null }[];
  racaoDia: ReadonlyMap<string, number | null>;
  pesagens: readonly { data: string; aves: number; peso_dg: number }[];
}): Desempenho['dias'] {
  const { lote, data, moves, houseDays, pontos } = input;
  const alojamento = lote.data_alojamento!;
  const byDay = new Map(moves.map((day) => [day.data, day]));
  const weighed = new Map(input.pesagens.map((day) => [day.data, day]));
  const water = waterPerDay(houseDays);
  const temps = new Map<string, { min: number | null; max: number | null }>();
  for (const day of houseDays) {
    const t = temps.get(day.data) ?? { min: null, max: null };
    if (day.temp_min !== null) t.min = t.min === null ? day.temp_min : Math.min(t.min, day.temp_min);
    if (day.temp_max !== null) t.max = t.max === null ? day.temp_max : Math.max(t.max, day.temp_max);
    temps.set(day.data, t);
  }
  const pesoCurve = pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.peso }));
  const mortalidadeCurve = pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.mortalidade_pct }));
  const dias: Desempenho['dias'] = [];
  let losses = 0;
  let vivas = lote.aves_alojadas;
  for (let day = alojamento, idade = 0; day <= data; day = nextDay(day), idade += 1) {
    const moved = byDay.get(day);
    if (moved) {
      losses += moved.mortos + moved.eliminados;
      vivas += moved.entradas - moved.saidas - moved.mortos - moved.eliminados;
    }
    const pesagem = weighed.get(day);
    const padrao = curveAt(pesoCurve, idade);
    dias.push({
      data: day,
      idade,
      mortos: moved?.mortos ?? 0,
      eliminados: moved?.eliminados ?? 0,
      aves_vivas: vivas,
      mortalidade_acum_pct: roundTo(mortalityPct(losses, lote.aves_alojadas), DIGITS.pct) ?? 0,
      mortalidade_padrao_pct: roundTo(curveAt(mortalidadeCurve, idade), DIGITS.pct),
      peso_medio_g: pesagem && pesagem.aves > 0 ? roundTo(pesagem.peso_dg / pesagem.aves / 10, DIGITS.gramas) : null,
      padrao_g: roundTo(padrao, DIGITS.gramas),
      agua_l: roundTo(water.get(day) ?? null, 1),
      racao_kg: roundTo(input.racaoDia.get(day) ?? null, 1),
      temp_min: temps.get(day)?.min ?? null,
      temp_max: temps.get(day)?.max ?? null,
    });
  }
  return dias;
}
