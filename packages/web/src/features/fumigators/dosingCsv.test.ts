import type { Dosagem } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from '../../components/reports/hostileNames.testing';
import { eventsCsv, type EventCsvTexts } from './dosingCsv';

const event = (values: Partial<Dosagem>): Dosagem => ({
  id: 1,
  fumigador_id: 2,
  origem: 'device',
  inicio: '2026-03-01T10:00:00.000Z',
  fim: '2026-03-01T10:05:00.000Z',
  duracao_min: 5,
  volume_ml: 250.5,
  vazao_media_ml_min: 50.1,
  produto: 'Cloro',
  operador: 'Ana',
  obs: '',
  fotos: 2,
  updated_at: '2026-03-01T10:05:00.000Z',
  ...values,
});

const texts: EventCsvTexts = {
  column: (key) => key,
  dateTime: (iso) => iso.slice(0, 16).replace('T', ' '),
  running: 'em andamento',
  origem: (origem) => (origem === 'device' ? 'Dosador' : 'Manual'),
};

describe('applications CSV', () => {
  it('one line per event in column order, a running event marked', () => {
    const { header, rows } = eventsCsv([event({}), event({ fim: null, duracao_min: null, vazao_media_ml_min: null, origem: 'manual' })], texts);
    expect(header).toEqual(['inicio', 'fim', 'duracao', 'volume', 'vazao', 'produto', 'operador', 'origem', 'fotos']);
    expect(rows).toEqual([
      ['2026-03-01 10:00', '2026-03-01 10:05', 5, 250.5, 50.1, 'Cloro', 'Ana', 'Dosador', 2],
      ['2026-03-01 10:00', 'em andamento', null, 250.5, null, 'Cloro', 'Ana', 'Manual', 2],
    ]);
  });

  it('defuses a product and an operator written like formulas (typed by operators and grantees)', () => {
    const { header, rows } = eventsCsv([event({ produto: HOSTILE.farm, operador: HOSTILE.flock }), event({ produto: HOSTILE.house, operador: HOSTILE.side })], texts);
    for (const { separator, cells } of csvInEverySeparator(header, rows)) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells[1]!.slice(3, 7), separator).toEqual(['250,5', '50,1', `'${HOSTILE.farm}`, `'${HOSTILE.flock}`]);
      expect(cells[2]!.slice(5, 7), separator).toEqual([`'${HOSTILE.house}`, `'${HOSTILE.side}`]);
    }
  });
});
