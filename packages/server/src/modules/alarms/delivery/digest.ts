import { ALARM_TITLES, type Language } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../http/errors.js';
import type { Mailer, MailMessage } from '../../../mail/mailer.js';
import type { AccountReads } from '../../accounts/index.js';
import type { OwnerScopes } from '../../permissions/index.js';
import type { AlarmsRepository } from '../alarms.repository.js';
import type { RuleContext } from '../rules/types.js';
import { localClock, minutesSince, shiftDay } from './audience.js';
import { digestContent, type DigestContent, type DigestReads } from './digest-content.js';
import { alarmsLink, whatHappened, type Reader } from './messages.js';
import type { PreferenceRow, PreferencesRepository } from './preferences.repository.js';
import type { SendsRepository } from './sends.repository.js';
import { formatDate, formatNumber, WORDS } from './words.js';

/** A digest not sent at its time (the portal was down) still goes within this many minutes after it. */
export const DIGEST_LATE_MINUTES = 180;

const TEXTS: Record<Language, { subject: (owner: string, day: string) => string; alarms: string; behind: string; silos: string; mortality: (day: string) => string; scales: (day: string) => string; none: string; acked: string; notRecorded: string; dead: (mortos: string, eliminados: string, pct: string) => string; weighed: (ontem: string, media: string) => string; ofStandard: string; more: string; why: string }> = {
  pt: {
    subject: (owner, day) => `Resumo da manhã - ${owner} - ${day}`,
    alarms: 'Alarmes abertos', behind: 'Lotes abaixo do padrão', silos: 'Silos a abastecer', mortality: (day) => `Mortalidade de ontem (${day})`,
    scales: (day) => `Balanças com poucas pesagens ontem (${day})`, none: 'nenhum', acked: 'reconhecido', notRecorded: 'sem registro',
    dead: (mortos, eliminados, pct) => `${mortos} mortas, ${eliminados} eliminadas (${pct} % do alojado)`,
    weighed: (ontem, media) => `${ontem} aves pesadas (média da semana ${media}/dia)`, ofStandard: 'do padrão', more: 'Abra o portal:',
    why: 'Você recebe este resumo pelas suas preferências de alarmes (perfil, Notificações).',
  },
  en: {
    subject: (owner, day) => `Morning digest - ${owner} - ${day}`,
    alarms: 'Open alarms', behind: 'Flocks below the standard', silos: 'Silos to refill', mortality: (day) => `Yesterday's mortality (${day})`,
    scales: (day) => `Scales with few weighings yesterday (${day})`, none: 'none', acked: 'acknowledged', notRecorded: 'not recorded',
    dead: (mortos, eliminados, pct) => `${mortos} dead, ${eliminados} culled (${pct} % of the birds placed)`,
    weighed: (ontem, media) => `${ontem} birds weighed (week's mean ${media}/day)`, ofStandard: 'of the standard', more: 'Open the portal:',
    why: 'You receive this digest because of your alarm preferences (profile, Notifications).',
  },
  es: {
    subject: (owner, day) => `Resumen de la mañana - ${owner} - ${day}`,
    alarms: 'Alarmas abiertas', behind: 'Lotes por debajo del estándar', silos: 'Silos a reabastecer', mortality: (day) => `Mortalidad de ayer (${day})`,
    scales: (day) => `Básculas con pocas pesadas ayer (${day})`, none: 'ninguno', acked: 'reconocida', notRecorded: 'sin registro',
    dead: (mortos, eliminados, pct) => `${mortos} muertas, ${eliminados} eliminadas (${pct} % de lo alojado)`,
    weighed: (ontem, media) => `${ontem} aves pesadas (media de la semana ${media}/día)`, ofStandard: 'del estándar', more: 'Abra el portal:',
    why: 'Recibe este resumen por sus preferencias de alarmas (perfil, Notificaciones).',
  },
};

