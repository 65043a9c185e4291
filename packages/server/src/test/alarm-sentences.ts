import { alarmSentence, describeAlarm, LANGUAGES, type DescribedAlarm } from '@portal/shared';
import { expect } from 'vitest';

/** Any visible rendering: the test only checks that every placeholder of the chosen sentence was filled. */
const PLAIN = { number: (value: number) => String(value), dateTime: (iso: string) => iso, date: (day: string) => day };

/**
 * What a rule really wrote reads as one of its tipo's specific sentences (@portal/shared alarm
 * sentences), not the generic fallback, in every language: the sentences follow the rules' keys.
 */
export function expectWorded(conditions: readonly DescribedAlarm[]): void {
  for (const condition of conditions) {
    expect(alarmSentence(condition).key, `${condition.tipo} ${JSON.stringify(condition.detalhe)}`).not.toBe('generic');
    for (const language of LANGUAGES) expect(describeAlarm(condition, language, PLAIN)).not.toMatch(/\{\{|undefined|null/);
  }
}
