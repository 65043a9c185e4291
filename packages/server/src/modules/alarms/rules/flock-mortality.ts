import { curveAt, daysBetween, DIGITS, placedInHouse, roundTo, type AlarmeRegras } from '@portal/shared';
import type { DailyTotals } from '../../flocks/index.js';
import { flockName, recentDays, watchedFlocks, type FlockRuleDeps, type WatchedFlock } from './flock-reads.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './types.js';

/**
 * mortalidade (docs/alarms.md, "Mortality"): a house's day above `pct_dia` % of the birds alive
 * that morning, for each recorded day that is the owner's today or yesterday (so a day's alarm
 * clears by itself once that day is two days old), critical above twice the threshold; and the
 * flock's cumulative mortality above the standard's curve by more than `acima_padrao_pp` points.
 */

/** A day above twice `pct_dia` is critical. */
const CRITICAL_FACTOR = 2;

const lossesOf = (day: DailyTotals) => day.mortos + day.eliminados;

/** Each house's recorded days among `days` whose losses exceed the threshold of the birds alive that morning. */
function badDays(flock: WatchedFlock, records: readonly DailyTotals[], days: ReadonlySet<string>, regras: AlarmeRegras['mortalidade']): AlarmCondition[] {
  const { lote } = flock;
  const conditions: AlarmCondition[] = [];
  lote.aviarios.forEach((house, index) => {
    let alive = placedInHouse(lote.aves_alojadas, lote.aviarios.length, index);
    const own = records.filter((day) => day.aviario_id === house.id).sort((a, b) => (a.data < b.data ? -1 : 1));
    for (const day of own) {
      const atStart = alive;
      alive += day.entradas - day.saidas - lossesOf(day);
      // Compared as products, so a day exactly at the threshold is not above it.
      if (!days.has(day.data) || atStart <= 0 || lossesOf(day) * 100 <= regras.pct_dia * atStart) continue;
      const critical = lossesOf(day) * 100 > CRITICAL_FACTOR * regras.pct_dia * atStart;
      conditions.push({
        tipo: 'mortalidade',
        severidade: critical ? 'critico' : 'alerta',
        nucleo_id: lote.nucleo_id,
        alvo_tipo: 'aviario',
        alvo_id: house.id,
        alvo_nome: `${house.nome} · ${flockName(lote)}`,
        chave: `mortalidade:dia:${lote.id}:${house.id}:${day.data}`,
        detalhe: {
          motivo: 'dia',
          data: day.data,
          lote_id: lote.id,
          lote_codigo: lote.codigo,
          aviario_id: house.id,
          aviario_nome: house.nome,
          mortos: day.mortos,
          eliminados: day.eliminados,
          aves_inicio: atStart,
          pct_dia: roundTo((lossesOf(day) * 100) / atStart, DIGITS.pct),
          limite_pct: regras.pct_dia,
        },
      });
    }
  });
  return conditions;
}

/** The flock's cumulative mortality up to its latest recorded day against the standard's curve at that age. */
function aboveCurve(flock: WatchedFlock, records: readonly DailyTotals[], today: string, regras: AlarmeRegras['mortalidade']): AlarmCondition | null {
  const { lote } = flock;
  const upToToday = records.filter((day) => day.data <= today);
  if (upToToday.length === 0 || lote.aves_alojadas <= 0) return null;
  const latest = upToToday.reduce((max, day) => (day.data > max ? day.data : max), upToToday[0]!.data);
  const idade = daysBetween(flock.alojamento, latest);
  const padrao = curveAt(
    flock.pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.mortalidade_pct })),
    idade,
  );
  if (padrao === null) return null;
  const losses = upToToday.reduce((sum, day) => sum + lossesOf(day), 0);
  const pct = (losses * 100) / lote.aves_alojadas;
  if (pct - padrao <= regras.acima_padrao_pp) return null;
  return {
    tipo: 'mortalidade',
    severidade: 'alerta',
    nucleo_id: lote.nucleo_id,
    alvo_tipo: 'lote',
    alvo_id: lote.id,
    alvo_nome: flockName(lote),
    chave: `mortalidade:curva:${lote.id}`,
    detalhe: {
      motivo: 'curva',
      data: latest,
      idade,
      lote_id: lote.id,
      lote_codigo: lote.codigo,
      perdas: losses,
      aves_alojadas: lote.aves_alojadas,
      mortalidade_pct: roundTo(pct, DIGITS.pct),
      padrao_pct: roundTo(padrao, DIGITS.pct),
      acima_pp: roundTo(pct - padrao, DIGITS.pct),
      limite_pp: regras.acima_padrao_pp,
    },
  };
}

/** mortalidade: bad days per flock and house, and flocks above their standard's mortality curve. */
export function mortalityRule(deps: FlockRuleDeps): AlarmRule {
  return {
    tipos: ['mortalidade'],
    async check(context: RuleContext): Promise<AlarmCondition[]> {
      const { today, yesterday } = recentDays(context);
      const window = new Set([today, yesterday]);
      const conditions: AlarmCondition[] = [];
      for (const flock of await watchedFlocks(deps, context.ownerId, today)) {
        const regras = context.rulesFor(flock.lote.nucleo_id).mortalidade;
        if (!regras.ativo) continue;
        const records = await deps.flocks.dailyOf(context.ownerId, flock.lote.id);
        conditions.push(...badDays(flock, records, window, regras));
        const curve = aboveCurve(flock, records, today, regras);
        if (curve) conditions.push(curve);
      }
      return conditions;
    },
  };
}
