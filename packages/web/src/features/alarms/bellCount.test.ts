import type { Alarme } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { bellAlarms, bellBadge, refreshesBell } from './bellCount';

const alarm = (id: number, fields: Partial<Alarme>): Alarme => ({
  id,
  tipo: 'sem_dados',
  severidade: 'alerta',
  estado: 'aberto',
  nucleo_id: 1,
  nucleo_nome: 'Granja',
  alvo_tipo: 'dispositivo',
  alvo_id: 9,
  alvo_nome: 'CS-104',
  detalhe: {},
  aberto_em: '2026-03-05T10:00:00.000Z',
  atualizado_em: '2026-03-05T10:00:00.000Z',
  reconhecido_em: null,
  reconhecido_por: null,
  obs: null,
  encerrado_em: null,
  encerrado_por: null,
  lembretes: 0,
  ...fields,
});

describe('the bell', () => {
  it('shows no badge without open alarms, the count up to 99, then 99+', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(-1)).toBeNull();
    expect(bellBadge(Number.NaN)).toBeNull();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(100)).toBe('99+');
  });

  it('reads again only on an alarms message for the owner shown', () => {
    expect(refreshesBell({ t: 'alarmes', prop: 7 }, 7)).toBe(true);
    expect(refreshesBell({ t: 'alarmes', prop: 8 }, 7)).toBe(false);
    expect(refreshesBell({ t: 'alarmes', prop: 7 }, undefined)).toBe(false);
    expect(refreshesBell({ t: 'pong' }, 7)).toBe(false);
  });

  it('lists open before acknowledged, then the most urgent, then the newest; never cleared ones', () => {
    const listed = bellAlarms({
      alarmes: [
        alarm(1, { severidade: 'aviso', aberto_em: '2026-03-05T12:00:00.000Z' }),
        alarm(2, { severidade: 'critico', estado: 'reconhecido' }),
        alarm(3, { severidade: 'critico', aberto_em: '2026-03-05T09:00:00.000Z' }),
        alarm(4, { severidade: 'critico', aberto_em: '2026-03-05T11:00:00.000Z' }),
        alarm(5, { severidade: 'critico', estado: 'encerrado' }),
        alarm(6, { severidade: 'alerta' }),
      ],
    });
    expect(listed.map((entry) => entry.id)).toEqual([4, 3, 6, 1, 2]);
  });

  it('lists at most the limit, and nothing before the first answer', () => {
    const many = Array.from({ length: 8 }, (_, index) => alarm(index + 1, {}));
    expect(bellAlarms({ alarmes: many })).toHaveLength(5);
    expect(bellAlarms({ alarmes: many }, 2)).toHaveLength(2);
    expect(bellAlarms(undefined)).toEqual([]);
  });
});