/** The digest e-mail: one titled section per subject, "none" when empty, links into the portal. */
export function digestMail(reader: Reader, ownerName: string, content: DigestContent, today: string, publicUrl: string): MailMessage {
  const { language } = reader;
  const texts = TEXTS[language];
  const words = WORDS[language];
  const n = (value: number, digits = 1) => formatNumber(language, value, digits);
  const section = (title: string, lines: string[]) => [title, ...(lines.length > 0 ? lines.map((line) => `  - ${line}`) : [`  (${texts.none})`]), ''];
  const alarmLine = (alarm: DigestContent['alarms'][number]) => {
    const state = alarm.estado === 'reconhecido' ? ` [${texts.acked}]` : '';
    return `[${words.severity[alarm.severidade]}] ${ALARM_TITLES[language][alarm.tipo]}: ${alarm.alvo_nome}${state} - ${whatHappened(language, alarm, reader.timezone)}`;
  };
  const silos = content.alarms.filter((alarm) => alarm.tipo === 'silo_fim');
  const lines = [
    words.hello(reader.name),
    '',
    ...section(texts.alarms, content.alarms.filter((alarm) => alarm.tipo !== 'silo_fim').map(alarmLine)),
    ...section(texts.silos, silos.map(alarmLine)),
    ...section(texts.behind, content.behind.map((flock) => `${flock.codigo} (${flock.farm}): ${n(flock.peso_g)} g, ${n(flock.pct_padrao)} % ${texts.ofStandard} (${formatDate(language, flock.data)})`)),
    ...section(
      texts.mortality(formatDate(language, content.yesterday)),
      content.mortality.map((flock) =>
        `${flock.codigo} (${flock.farm}): ${flock.recorded ? texts.dead(n(flock.mortos, 0), n(flock.eliminados, 0), n(flock.aves_alojadas > 0 ? ((flock.mortos + flock.eliminados) * 100) / flock.aves_alojadas : 0, 2)) : texts.notRecorded}`,
      ),
    ),
    ...section(texts.scales(formatDate(language, content.yesterday)), content.scales.map((scale) => `${scale.serie} (${scale.farm}): ${texts.weighed(n(scale.ontem, 0), n(scale.media, 0))}`)),
    texts.more,
    `  ${alarmsLink(publicUrl)}`,
    `  ${publicUrl}/#/`,
    '',
    `-- ${texts.why}`,
  ];
  return { to: reader.email, subject: texts.subject(ownerName, formatDate(language, today)), text: `${lines.join('\n')}\n` };
}

/**
 * The morning digest step: per user and owner with a digest time, once per local day (the user's
 * time zone) when that time passed (up to DIGEST_LATE_MINUTES late), claimed in alarme_envios as
 * r:{user}:{owner}:{day} before it is sent. A user who no longer reads that owner gets none.
 */
export function digestStep(deps: {
  preferences: Pick<PreferencesRepository, 'withDigest'>;
  sends: Pick<SendsRepository, 'claim' | 'recordFailure'>;
  alarms: Pick<AlarmsRepository, 'openOf'>;
  accounts: Pick<AccountReads, 'userById'>;
  scopes: OwnerScopes;
  reads: DigestReads;
  rulesOf: (ownerId: number, now: number) => Promise<RuleContext['rulesFor']>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { sends, accounts, mailer, log } = deps;

  async function sendDigest(preferences: PreferenceRow, now: number): Promise<void> {
    const [user, owner] = await Promise.all([accounts.userById(preferences.user_id), accounts.userById(preferences.owner_id)]);
    if (!user || !owner || preferences.resumo_hora === null) return;
    const { minute, day: localDay } = localClock(now, user.timezone);
    const late = minutesSince(preferences.resumo_hora, minute);
    if (late >= DIGEST_LATE_MINUTES) return;
    // The day whose digest time passed: yesterday's when that time was late in the evening.
    const day = late > minute ? shiftDay(localDay, -1) : localDay;
    let scope;
    try {
      scope = await deps.scopes.resolve({ userId: user.id }, owner.id, 'read');
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    const chave = `r:${user.id}:${owner.id}:${day}`;
    if (!(await sends.claim({ chave, user_id: user.id, alarme_id: null, nivel: null, seq: null, canal: 'resumo' }, now))) return;
    try {
      const content = await digestContent(deps.reads, { scope, chosen: preferences.nucleos, openAlarms: await deps.alarms.openOf(owner.id), rulesFor: await deps.rulesOf(owner.id, now), today: day });
      const reader: Reader = { email: user.email, name: user.name, language: user.reports_language, timezone: user.timezone };
      await mailer.send(digestMail(reader, owner.company || owner.name, content, day, deps.publicUrl));
    } catch (error) {
      log.error({ err: error, chave }, 'morning digest could not be sent; it is not sent again today');
      await sends.recordFailure(chave, error instanceof Error ? error.message : String(error));
    }
  }

  return async function sendDigests(now: number): Promise<void> {
    for (const preferences of await deps.preferences.withDigest()) {
      try {
        await sendDigest(preferences, now);
      } catch (error) {
        log.error({ err: error, userId: preferences.user_id, ownerId: preferences.owner_id }, 'morning digest failed; the next run tries again');
      }
    }
  };
}
