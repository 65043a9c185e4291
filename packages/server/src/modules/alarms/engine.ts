import { ALARME_REGRAS_PADRAO, ALARME_SEVERIDADES, type AlarmeRegras, type AlarmeSeveridade } from '@portal/shared';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/index.js';
import type { AccountReads } from '../accounts/index.js';
import type { AlarmRow, AlarmsRepository } from './alarms.repository.js';
import type { RulesRepository, StoredRules } from './rules.repository.js';
import type { AlarmCondition, AlarmRule, RuleContext } from './rules/types.js';

/** Lower is more urgent (ALARME_SEVERIDADES is most urgent first). */
const urgency = (severidade: AlarmeSeveridade) => ALARME_SEVERIDADES.indexOf(severidade);

/**
 * Stored rules over the defaults, family by family: a rules row written before a threshold was
 * added still has every field.
 */
export function withDefaults(stored: AlarmeRegras | undefined): AlarmeRegras {
  if (!stored) return ALARME_REGRAS_PADRAO;
  const merged: Record<string, unknown> = { ...ALARME_REGRAS_PADRAO };
  for (const [family, defaults] of Object.entries(ALARME_REGRAS_PADRAO)) {
    const value = (stored as Record<string, unknown>)[family];
    if (value === undefined) continue;
    merged[family] = typeof defaults === 'object' ? { ...defaults, ...(value as object) } : value;
  }
  return merged as AlarmeRegras;
}

/** The rules in force on each farm: its own, else the account's, else the defaults. */
export function rulesLookup(stored: readonly StoredRules[]): RuleContext['rulesFor'] {
  const account = withDefaults(stored.find((row) => row.nucleo_id === null)?.regras);
  const farms = new Map(stored.filter((row) => row.nucleo_id !== null).map((row) => [row.nucleo_id, withDefaults(row.regras)]));
  return (nucleoId) => (nucleoId === null ? account : (farms.get(nucleoId) ?? account));
}

/** Keeps one condition per chave (the most urgent) and only the rule's own types. */
function ownConditions(rule: AlarmRule, conditions: AlarmCondition[], log: FastifyBaseLogger): Map<string, AlarmCondition> {
  const byChave = new Map<string, AlarmCondition>();
  for (const condition of conditions) {
    if (!rule.tipos.includes(condition.tipo)) {
      log.error({ tipo: condition.tipo, tipos: rule.tipos, chave: condition.chave }, 'alarm rule reported a type it does not decide; condition ignored');
      continue;
    }
    const seen = byChave.get(condition.chave);
    if (!seen || urgency(condition.severidade) < urgency(seen.severidade)) byChave.set(condition.chave, condition);
  }
  return byChave;
}

/**
 * The alarms' lifecycle (docs/alarms.md): runs every rule for an owner and raises an alarm for a
 * condition with none open, escalates one whose severity rose (nivel + 1, aberto again), updates
 * one whose severity fell or numbers changed, and clears by itself each open alarm of a rule's
 * types its rule no longer reports. A rule that throws leaves its alarms as they were.
 */
export function alarmEngine(deps: {
  alarms: AlarmsRepository;
  rules: RulesRepository;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  events: Pick<EventBus, 'emit'>;
  log: FastifyBaseLogger;
}) {
  const { alarms, rules, accounts, events, log } = deps;

  /** Applies one rule's conditions to the owner's open alarms of its types; answers whether anything people see changed. */
  async function apply(ownerId: number, rule: AlarmRule, reported: Map<string, AlarmCondition>, open: AlarmRow[], now: number): Promise<boolean> {
    let changed = false;
    const openByChave = new Map(open.filter((alarm) => rule.tipos.includes(alarm.tipo)).map((alarm) => [alarm.chave, alarm]));
    for (const [chave, condition] of reported) {
      const alarm = openByChave.get(chave);
      if (!alarm) {
        // undefined: another instance raised it a moment ago, which is the same outcome.
        if ((await alarms.raise(ownerId, condition, now)) !== undefined) changed = true;
      } else if (urgency(condition.severidade) < urgency(alarm.severidade)) {
        await alarms.escalate(alarm.id, condition, now);
        changed = true;
      } else if (condition.severidade !== alarm.severidade) {
        await alarms.soften(alarm.id, condition, now);
        changed = true;
      } else if (JSON.stringify(condition.detalhe) !== JSON.stringify(alarm.detalhe) || condition.alvo_nome !== alarm.alvo_nome) {
        await alarms.refresh(alarm.id, condition);
      }
    }
    const ended = [...openByChave.values()].filter((alarm) => !reported.has(alarm.chave)).map((alarm) => alarm.id);
    if ((await alarms.close(ended, now, null)) > 0) changed = true;
    return changed;
  }

  /** The context rules run in for an owner at `now`. */
  async function contextFor(ownerId: number, now: number): Promise<RuleContext> {
    const [timezone, stored] = await Promise.all([accounts.timezoneOf(ownerId), rules.of(ownerId)]);
    return { ownerId, now, timezone, rulesFor: rulesLookup(stored) };
  }

  return {
    contextFor,

    /** Runs every rule for one owner at `now`; tells 'alarms.changed' when an alarm was raised, escalated, softened or cleared. */
    async evaluateOwner(ownerId: number, ruleList: readonly AlarmRule[], now: number): Promise<boolean> {
      if (ruleList.length === 0) return false;
      const context = await contextFor(ownerId, now);
      const open = await alarms.openOf(ownerId);
      let changed = false;
      for (const rule of ruleList) {
        // SQLite's driver answers synchronously: without a turn of the event loop between rules, a
        // whole pass would run as one task and every call arriving meanwhile would wait for it.
        await eventLoopTurn();
        let conditions: AlarmCondition[];
        try {
          conditions = await rule.check(context);
        } catch (error) {
          log.error({ err: error, ownerId, tipos: rule.tipos }, 'alarm rule failed; its alarms are left as they were until the next run');
          continue;
        }
        if (await apply(ownerId, rule, ownConditions(rule, conditions, log), open, now)) changed = true;
      }
      if (changed) await events.emit('alarms.changed', { ownerId });
      return changed;
    },
  };
}
export type AlarmEngine = ReturnType<typeof alarmEngine>;
