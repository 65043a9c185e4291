import { localDate, localMidnight } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createLote, recordDeaths } from '../../../test/factories/flocks.js';
import { describeEachDialect } from '../../../test/harness.js';
import { alarmWorld, portalEngine, ScriptedRule, type AlarmWorld } from '../../../test/factories/alarms.js';
import { shiftDay } from './audience.js';
import { deliveryOn, mailsTo } from '../../../test/factories/alarm-delivery.js';

const MINUTE = 60_000;
const TIMEZONE = -3;

describeEachDialect('alarm delivery: the morning digest', (portal) => {
  let world: AlarmWorld;
  let delivery: ReturnType<typeof deliveryOn>;
  // Today at the owner's timezone (real days: daily records refuse future ones).
  const today = localDate(Date.now(), TIMEZONE);
  const yesterday = shiftDay(today, -1);
  const at = (hhmm: string) => localMidnight(today, TIMEZONE) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * MINUTE;
  const digests = () => mailsTo(portal(), world.owner.email).filter((mail) => mail.subject.startsWith('Morning digest'));

  beforeAll(async () => {
    world = await alarmWorld(portal());
    delivery = deliveryOn(portal());
    expect((await portal().request('POST', '/api/updateuser', { token: world.owner.token, body: { reports_language: 'en', company: 'Granja Boa Vista' } })).status).toBe(200);
    const lote = await createLote(portal(), world.owner, world.farmA, { codigo: 'L-DIGEST', data_alojamento: shiftDay(today, -20), aves_misto: 10_000 });
    await recordDeaths(portal(), world.owner, lote, [{ data: yesterday, aves: 37 }, { data: shiftDay(today, -2), aves: 5 }]);
    const rule = new ScriptedRule();
    rule.hold('digest', 'alerta', world.farmB.id, { modelo: 'BSILO', serie: '7', ultimo_contato: new Date(at('03:25')).toISOString(), limite_min: 60 });
    await portalEngine(portal()).evaluateOwner(world.owner.user.id, [rule], at('05:00'));
    const set = await portal().request('POST', '/api/setalarmepreferencias', {
      token: world.owner.token,
      body: { prop: world.owner.user.id, email: false, push: false, severidades: ['critico'], nucleos: null, silencio_inicio: null, silencio_fim: null, resumo_hora: '06:30' },
    });
    expect(set.status).toBe(200);
  });

  it('is sent once at the chosen local time, in the reports language, with every section', async () => {
    await delivery.digest(at('06:29'));
    expect(digests()).toHaveLength(0);
    await delivery.digest(at('06:30'));
    await delivery.digest(at('06:31'));
    await delivery.digest(at('09:00'));
    expect(digests()).toHaveLength(1);
    const [mail] = digests();
    const [year, month, day] = today.split('-');
    expect(mail!.subject).toBe(`Morning digest - Granja Boa Vista - ${year}-${month}-${day}`);
    const text = mail!.text;
    expect(text).toMatch(/Open alarms\n {2}- \[ALERT\] No data: Balança digest - Last contact \d{4}-\d{2}-\d{2} 03:25 \(limit 60 min\)\./);
    expect(text).toContain('Silos to refill\n  (none)');
    expect(text).toContain('Flocks below the standard\n  (none)');
    expect(text).toContain(`Yesterday's mortality (${yesterday})\n  - L-DIGEST (${world.farmA.nome}): 37 dead, 0 culled (0.37 % of the birds placed)`);
    expect(text).toContain(`Scales with few weighings yesterday (${yesterday})\n  (none)`);
    expect(text).toContain('http://portal.test/#/alarmes');
  });

  it('is not sent again the same day, and comes again the next morning', async () => {
    await delivery.digest(at('23:59'));
    expect(digests()).toHaveLength(1);
    await delivery.digest(at('06:30') + 24 * 60 * MINUTE);
    expect(digests()).toHaveLength(2);
  });

  it('reaches a grantee for the farms its grant covers only', async () => {
    await portal().request('POST', '/api/setalarmepreferencias', {
      token: world.farmBReader.token,
      body: { prop: world.owner.user.id, email: true, push: false, severidades: ['critico', 'alerta', 'aviso'], nucleos: null, silencio_inicio: null, silencio_fim: null, resumo_hora: '07:00' },
    });
    await delivery.digest(at('07:05'));
    const [mail] = mailsTo(portal(), world.farmBReader.email).filter((sent) => sent.subject.startsWith('Resumo da manhã'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Balança digest');
    expect(mail!.text).not.toContain('L-DIGEST');
  });
});
