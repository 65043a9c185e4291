import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { createAccount, lastRecoveryToken } from '../../test/factories.js';
import { describeEachDialect, type HttpAnswer, type TestPortal } from '../../test/harness.js';

/*
 * Attackers do not wait for one answer before sending the next guess: every burst here is sent
 * at once, so a throttle that reads, checks the password and only then counts lets all of it through.
 * Each test speaks from an address of its own (TRUST_PROXY), so the per-address counters of one
 * test do not spill into the next.
 */

const BURST = 200;
let lastAddress = 0;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

function loginBurst(portal: TestPortal, address: string, attempts: Array<{ email: string; password: string }>) {
  return Promise.all(
    attempts.map((body) => portal.request('POST', '/api/login', { body, headers: { 'x-forwarded-for': address } })),
  );
}

function recoverBurst(portal: TestPortal, address: string, emails: string[]) {
  return Promise.all(
    emails.map((email) =>
      portal.request('GET', `/api/password_recover?email=${encodeURIComponent(email)}`, { headers: { 'x-forwarded-for': address } }),
    ),
  );
}

const count = (answers: HttpAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** Every answer is a password check (401), a sign-in (200) or a refusal that says when to come back. */
function expectOnlyChecksAndRefusals(answers: HttpAnswer[], allowed: number[]) {
  for (const answer of answers) {
    expect(allowed).toContain(answer.status);
    if (answer.status === 401) expect(answer.body.code).toBe('INVALID_CREDENTIALS');
    if (answer.status === 429) {
      expect(answer.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(answer.body.retryAfterSeconds).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBe(answer.body.retryAfterSeconds);
    }
  }
}

const wrongGuesses = (email: string, n: number) => Array.from({ length: n }, (_, i) => ({ email, password: `wrong-guess-${i}` }));

describeEachDialect(
  'login throttle under parallel attempts',
  (portal) => {
    it('checks at most LOGIN_MAX_FAILURES passwords of one e-mail in a parallel burst; the rest wait', async () => {
      const account = await createAccount(portal());
      const answers = await loginBurst(portal(), newAddress(), wrongGuesses(account.email, BURST));
      expectOnlyChecksAndRefusals(answers, [401, 429]);
      expect(count(answers, 401)).toBeGreaterThan(0);
      expect(count(answers, 401)).toBeLessThanOrEqual(portal().config.LOGIN_MAX_FAILURES);
      expect(count(answers, 429)).toBe(BURST - count(answers, 401));
    });

    it('gives no token to a right password hidden in a burst of wrong ones, once the limit is spent', async () => {
      const account = await createAccount(portal());
      const attempts = wrongGuesses(account.email, BURST);
      attempts.splice(randomInt(BURST), 0, { email: account.email, password: account.password });
      const answers = await loginBurst(portal(), newAddress(), attempts);
      expectOnlyChecksAndRefusals(answers, [200, 401, 429]);
      // The right password got a token only if it was among the first LOGIN_MAX_FAILURES checked.
      expect(count(answers, 200) + count(answers, 401)).toBeLessThanOrEqual(portal().config.LOGIN_MAX_FAILURES);

      // With the limit spent, the right password is refused wherever it falls in the next burst.
      const again = wrongGuesses(account.email, 50);
      const position = randomInt(again.length);
      again.splice(position, 0, { email: account.email, password: account.password });
      const refused = await loginBurst(portal(), newAddress(), again);
      expectOnlyChecksAndRefusals(refused, [429]);
      expect(refused[position]?.status).toBe(429);
    });

    it('checks at most ten times LOGIN_MAX_FAILURES passwords from one address across many e-mails', async () => {
      const account = await createAccount(portal());
      const address = newAddress();
      const attempts = Array.from({ length: BURST }, (_, i) => ({ email: `spray-${i}-${address}@example.test`, password: 'guess-1234' }));
      const position = randomInt(BURST);
      attempts.splice(position, 0, { email: account.email, password: account.password });
      const answers = await loginBurst(portal(), address, attempts);
      expectOnlyChecksAndRefusals(answers, [200, 401, 429]);
      expect(count(answers, 200) + count(answers, 401)).toBeLessThanOrEqual(portal().config.LOGIN_MAX_FAILURES * 10);
      expect(count(answers, 429)).toBeGreaterThan(0);
    });

    it('does not let a known password reset the counter its address shares with other e-mails', async () => {
      const own = await createAccount(portal());
      const victim = await createAccount(portal());
      const address = newAddress();
      const addressLimit = portal().config.LOGIN_MAX_FAILURES * 10;
      // The attacker signs in to an account of its own between guesses at other people's e-mails.
      for (let round = 0; round < addressLimit; round += 1) {
        const [signedIn] = await loginBurst(portal(), address, [{ email: own.email, password: own.password }]);
        expect(signedIn?.status).toBe(200);
        const [guess] = await loginBurst(portal(), address, wrongGuesses(`other-${round}-${address}@example.test`, 1));
        expect(guess?.status).toBe(401);
      }
      const [locked] = await loginBurst(portal(), address, [{ email: victim.email, password: victim.password }]);
      expect(locked?.status).toBe(429);
    });
  },
  { TRUST_PROXY: 'true' },
);

describeEachDialect(
  'password recovery throttle under parallel requests',
  (portal) => {
    const mailsTo = (email: string) => portal().outbox().filter((text) => text.includes(`To: ${email}`)).length;

    it('mails at most five links for one e-mail in a parallel burst; the rest wait', async () => {
      const account = await createAccount(portal());
      const answers = await recoverBurst(portal(), newAddress(), Array.from({ length: BURST }, () => account.email));
      expectOnlyChecksAndRefusals(answers, [200, 429]);
      expect(count(answers, 200)).toBeGreaterThan(0);
      expect(count(answers, 200)).toBeLessThanOrEqual(5);
      expect(mailsTo(account.email)).toBe(count(answers, 200));
      expect(lastRecoveryToken(portal(), account.email)).toBeDefined();
    });

    it('mails at most thirty messages from one address across many e-mails', async () => {
      const address = newAddress();
      const emails = Array.from({ length: BURST }, (_, i) => `ask-${i}-${address}@example.test`);
      const answers = await recoverBurst(portal(), address, emails);
      expectOnlyChecksAndRefusals(answers, [200, 429]);
      expect(count(answers, 200)).toBeGreaterThan(0);
      expect(count(answers, 200)).toBeLessThanOrEqual(30);
      expect(emails.reduce((sum, email) => sum + mailsTo(email), 0)).toBe(count(answers, 200));
    });
  },
  { TRUST_PROXY: 'true' },
);
