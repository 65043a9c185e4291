import type { Language } from '../constants.js';
import type { AlarmeTipo } from '../schemas/alarms.js';
import { ALARM_CODE_WORDS, ALARM_SENTENCES, type AlarmSentence } from './sentences.js';

type Detalhe = Record<string, number | string | null>;

/** What describeAlarm needs of an alarm (an Alarme, a stored row or a rule's condition). */
export interface DescribedAlarm {
  tipo: AlarmeTipo;
  detalhe: Detalhe;
  alvo_nome: string;
}

/** How the reader writes numbers and times: the web passes the user's format, the server the reports language's. */
export interface AlarmFormat {
  /** A number with at most this many decimals. */
  number(value: number, decimals: number): string;
  /** A timestamp (ISO) as date and time on the account's clock. */
  dateTime(iso: string): string;
  /** A calendar day (YYYY-MM-DD) as the language writes it. */
  date(day: string): string;
}

/** Names and codes, written as they are (a serial 12345 is not 12.345). */
const IDENTIFIERS = new Set(['balanca', 'serie', 'modelo', 'idcalha', 'lote_id', 'lote_codigo', 'aviario_id', 'horario', 'produto', 'nome']);
const WHOLE = new Set(['mortos', 'eliminados', 'idade', 'perdas', 'pesagens', 'aves_inicio', 'aves_alojadas']);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Decimals a detalhe number is shown with, by its key (kg, grams, minutes and counts whole; percentages 2). */
export function decimalsOf(key: string): number {
  if (key.endsWith('_pct') || key.startsWith('pct') || key.endsWith('_pp')) return 2;
  if (key.endsWith('_kg') || key.endsWith('_g') || key.endsWith('_min') || WHOLE.has(key)) return 0;
  if (key === 'horas' || key.endsWith('_kg_h')) return 1;
  return 2;
}

/** One detalhe value as the reader reads it: numbers in their format, timestamps on the account's clock, days as the language writes them. */
export function detalheValue(key: string, value: number | string, format: AlarmFormat): string {
  if (IDENTIFIERS.has(key)) return String(value);
  if (typeof value === 'number') return format.number(value, decimalsOf(key));
  if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return format.dateTime(value);
  return DAY.test(value) ? format.date(value) : value;
}

const present = (detalhe: Detalhe, key: string) => detalhe[key] !== undefined && detalhe[key] !== null && detalhe[key] !== '';

/** The sentence this alarm is written with: the first of its tipo whose motivo and keys fit (the generic one at worst). */
export function alarmSentence(alarm: Pick<DescribedAlarm, 'tipo' | 'detalhe'>): AlarmSentence {
  const motivo = alarm.detalhe.motivo;
  const sentences = ALARM_SENTENCES[alarm.tipo];
  const fits = (sentence: AlarmSentence) =>
    (!sentence.motivos || (typeof motivo === 'string' && sentence.motivos.includes(motivo))) && sentence.needs.every((key) => present(alarm.detalhe, key));
  return sentences.find(fits) ?? sentences[sentences.length - 1]!;
}

/** What happened, in one sentence of `language`, from the alarm's tipo, detalhe numbers and target. */
export function describeAlarm(alarm: DescribedAlarm, language: Language, format: AlarmFormat): string {
  const sentence = alarmSentence(alarm);
  const values: Record<string, string> = { alvo: alarm.alvo_nome };
  const codes = ALARM_CODE_WORDS[alarm.tipo];
  for (const key of sentence.needs) {
    const value = alarm.detalhe[key]!;
    values[key] = codes?.[key]?.[language][String(value)] ?? detalheValue(key, value, format);
  }
  return sentence.text[language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
