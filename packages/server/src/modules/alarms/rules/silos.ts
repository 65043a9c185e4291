import { SILO_FIM_CRITICO_HORAS, type SiloFim } from '@portal/shared';
import type { FeedService } from '../../feed/index.js';
import type { OwnerScope } from '../../permissions/index.js';
import type { AlarmCondition, AlarmRule } from './types.js';

/**
 * silo_fim (docs/alarms.md): a silo whose cautious "empty by" (getsilofim: the earlier of the
 * recent consumption's and the flocks' expected intake's projection) is less than the farm's
 * silo_fim.horas away: alerta; under SILO_FIM_CRITICO_HORAS: critico (the engine raises the open
 * alarm's severity). Clears when a delivery (or slower eating) puts it back beyond the threshold.
 */
/**
 * A forecast is made again at most this often (a 24-hour consumption window moves little in a few
 * minutes); the hours left are still counted from each run's own time, so the thresholds are met
 * on time, and a delivery clears the alarm within this.
 */
export const SILO_FIM_RECALC_MS = 5 * 60_000;

export function siloRunOutRule(deps: { feed: Pick<FeedService, 'silofim'> }): AlarmRule {
  /** Each owner's latest forecast and when (rule time) it was made: a day of every scale's readings is not read again every minute. */
  const forecasts = new Map<number, { at: number; silos: SiloFim[] }>();
  async function forecastOf(ownerId: number, now: number): Promise<SiloFim[]> {
    const kept = forecasts.get(ownerId);
    if (kept && now >= kept.at && now - kept.at < SILO_FIM_RECALC_MS) return kept.silos;
    // The job reads as the owner itself: every farm (recipients are filtered at delivery).
    const scope: OwnerScope = { ownerId, actorId: ownerId, nivel: 'proprietario', nucleos: null };
    const { silos } = await deps.feed.silofim(scope, {});
    forecasts.set(ownerId, { at: now, silos });
    return silos;
  }
  return {
    tipos: ['silo_fim'],
    async check(context) {
      const silos = await forecastOf(context.ownerId, context.now);
      const conditions: AlarmCondition[] = [];
      for (const silo of silos) {
        const regra = context.rulesFor(silo.nucleo_id).silo_fim;
        // Hours from the rule's own "now" (the engine's clock), not the call's.
        const horas = silo.vazio_em === null ? null : Math.round((Date.parse(silo.vazio_em) - context.now) / 360_000) / 10;
        if (!regra.ativo || horas === null || horas >= regra.horas) continue;
        conditions.push({
          tipo: 'silo_fim',
          severidade: horas < SILO_FIM_CRITICO_HORAS ? 'critico' : 'alerta',
          nucleo_id: silo.nucleo_id,
          alvo_tipo: 'silo',
          alvo_id: silo.silo_id,
          alvo_nome: silo.nome,
          chave: `silo_fim:silo:${silo.silo_id}`,
          detalhe: detalheOf(silo, horas, regra.horas),
        });
      }
      return conditions;
    },
  };
}

/** The numbers the message is written from (docs/alarms.md, silo_fim). */
function detalheOf(silo: SiloFim, horas: number, limiteHoras: number): AlarmCondition['detalhe'] {
  return {
    vazio_em: silo.vazio_em,
    horas,
    base: silo.base,
    saldo_kg: silo.saldo_kg,
    lido_em: silo.lido_em,
    consumo_kg_h: silo.consumo_kg_h,
    esperado_kg_h: silo.esperado_kg_h,
    limite_horas: limiteHoras,
  };
}
