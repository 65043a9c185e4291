import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../mail/mailer.js';
import type { AlarmRow, AlarmsRepository } from '../alarms.repository.js';
import type { RuleContext } from '../rules/types.js';
import { chose, grantReaches, isQuiet, type AudienceReads, type Member } from './audience.js';
import { alarmMail, alarmPush, type Notice, type Reader } from './messages.js';
import type { PushSend } from './push-sender.js';
import type { Canal, SendsRepository, SentSummary } from './sends.repository.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';

export interface DeliveryDeps {
  alarms: Pick<AlarmsRepository, 'active' | 'countReminder'>;
  sends: SendsRepository;
  subscriptions: SubscriptionsRepository;
  audience: AudienceReads;
  /** The rules in force on each of an owner's farms (lembrete_horas). */
  rulesOf: (ownerId: number, now: number) => Promise<RuleContext['rulesFor']>;
  mailer: Mailer;
  /** The Web Push sender (the VAPID keys resolved on first use). */
  push: () => PushSend;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const HOUR_MS = 3_600_000;
const sentKey = (alarmId: number, nivel: number, userId: number, canal: Canal) => `${alarmId}:${nivel}:${userId}:${canal}`;
const readerOf = (member: Member): Reader => ({ email: member.user.email, name: member.user.name, language: member.user.reports_language, timezone: member.user.timezone });

/**
 * The delivery step (docs/alarms.md, "Delivery"), run after each evaluation: every alarm nobody
 * acknowledged goes by e-mail and push to the owner and each grantee whose grant reaches its farm,
 * as their preferences say, quiet hours holding all but critical ones. Per alarm, nivel, user and
 * channel: seq 0 as soon as it may go, then a reminder each time lembrete_horas passed since the
 * last one. Each message's alarme_envios row is claimed before it is sent: at most once across
 * instances and restarts.
 */
export function deliveryStep(deps: DeliveryDeps) {
  const { sends, subscriptions, audience, mailer, publicUrl, log } = deps;

  async function sendMail(member: Member, notice: Notice, chave: string): Promise<void> {
    try {
      await mailer.send(alarmMail(readerOf(member), notice, publicUrl));
    } catch (error) {
      log.error({ err: error, chave, userId: member.user.id }, 'alarm e-mail could not be sent; it is not sent again (its reminder follows)');
      await sends.recordFailure(chave, error instanceof Error ? error.message : String(error));
    }
  }

  async function sendPush(member: Member, notice: Notice, chave: string, own: readonly SubscriptionRow[], now: number): Promise<void> {
    const payload = alarmPush(readerOf(member), notice, publicUrl);
    const failures: string[] = [];
    for (const subscription of own) {
      const outcome = await deps.push()(subscription, payload, notice.alarm.severidade === 'critico');
      if (outcome.ok) continue;
      failures.push(outcome.reason);
      if (outcome.gone) {
        log.info({ userId: member.user.id, subscription: subscription.id, reason: outcome.reason }, 'push subscription gone: removed');
        await subscriptions.removeById(subscription.id);
      } else {
        log.warn({ userId: member.user.id, subscription: subscription.id, reason: outcome.reason, chave }, 'alarm push failed');
        await subscriptions.recordFailure(subscription.id, outcome.reason, now);
      }
    }
    if (failures.length === own.length) await sends.recordFailure(chave, failures.join('; '));
  }

  /** Sends what is due to one member for one alarm; answers whether a reminder (seq > 0) went out. */
  async function notify(alarm: AlarmRow, member: Member, context: { farmName: string | null; reminderMs: number; sent: Map<string, SentSummary>; subscriptionsOf: (userId: number) => SubscriptionRow[]; now: number }): Promise<boolean> {
    const { now } = context;
    const { preferences, user } = member;
    if (!grantReaches(member, alarm.nucleo_id) || !chose(preferences, alarm)) return false;
    if (alarm.severidade !== 'critico' && isQuiet(preferences, now, user.timezone)) return false;
    let reminded = false;
    const own = context.subscriptionsOf(user.id);
    const channels: Canal[] = [...(preferences.email ? (['email'] as const) : []), ...(preferences.push && own.length > 0 ? (['push'] as const) : [])];
    for (const canal of channels) {
      const last = context.sent.get(sentKey(alarm.id, alarm.nivel, user.id, canal));
      if (last && now - last.enviado_em < context.reminderMs) continue;
      const seq = last ? last.seq + 1 : 0;
      const chave = `a:${alarm.id}:${alarm.nivel}:${seq}:${user.id}:${canal}`;
      if (!(await sends.claim({ chave, user_id: user.id, alarme_id: alarm.id, nivel: alarm.nivel, seq, canal }, now))) continue;
      const notice: Notice = { alarm, farmName: context.farmName, seq };
      if (canal === 'email') await sendMail(member, notice, chave);
      else await sendPush(member, notice, chave, own, now);
      if (seq > 0) reminded = true;
    }
    return reminded;
  }

  async function deliverOwner(ownerId: number, alarms: readonly AlarmRow[], sent: Map<string, SentSummary>, now: number): Promise<void> {
    const [members, farmNames, rulesFor] = await Promise.all([audience.membersOf(ownerId), audience.farmNames(ownerId), deps.rulesOf(ownerId, now)]);
    const own = await subscriptions.ofUsers(members.filter((member) => member.preferences.push).map((member) => member.user.id));
    const subscriptionsOf = (userId: number) => own.filter((row) => row.user_id === userId);
    for (const alarm of alarms) {
      const farmName = alarm.nucleo_id === null ? null : (farmNames.get(alarm.nucleo_id) ?? null);
      const reminderMs = rulesFor(alarm.nucleo_id).lembrete_horas * HOUR_MS;
      let reminded = false;
      for (const member of members) {
        try {
          if (await notify(alarm, member, { farmName, reminderMs, sent, subscriptionsOf, now })) reminded = true;
        } catch (error) {
          log.error({ err: error, alarmId: alarm.id, userId: member.user.id }, 'alarm delivery to a user failed; the next run tries again');
        }
      }
      if (reminded) await deps.alarms.countReminder(alarm.id, await sends.remindersOf(alarm.id));
    }
  }

  return async function deliverAlarms(now: number): Promise<void> {
    const alarms = (await deps.alarms.active()).filter((alarm) => alarm.estado === 'aberto');
    if (alarms.length === 0) return;
    const sent = new Map((await sends.latestOf(alarms.map((alarm) => alarm.id))).map((row) => [sentKey(row.alarme_id, row.nivel, row.user_id, row.canal), row]));
    const byOwner = new Map<number, AlarmRow[]>();
    for (const alarm of alarms) byOwner.set(alarm.owner_id, [...(byOwner.get(alarm.owner_id) ?? []), alarm]);
    for (const [ownerId, own] of byOwner) {
      try {
        await deliverOwner(ownerId, own, sent, now);
      } catch (error) {
        log.error({ err: error, ownerId }, 'alarm delivery of an owner failed; the next run tries again');
      }
    }
  };
}
