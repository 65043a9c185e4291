import { ALARM_TITLES, alarmSentence, describeAlarm, detalheValue, type DescribedAlarm, type Language } from '@portal/shared';
import type { MailMessage } from '../../../mail/mailer.js';
import type { AlarmRow } from '../alarms.repository.js';
import type { PushPayload } from './push-sender.js';
import { alarmFormat, formatLocalTime, WORDS } from './words.js';

/** Who a message is written for: the address, the name, the reports language and time zone. */
export interface Reader {
  email: string;
  name: string;
  language: Language;
  timezone: number;
}

/** One notification: the alarm, its farm's name (null: account-wide) and its place in the sequence (seq 0 first, then reminders). */
export interface Notice {
  alarm: AlarmRow;
  farmName: string | null;
  seq: number;
}

/** The link into the portal's alarms page. */
export const alarmsLink = (publicUrl: string) => `${publicUrl}/#/alarmes`;

function headline(language: Language, notice: Notice): string {
  const words = WORDS[language];
  const { alarm, farmName } = notice;
  return `[${words.severity[alarm.severidade]}] ${ALARM_TITLES[language][alarm.tipo]}: ${alarm.alvo_nome} · ${farmName ?? words.account}`;
}

/** What happened in one sentence (the shared alarm sentences, @portal/shared), in the reader's language and time zone. */
export const whatHappened = (language: Language, alarm: DescribedAlarm, timezone: number) => describeAlarm(alarm, language, alarmFormat(language, timezone));

/**
 * Every number and name of detalhe as "key: value" lines (ids and motivo left out), for an alarm
 * only the generic sentence fits (written by an older portal): the reader still gets its numbers.
 */
function genericDetails(language: Language, alarm: AlarmRow, timezone: number): string[] {
  if (alarmSentence(alarm).key !== 'generic') return [];
  const format = alarmFormat(language, timezone);
  const lines = Object.entries(alarm.detalhe)
    .filter(([key, value]) => value !== null && !key.endsWith('_id') && key !== 'motivo')
    .map(([key, value]) => `  ${key.replace(/_/g, ' ')}: ${detalheValue(key, value!, format)}`);
  return lines.length > 0 ? [`${WORDS[language].details}:`, ...lines] : [];
}

/** The e-mail of an alarm (raised, severity rose, or a reminder), in the reader's reports language. */
export function alarmMail(reader: Reader, notice: Notice, publicUrl: string): MailMessage {
  const words = WORDS[reader.language];
  const { alarm, farmName, seq } = notice;
  const title = headline(reader.language, notice);
  const subject = seq > 0 ? `${words.reminder}: ${title}` : title;
  const lines = [
    words.hello(reader.name),
    '',
    `${words.severity[alarm.severidade]} · ${ALARM_TITLES[reader.language][alarm.tipo]}`,
    `${words.farm}: ${farmName ?? words.account}`,
    `${words.target}: ${alarm.alvo_nome}`,
    `${words.openedAt}: ${formatLocalTime(reader.language, alarm.aberto_em, reader.timezone)}`,
    '',
    whatHappened(reader.language, alarm, reader.timezone),
    ...genericDetails(reader.language, alarm, reader.timezone),
    ...(alarm.nivel > 1 && seq === 0 ? [words.raisedAgain] : []),
    ...(seq > 0 ? [words.reminderLine(formatLocalTime(reader.language, alarm.aberto_em, reader.timezone))] : []),
    '',
    words.openLink,
    alarmsLink(publicUrl),
    '',
    `-- ${words.why}`,
  ];
  return { to: reader.email, subject, text: `${lines.join('\n')}\n` };
}

/** The push notification of an alarm: the headline, what happened, the alarms page; tagged by alarm so a reminder replaces it. */
export function alarmPush(reader: Pick<Reader, 'language' | 'timezone'>, notice: Notice, publicUrl: string): PushPayload {
  const { language, timezone } = reader;
  const words = WORDS[language];
  const { alarm, seq } = notice;
  const title = headline(language, notice);
  const body = whatHappened(language, alarm, timezone);
  return { title: seq > 0 ? `${words.reminder}: ${title}` : title, body, url: alarmsLink(publicUrl), tag: `alarme-${alarm.id}` };
}
