import { usersRepository } from '../../modules/accounts/users.repository.js';
import { alarmsRepository } from '../../modules/alarms/alarms.repository.js';
import { createAccount, issueSession, type TestAccount } from '../factories.js';
import type { TestPortal } from '../harness.js';
import { KNOWN_CREDENTIALS } from './arbitraries.js';
import { isPlainRead, type Operation } from './openapi.js';
import { send } from './send.js';

/** The account the fuzz acts as, signed up with the known credentials. */
export interface FuzzAccount {
  /** Puts the known e-mail and password back, whatever the last request changed. */
  reset(): Promise<void>;
  /** A fresh session per request, since the fuzz may end sessions or change the password. */
  validAuthorization(): Promise<string>;
}

export async function fuzzAccount(portal: TestPortal): Promise<FuzzAccount> {
  const users = usersRepository(portal.database.db);
  const signUp = () => createAccount(portal, KNOWN_CREDENTIALS).catch(() => createAccount(portal));
  let account = await signUp();
  const passwordHash = (await users.findById(account.user.id))!.password_hash;
  return {
    async reset() {
      // Fails only when the e-mail went to another account or this one is gone: the fuzz then just knows less.
      await users.update(account.user.id, { email: KNOWN_CREDENTIALS.email, password_hash: passwordHash }).catch(() => {});
    },
    async validAuthorization() {
      try {
        return `Bearer ${await issueSession(portal, account.user.id)}`;
      } catch {
        // The account itself is gone (a later call may delete accounts): carry on as a new one.
        account = await signUp();
        return `Bearer ${await issueSession(portal, account.user.id)}`;
      }
    },
  };
}

/** An account the fuzz never acts as: nothing it sees through the API may change. */
export interface ControlAccount {
  account: TestAccount;
  /** The reads compared: those that refuse an anonymous caller, and answer the same twice in a row. */
  compared: string[];
  /** Each read whose answer changed since the last call (which then becomes the new baseline). */
  changes(): Promise<string[]>;
  /** Problems signing in with the control's password; the session this opens is ended again. */
  loginProblems(): Promise<string[]>;
}

const shortText = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

/**
 * Creates the control account and snapshots its data: every GET of the OpenAPI document that needs
 * no parameter, read with the control's token. Freezes the portal's clock first, so that times such
 * as a session's last use do not move between snapshots. Reads anyone may make (health, readiness:
 * their answers carry uptimes, not account data) and reads that change on their own are left out.
 */
export async function watchControlAccount(portal: TestPortal, operations: Operation[]): Promise<ControlAccount> {
  const account = await createAccount(portal);
  // An open alarm (one of the first ids, which the fuzz tries most): acknowledging or clearing it from another account would show in getalarmes.
  const condition = { tipo: 'sem_dados', severidade: 'alerta', nucleo_id: null, alvo_tipo: 'dispositivo', alvo_id: 1, alvo_nome: 'Controle', chave: 'sem_dados:controle', detalhe: {} } as const;
  await alarmsRepository(portal.database.db).raise(account.user.id, condition, Date.now());
  portal.freezeClock();
  const reads = operations.filter(isPlainRead);
  const snapshot = async (of: Operation[], asControl = true) => {
    // In parallel: it runs after every fuzzed request, and each record kind adds a read.
    const outcomes = await Promise.all(
      of.map((read) => {
        const request = { operation: read.name, label: 'control snapshot', method: 'GET', url: read.path, garbageAuthorization: '', headers: {} };
        return send(portal.baseUrl, request, asControl ? `Bearer ${account.token}` : undefined);
      }),
    );
    return new Map(of.map((read, index) => {
      const outcome = outcomes[index]!;
      return [read.name, 'failure' in outcome ? `no answer: ${outcome.failure}` : `${outcome.status} ${outcome.body}`];
    }));
  };
  const anonymous = await snapshot(reads, false);
  const first = await snapshot(reads);
  const second = await snapshot(reads);
  const compared = reads.filter((read) => /^40[13] /.test(anonymous.get(read.name)!) && first.get(read.name) === second.get(read.name));
  let baseline = second;

  return {
    account,
    compared: compared.map((read) => read.name),
    async changes() {
      const now = await snapshot(compared);
      const changed = compared
        .filter((read) => now.get(read.name) !== baseline.get(read.name))
        .map((read) => {
          const [before, after] = [baseline.get(read.name)!, now.get(read.name)!].map(shortText);
          return `control account's ${read.name} changed:\n      before ${before}\n      after  ${after}`;
        });
      baseline = now;
      return changed;
    },
    async loginProblems() {
      const login = await portal.request('POST', '/api/login', { body: { email: account.email, password: account.password } });
      if (login.status !== 200 || typeof login.body?.token !== 'string') {
        return [`control account can no longer sign in: ${login.status} ${shortText(JSON.stringify(login.body))}`];
      }
      const logout = await portal.request('POST', '/api/logout', { token: login.body.token });
      return logout.status === 200 ? [] : [`control account's check session could not be ended: ${logout.status}`];
    },
  };
}
