import type { AlarmeAlvo, AlarmeRegras, AlarmeSeveridade, AlarmeTipo } from '@portal/shared';

/**
 * What a rule reports: one condition that holds now. The engine (engine.ts) raises an alarm for a
 * condition whose `chave` has no alarm open, updates an open one (severity, detalhe), and clears by
 * itself every open alarm of the rule's `tipos` whose chave the rule no longer reports.
 */
export interface AlarmCondition {
  tipo: AlarmeTipo;
  severidade: AlarmeSeveridade;
  /** The farm it belongs to (recipients and per-farm thresholds follow it); null for an account-wide thing. */
  nucleo_id: number | null;
  alvo_tipo: AlarmeAlvo;
  alvo_id: number;
  /** Names and numbers only, the same in every language ("2 · CS-104", "Silo 1", "Lote 101"): the title and sentence say what it is. */
  alvo_nome: string;
  /**
   * Unique among one owner's open alarms, stable while the condition lasts, built from the rule
   * and what it is about: `sem_dados:balanca:12:3`, `silo_fim:silo:4`, `lote_atrasado:lote:7:macho`.
   */
  chave: string;
  /** The numbers the message is written from (documented per rule in docs/alarms.md). */
  detalhe: Record<string, number | string | null>;
}

export interface RuleContext {
  ownerId: number;
  /** The portal's clock (epoch ms): tests run rules on simulated time. */
  now: number;
  /** The owner's timezone, hours from UTC (local days of daily records and weighings). */
  timezone: number;
  /** The rules in force on a farm: its own, else the account's, else ALARME_REGRAS_PADRAO. */
  rulesFor(nucleoId: number | null): AlarmeRegras;
}

/** One family of checks (rules/<family>.ts), built in engine wiring from other modules' services. */
export interface AlarmRule {
  /** The alarm types this rule decides: it alone raises and clears them. */
  readonly tipos: readonly AlarmeTipo[];
  /**
   * Every condition that holds now for the owner. A rule that throws leaves its alarms as they
   * were (the engine logs it and goes on with the other rules and owners).
   */
  check(context: RuleContext): Promise<AlarmCondition[]>;
}
