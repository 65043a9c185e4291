import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { curveAt, dailyGainG, daysBetween, DIGITS, roundTo, SEXOS_PADRAO, sexoOfWeighing, type AlarmeRegras, type SexoPadrao } from '@portal/shared';
import type { FlockWeightGroup } from '../../weighings/index.js';
import { flockName, watchedFlocks, recentDays, type FlockRuleDeps, type WatchedFlock } from './flock-reads.js';
import { mortalityRule } from './flock-mortality.js';
import { scalesDisagreeRule } from './scales-disagree.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './types.js';

/**
 * The flock rules (issue 19): lote_atrasado here, mortalidade (flock-mortality.ts) and
 * balancas_divergentes (scales-disagree.ts). docs/alarms.md, "Flock behind", "Mortality" and
 * "Scales disagree", states each condition, its arithmetic, detalhe keys and when it clears.
 */

/** A weighing day's mean (g) of one sex, or of the whole flock. */
interface WeighedDay {
  data: string;
  peso_g: number;
}

/** The days of some weighing groups taken as one (Σ weight ÷ Σ birds per day), oldest first. */
function weighedDays(groups: readonly FlockWeightGroup[]): WeighedDay[] {
  const days = new Map<string, { aves: number; peso_dg: number }>();
  for (const day of groups.flatMap((group) => group.dias)) {
    const sum = days.get(day.data) ?? { aves: 0, peso_dg: 0 };
    sum.aves += day.aves;
    sum.peso_dg += day.peso_dg;
    days.set(day.data, sum);
  }
  return [...days]
    .filter(([, sum]) => sum.aves > 0)
    .map(([data, sum]) => ({ data, peso_g: sum.peso_dg / sum.aves / 10 }))
    .sort((a, b) => (a.data < b.data ? -1 : 1));
}

/** What is judged, and which of the two checks apply to it. */
interface Subject {
  sexo: SexoPadrao | 'todos';
  dias: WeighedDay[];
  /** Against the standard's weight: only a subject of the sex the standard's curve is for. */
  weight: boolean;
  gain: boolean;
}

/**
 * What is judged: each sex the weighings name when they name macho or fêmea (a flock weighed by
 * sex), else the flock's weighings as one ('todos'). A sex is held to the standard's weight only
 * when the standard is that sex's curve (females are lighter than a mixed curve by nature); when
 * no weighed sex matches it, the whole flock is held to it instead, and each sex only to its gain.
 */
function subjects(groups: readonly FlockWeightGroup[], padraoSexo: SexoPadrao | null): Subject[] {
  const whole = (gain: boolean): Subject => ({ sexo: 'todos', dias: weighedDays(groups.filter((group) => group.grupo === 'lote')), weight: true, gain });
  const bySex = SEXOS_PADRAO.map((sexo) => ({ sexo, groups: groups.filter((group) => group.grupo === 'sexo' && sexoOfWeighing(group.valor) === sexo) })).filter(
    (entry) => entry.groups.length > 0,
  );
  if (!bySex.some((entry) => entry.sexo !== 'misto')) return [whole(true)];
  const sexes = bySex.map((entry): Subject => ({ sexo: entry.sexo, dias: weighedDays(entry.groups), weight: entry.sexo === padraoSexo, gain: true }));
  return padraoSexo !== null && !sexes.some((subject) => subject.weight) ? [...sexes, whole(false)] : sexes;
}

/** A sex as the name of what an alarm is about shows it, the same in every language. */
const SEX_MARK: Record<SexoPadrao, string> = { macho: '♂', femea: '♀', misto: '⚥' };

/**
 * The latest weighing days judged against the standard and the previous period: null when the
 * subject keeps up. Below the standard on both latest days, or the latest gain (last two days) ≤
 * `ganho_fracao` × the gain of the period before (the two days before it, sharing the middle one).
 */
