import { localDate, localMidnight, type Fumigador } from '@portal/shared';
import type { DosingService } from '../../dosing/index.js';
import type { FumigatorsService } from '../../fumigators/index.js';
import { ownerScopeOf } from './flock-reads.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './types.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A scheduled time of today and the dosing starts that answer it: [from, to). */
export interface ScheduledSlot {
  horario: string;
  at: number;
  from: number;
  to: number;
}

const timeOfDayMs = (horario: string) => {
  const [hours, minutes] = horario.split(':').map(Number);
  return (hours! * 60 + minutes!) * MINUTE_MS;
};

/**
 * Today's scheduled times of a doser and the window of each: a dosing starting from `tolerance`
 * before it up to `tolerance` before the next one (at least `tolerance` after it; the day's last
 * up to the end of the local day) answers it. So a late dosing still counts, until the next
 * scheduled time's window begins.
 */
export function scheduledSlots(horarios: readonly string[], midnight: number, toleranceMs: number): ScheduledSlot[] {
  const times = [...new Set(horarios)].sort().map((horario) => ({ horario, at: midnight + timeOfDayMs(horario) }));
  return times.map(({ horario, at }, index) => {
    const next = times[index + 1];
    const to = next ? Math.max(next.at - toleranceMs, at + toleranceMs) : midnight + DAY_MS;
    return { horario, at, from: at - toleranceMs, to: Math.min(to, midnight + DAY_MS) };
  });
}

/** The dosers watched: active, driven by a device (a fumigator without one is recorded by hand, later), with scheduled times, rule on. */
function watchedDosers(fumigadores: Fumigador[], context: RuleContext): Fumigador[] {
  return fumigadores.filter((item) => item.ativo && item.device_id !== null && item.horarios.length > 0 && context.rulesFor(item.nucleo_id).dosagem_perdida.ativo);
}

/**
 * dosagem_perdida (docs/alarms.md): a doser's scheduled time of the owner's today (local, the
 * owner's timezone) passed by more than dosagem_perdida.minutos with no dosing event (device or
 * manual) starting in its window (scheduledSlots). Clears when a dosing in the window arrives, or
 * when the local day ends (only today's times are checked).
 */
export function missedDosingRule(deps: { fumigators: Pick<FumigatorsService, 'list'>; dosing: Pick<DosingService, 'startsBetween'> }): AlarmRule {
  return {
    tipos: ['dosagem_perdida'],
    async check(context) {
      const dosers = watchedDosers(await deps.fumigators.list(ownerScopeOf(context.ownerId)), context);
      if (dosers.length === 0) return [];
      const today = localDate(context.now, context.timezone);
      const midnight = localMidnight(today, context.timezone);
      const longest = Math.max(...dosers.map((doser) => context.rulesFor(doser.nucleo_id).dosagem_perdida.minutos));
      const starts = await deps.dosing.startsBetween(context.ownerId, midnight - longest * MINUTE_MS, midnight + DAY_MS);
      const conditions: AlarmCondition[] = [];
      for (const doser of dosers) {
        const limiteMin = context.rulesFor(doser.nucleo_id).dosagem_perdida.minutos;
        const own = starts.filter((start) => start.fumigador_id === doser.id).map((start) => start.inicio);
        for (const slot of scheduledSlots(doser.horarios, midnight, limiteMin * MINUTE_MS)) {
          if (context.now - slot.at <= limiteMin * MINUTE_MS) continue;
          if (own.some((inicio) => inicio >= slot.from && inicio < slot.to)) continue;
          conditions.push({
            tipo: 'dosagem_perdida',
            severidade: 'alerta',
            nucleo_id: doser.nucleo_id,
            alvo_tipo: 'fumigador',
            alvo_id: doser.id,
            alvo_nome: doser.nome,
            chave: `dosagem_perdida:${doser.id}:${today}:${slot.horario}`,
            detalhe: { data: today, horario: slot.horario, produto: doser.produto, limite_min: limiteMin },
          });
        }
      }
      return conditions;
    },
  };
}
