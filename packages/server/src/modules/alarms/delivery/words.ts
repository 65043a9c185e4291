import type { AlarmeSeveridade, AlarmFormat, Language } from '@portal/shared';

/** The words every alarm message and the digest share, per reports language. */
export interface Words {
  locale: string;
  severity: Record<AlarmeSeveridade, string>;
  hello: (name: string) => string;
  farm: string;
  account: string;
  target: string;
  openedAt: string;
  reminder: string;
  reminderLine: (since: string) => string;
  raisedAgain: string;
  details: string;
  openLink: string;
  why: string;
}

export const WORDS: Record<Language, Words> = {
  pt: {
    locale: 'pt-BR',
    severity: { critico: 'CRÍTICO', alerta: 'ALERTA', aviso: 'AVISO' },
    hello: (name) => `Olá ${name},`,
    farm: 'Granja',
    account: 'toda a conta',
    target: 'Onde',
    openedAt: 'Desde',
    reminder: 'Lembrete',
    reminderLine: (since) => `Este alarme ainda não foi reconhecido (aberto em ${since}).`,
    raisedAgain: 'A gravidade aumentou.',
    details: 'Detalhes',
    openLink: 'Veja e reconheça o alarme no portal:',
    why: 'Você recebe esta mensagem pelas suas preferências de alarmes (perfil, Notificações).',
  },
  en: {
    locale: 'en-GB',
    severity: { critico: 'CRITICAL', alerta: 'ALERT', aviso: 'WARNING' },
    hello: (name) => `Hello ${name},`,
    farm: 'Farm',
    account: 'whole account',
    target: 'Where',
    openedAt: 'Since',
    reminder: 'Reminder',
    reminderLine: (since) => `Nobody has acknowledged this alarm yet (raised ${since}).`,
    raisedAgain: 'Its severity rose.',
    details: 'Details',
    openLink: 'See and acknowledge it in the portal:',
    why: 'You receive this message because of your alarm preferences (profile, Notifications).',
  },
  es: {
    locale: 'es-ES',
    severity: { critico: 'CRÍTICO', alerta: 'ALERTA', aviso: 'AVISO' },
    hello: (name) => `Hola ${name},`,
    farm: 'Granja',
    account: 'toda la cuenta',
    target: 'Dónde',
    openedAt: 'Desde',
    reminder: 'Recordatorio',
    reminderLine: (since) => `Nadie ha reconocido esta alarma todavía (abierta el ${since}).`,
    raisedAgain: 'Su gravedad aumentó.',
    details: 'Detalles',
    openLink: 'Vea y reconozca la alarma en el portal:',
    why: 'Recibe este mensaje por sus preferencias de alarmas (perfil, Notificaciones).',
  },
};

/** A number as the language writes it (at most `digits` decimals). */
export function formatNumber(language: Language, value: number, digits = 1): string {
  return new Intl.NumberFormat(WORDS[language].locale, { maximumFractionDigits: digits }).format(value);
}

/** Epoch ms as local date and time in a time zone of `timezone` hours from UTC ("27/11/2025 06:30"; en: "2025-11-27 06:30"). */
export function formatLocalTime(language: Language, ms: number, timezone: number): string {
  const iso = new Date(ms + timezone * 3_600_000).toISOString();
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 16)];
  return `${formatDate(language, date)} ${time}`;
}

/** A day 'YYYY-MM-DD' as the language writes it. */
export function formatDate(language: Language, day: string): string {
  if (language === 'en') return day;
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** How alarm sentences (describeAlarm) write numbers, times and days for a reader of this language and time zone. */
export function alarmFormat(language: Language, timezone: number): AlarmFormat {
  return {
    number: (value, decimals) => formatNumber(language, value, decimals),
    dateTime: (iso) => formatLocalTime(language, Date.parse(iso), timezone),
    date: (day) => formatDate(language, day),
  };
}
