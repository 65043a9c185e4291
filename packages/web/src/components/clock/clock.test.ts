import { describe, expect, it } from 'vitest';
import { accountClock, zoneLabel } from './clock';

// 17:32:05 UTC on 5 March 2026: 14:32:05 in São Paulo (UTC−3).
const AT = '2026-03-05T17:32:05Z';
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('zoneLabel', () => {
  it('names whole and half-hour offsets, with a true minus sign', () => {
    expect(zoneLabel(-3)).toBe('UTC\u22123');
    expect(zoneLabel(5.5)).toBe('UTC+5:30');
    expect(zoneLabel(-9.5)).toBe('UTC\u22129:30');
    expect(zoneLabel(0)).toBe('UTC');
    expect(zoneLabel(14)).toBe('UTC+14');
  });
});

describe('accountClock', () => {
  it("shows instants on the account's wall clock, whatever the browser's", () => {
    const saoPaulo = accountClock(-3, 'pt-BR', 0);
    expect(saoPaulo.time(AT)).toBe('14:32:05');
    expect(saoPaulo.dateTime(AT)).toBe('05/03/2026, 14:32');
    expect(saoPaulo.time(Date.parse(AT))).toBe('14:32:05');
    // The same instant for an account in Lisbon (UTC) and one in Manaus (UTC−4), in English.
    expect(plain(accountClock(0, 'en-US', -3).time(AT))).toBe('5:32:05 PM');
    expect(accountClock(-4, 'pt-BR', -3).dateTime(AT)).toBe('05/03/2026, 13:32');
    // Across midnight: 01:00 UTC on the 6th is still the 5th at UTC−3.
    expect(saoPaulo.dateTime('2026-03-06T01:00:00Z')).toBe('05/03/2026, 22:00');
    expect(saoPaulo.longDateTime(AT)).toMatch(/^5 de mar\.? de 2026,? 14:32$/);
  });

  it("gives the time alone on the account's today, else date and time", () => {
    const clock = accountClock(-3, 'pt-BR', -3);
    const now = Date.parse('2026-03-06T02:00:00Z'); // 23:00 on the 5th in the account
    expect(clock.moment(AT, now)).toBe('14:32:05');
    expect(clock.moment('2026-03-05T02:00:00Z', now)).toBe('04/03/2026, 23:00');
    // UTC's today is the 6th, the account's is still the 5th.
    expect(clock.moment('2026-03-06T01:59:00Z', now)).toBe('22:59:00');
  });

  it("labels times with the zone only when the browser's clock differs", () => {
    const same = accountClock(-3, 'pt-BR', -3);
    expect(same.differs).toBe(false);
    expect(same.labelled(same.time(AT))).toBe('14:32:05');
    const abroad = accountClock(-3, 'pt-BR', 1);
    expect(abroad.differs).toBe(true);
    expect(abroad.labelled(abroad.time(AT))).toBe('14:32:05 UTC\u22123');
    expect(abroad.labelled('')).toBe('');
    expect(accountClock(5.5, 'en-US', 5.5).differs).toBe(false);
  });

  it('shows nothing for a missing or broken instant', () => {
    const clock = accountClock(-3, 'pt-BR', -3);
    for (const at of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(clock.dateTime(at)).toBe('');
      expect(clock.time(at)).toBe('');
      expect(clock.moment(at)).toBe('');
      expect(clock.wallClock(at)).toBeNull();
    }
    expect(clock.wallClock(AT)?.toISOString()).toBe('2026-03-05T14:32:05.000Z');
  });
});
