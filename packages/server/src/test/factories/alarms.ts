import type { AlarmeSeveridade, Nucleo } from '@portal/shared';
import { createAccount, type TestAccount } from '../factories.js';
import { createNucleo, grantAccess } from './farms.js';
import type { TestPortal } from '../harness.js';
import { alarmsRepository } from '../../modules/alarms/alarms.repository.js';
import { alarmEngine, type AlarmEngine } from '../../modules/alarms/engine.js';
import { rulesRepository } from '../../modules/alarms/rules.repository.js';
import type { AlarmCondition, AlarmRule, RuleContext } from '../../modules/alarms/rules/types.js';

/**
 * A rule the test sets the conditions of (a test double of AlarmRule): reports what `hold` put in,
 * or throws while `failing`; remembers the contexts it ran in.
 */
export class ScriptedRule implements AlarmRule {
  readonly tipos = ['sem_dados'] as const;
  readonly contexts: RuleContext[] = [];
  failing = false;
  private readonly holding = new Map<string, AlarmCondition>();

  /** The condition `chave` holds now, at this severity, on this farm. */
  hold(chave: string, severidade: AlarmeSeveridade, nucleoId: number | null, detalhe: AlarmCondition['detalhe'] = {}): void {
    this.holding.set(chave, { tipo: 'sem_dados', severidade, nucleo_id: nucleoId, alvo_tipo: 'dispositivo', alvo_id: 1, alvo_nome: `Balança ${chave}`, chave, detalhe });
  }

  /** The condition `chave` ended. */
  end(chave: string): void {
    this.holding.delete(chave);
  }

  async check(context: RuleContext): Promise<AlarmCondition[]> {
    this.contexts.push(context);
    if (this.failing) throw new Error('scripted rule failure');
    return [...this.holding.values()];
  }
}

/** An engine on the portal's database, accounts and event bus (its live hub hears 'alarms.changed'). */
export function portalEngine(portal: TestPortal): AlarmEngine {
  const db = portal.database.db;
  return alarmEngine({ alarms: alarmsRepository(db), rules: rulesRepository(db), accounts: portal.services.accounts, events: portal.events, log: portal.app.log });
}

export interface AlarmWorld {
  owner: TestAccount;
  farmA: Nucleo;
  farmB: Nucleo;
  /** Reads everything of the owner. */
  reader: TestAccount;
  /** Reads farm B only. */
  farmBReader: TestAccount;
  /** Manages everything. */
  manager: TestAccount;
  /** Manages farm B only. */
  farmBManager: TestAccount;
  stranger: TestAccount;
}

/** An owner with two farms and a grantee of every kind, plus a stranger with a farm of its own. */
export async function alarmWorld(portal: TestPortal): Promise<AlarmWorld> {
  const [owner, reader, farmBReader, manager, farmBManager, stranger] = await Promise.all([
    createAccount(portal, { name: 'Dona' }),
    createAccount(portal, { name: 'Leitor' }),
    createAccount(portal, { name: 'Leitor B' }),
    createAccount(portal, { name: 'Gestor' }),
    createAccount(portal, { name: 'Gestor B' }),
    createAccount(portal, { name: 'Estranho' }),
  ]);
  const farmA = await createNucleo(portal, owner);
  const farmB = await createNucleo(portal, owner);
  await createNucleo(portal, stranger);
  await grantAccess(portal, owner, reader, 'leitura');
  await grantAccess(portal, owner, farmBReader, 'leitura', [farmB.id]);
  await grantAccess(portal, owner, manager, 'gestao');
  await grantAccess(portal, owner, farmBManager, 'gestao', [farmB.id]);
  return { owner, farmA, farmB, reader, farmBReader, manager, farmBManager, stranger };
}

/** getalarmes as `account` acting for `prop`. */
export async function getAlarmes(portal: TestPortal, account: TestAccount, prop: number, query: Record<string, string> = {}) {
  return portal.request('GET', `/api/getalarmes?${new URLSearchParams({ prop: String(prop), ...query })}`, { token: account.token });
}