function judge({ dias, weight, gain }: Subject, flock: WatchedFlock, regras: AlarmeRegras['lote_atrasado']): AlarmCondition['detalhe'] | null {
  const [first, previous, last] = [dias[dias.length - 3], dias[dias.length - 2], dias[dias.length - 1]];
  if (!previous || !last) return null;
  const curve = flock.pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.peso }));
  const standardOf = (day: WeighedDay) => curveAt(curve, daysBetween(flock.alojamento, day.data));
  const [padraoPrevious, padraoLast] = [standardOf(previous), standardOf(last)];
  // Compared as products: 950 g against 1 000 g is at 95 %, not at 94.999…
  const below = (day: WeighedDay, padrao: number | null) => padrao !== null && padrao > 0 && day.peso_g * 100 < regras.pct_padrao * padrao;
  const lightweight = weight && below(previous, padraoPrevious) && below(last, padraoLast);
  const ganho = dailyGainG(previous, last);
  const ganhoAnterior = first ? dailyGainG(first, previous) : null;
  const slow = gain && ganho !== null && ganhoAnterior !== null && ganhoAnterior > 0 && ganho <= regras.ganho_fracao * ganhoAnterior;
  if (!lightweight && !slow) return null;
  const pct = (day: WeighedDay, padrao: number | null) => (padrao !== null && padrao > 0 ? roundTo((day.peso_g * 100) / padrao, DIGITS.pct) : null);
  return {
    motivo: lightweight && slow ? 'peso_e_ganho' : lightweight ? 'peso' : 'ganho',
    data: last.data,
    idade: daysBetween(flock.alojamento, last.data),
    peso_g: roundTo(last.peso_g, DIGITS.gramas),
    padrao_g: roundTo(padraoLast, DIGITS.gramas),
    pct_padrao: pct(last, padraoLast),
    data_anterior: previous.data,
    peso_anterior_g: roundTo(previous.peso_g, DIGITS.gramas),
    pct_padrao_anterior: pct(previous, padraoPrevious),
    ganho_g: roundTo(ganho, DIGITS.gramas),
    ganho_anterior_g: roundTo(ganhoAnterior, DIGITS.gramas),
    limite_pct: regras.pct_padrao,
    ganho_fracao: regras.ganho_fracao,
  };
}

/** lote_atrasado: each active flock (per sex where weighed by sex) behind its standard or slowing down. */
export function flockBehindRule(deps: FlockRuleDeps): AlarmRule {
  return {
    tipos: ['lote_atrasado'],
    async check(context: RuleContext): Promise<AlarmCondition[]> {
      const { today } = recentDays(context);
      const conditions: AlarmCondition[] = [];
      for (const flock of await watchedFlocks(deps, context.ownerId, today)) {
        const { lote } = flock;
        const regras = context.rulesFor(lote.nucleo_id).lote_atrasado;
        if (!regras.ativo) continue;
        // Each flock's weighing days are read synchronously on SQLite: other calls go between flocks.
        await eventLoopTurn();
        for (const subject of subjects(await deps.weighings.flockWeights(context.ownerId, lote.id, today), flock.padraoSexo)) {
          const { sexo } = subject;
          const detalhe = judge(subject, flock, regras);
          if (!detalhe) continue;
          conditions.push({
            tipo: 'lote_atrasado',
            severidade: 'aviso',
            nucleo_id: lote.nucleo_id,
            alvo_tipo: 'lote',
            alvo_id: lote.id,
            alvo_nome: sexo === 'todos' ? flockName(lote) : `${flockName(lote)} ${SEX_MARK[sexo]}`,
            chave: `lote_atrasado:lote:${lote.id}:${sexo}`,
            detalhe: { lote_id: lote.id, lote_codigo: lote.codigo, sexo, ...detalhe },
          });
        }
      }
      return conditions;
    },
  };
}

/** The three flock rules, for the engine's rule list (rules/index.ts). */
export function flockRules(deps: FlockRuleDeps): AlarmRule[] {
  return [flockBehindRule(deps), mortalityRule(deps), scalesDisagreeRule(deps)];
}
