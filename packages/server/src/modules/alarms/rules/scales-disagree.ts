import { curveAt, daysBetween, DIGITS, roundTo, type Nucleo } from '@portal/shared';
import type { ScaleDaySum } from '../../weighings/index.js';
import { ownerScopeOf, recentDays, watchedFlocks, type FlockRuleDeps, type WatchedFlock } from './flock-reads.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './types.js';

/**
 * balancas_divergentes (docs/alarms.md, "Scales disagree"): on a house's latest day (today or
 * yesterday, the owner's) with at least two scales of BALANCA_MIN_PESAGENS weighings each, the
 * heaviest and lightest scale's means differ by more than `pct` % of the median of the scales'
 * means. The alarm names the outlier scale.
 */

/** Weighings a scale needs on a day before its mean is compared: fewer say more about the birds caught than about the scale. */
export const BALANCA_MIN_PESAGENS = 30;

interface ScaleMean {
  serie: string;
  aves: number;
  media_g: number;
}

/** House names as weighings write them: trimmed, any case (as the performance module matches them). */
const houseKey = (nome: string) => nome.trim().toLocaleLowerCase('pt-BR');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Distances compared to the hundredth of a gram: two scales are equally far from their own median. */
const distance = (value: number, from: number | null) => (from === null ? 0 : Math.round(Math.abs(value - from) * 100));

/**
 * The outlier: the scale farthest from the median of the means; with two scales (equally far),
 * the one farther from the standard's weight at the flock's age, then the one with fewer weighings.
 */
function outlierOf(scales: readonly ScaleMean[], middle: number, padrao: number | null): ScaleMean {
  return [...scales].sort(
    (a, b) =>
      distance(b.media_g, middle) - distance(a.media_g, middle) ||
      distance(b.media_g, padrao) - distance(a.media_g, padrao) ||
      a.aves - b.aves ||
      (a.serie < b.serie ? -1 : 1),
  )[0]!;
}

/** The house's days, latest first, each with its scales that weighed enough (weighings without a scale's serial left out). */
function eligibleDays(sums: readonly ScaleDaySum[]): { data: string; lote_id: number | null; scales: ScaleMean[] }[] {
  const byDay = new Map<string, { data: string; lote_id: number | null; scales: Map<string, { aves: number; peso_dg: number }> }>();
  for (const sum of sums) {
    if (sum.serie_balanca.trim() === '') continue;
    const day = byDay.get(sum.data) ?? { data: sum.data, lote_id: null, scales: new Map() };
    day.lote_id ??= sum.lote_id;
    const scale = day.scales.get(sum.serie_balanca) ?? { aves: 0, peso_dg: 0 };
    scale.aves += sum.aves;
    scale.peso_dg += sum.peso_dg;
    day.scales.set(sum.serie_balanca, scale);
    byDay.set(sum.data, day);
  }
  return [...byDay.values()]
    .map((day) => ({
      data: day.data,
      lote_id: day.lote_id,
      scales: [...day.scales]
        .filter(([, scale]) => scale.aves >= BALANCA_MIN_PESAGENS)
        .map(([serie, scale]) => ({ serie, aves: scale.aves, media_g: scale.peso_dg / scale.aves / 10 })),
    }))
    .filter((day) => day.scales.length >= 2)
    .sort((a, b) => (a.data < b.data ? 1 : -1));
}

/** The standard's weight for the house's flock on `data`, null without one. */
function standardWeight(flock: WatchedFlock | undefined, data: string): number | null {
  if (!flock) return null;
  return curveAt(
    flock.pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.peso })),
    daysBetween(flock.alojamento, data),
  );
}

function judgeHouse(
  farm: Nucleo,
  house: Nucleo['aviarios'][number],
  sums: readonly ScaleDaySum[],
  flocks: ReadonlyMap<number, WatchedFlock>,
  pct: number,
): AlarmCondition | null {
  const day = eligibleDays(sums)[0];
  if (!day) return null;
  const means = day.scales.map((scale) => scale.media_g);
  const [lightest, heaviest, middle] = [Math.min(...means), Math.max(...means), median(means)];
  if (middle <= 0 || (heaviest - lightest) * 100 <= pct * middle) return null;
  const padrao = standardWeight(day.lote_id === null ? undefined : flocks.get(day.lote_id), day.data);
  const outlier = outlierOf(day.scales, middle, padrao);
  return {
    tipo: 'balancas_divergentes',
    severidade: 'aviso',
    nucleo_id: farm.id,
    alvo_tipo: 'aviario',
    alvo_id: house.id,
    // Names only: the sentence says, in the reader's language, that this is the scale out of line.
    alvo_nome: `${outlier.serie} · ${house.nome}`,
    chave: `balancas_divergentes:aviario:${house.id}:${outlier.serie}`,
    detalhe: {
      data: day.data,
      aviario_id: house.id,
      aviario_nome: house.nome,
      balanca: outlier.serie,
      media_g: roundTo(outlier.media_g, DIGITS.gramas),
      pesagens: outlier.aves,
      mediana_g: roundTo(middle, DIGITS.gramas),
      padrao_g: roundTo(padrao, DIGITS.gramas),
      diferenca_pct: roundTo(((heaviest - lightest) * 100) / middle, DIGITS.pct),
      limite_pct: pct,
      balancas: day.scales
        .sort((a, b) => (a.serie < b.serie ? -1 : 1))
        .map((scale) => `${scale.serie}: ${roundTo(scale.media_g, DIGITS.gramas)} g (${scale.aves})`)
        .join('; '),
    },
  };
}

/** balancas_divergentes: per house of the owner's farms, its scales' means on its latest recent day. */
export function scalesDisagreeRule(deps: FlockRuleDeps): AlarmRule {
  return {
    tipos: ['balancas_divergentes'],
    async check(context: RuleContext): Promise<AlarmCondition[]> {
      const { today, yesterday } = recentDays(context);
      const sums = await deps.weighings.scaleDays(context.ownerId, yesterday, today);
      if (sums.length === 0) return [];
      const farms = await deps.farms.list(ownerScopeOf(context.ownerId));
      const flocks = new Map((await watchedFlocks(deps, context.ownerId, today)).map((flock) => [flock.lote.id, flock]));
      const conditions: AlarmCondition[] = [];
      for (const farm of farms) {
        const regras = context.rulesFor(farm.id).balancas_divergentes;
        if (!regras.ativo) continue;
        for (const house of farm.aviarios) {
          const own = sums.filter((sum) => sum.nucleo_id === farm.id && houseKey(sum.aviario) === houseKey(house.nome));
          const condition = own.length === 0 ? null : judgeHouse(farm, house, own, flocks, regras.pct);
          if (condition) conditions.push(condition);
        }
      }
      return conditions;
    },
  };
}
