import { describe, expect, it } from 'vitest';
import { chooseFlock, farmNamed, flockCoded } from './resolution.js';

const farm = (id: number, nome: string, codigo = '') => ({ id, nome, codigo });
const flock = (id: number, codigo: string, data_alojamento: string | null, data_encerramento: string | null) => ({ id, codigo, data_alojamento, data_encerramento });

describe('which farm a weighing names', () => {
  const farms = [farm(1, 'Granja São João', 'GSJ'), farm(2, 'Granja Sao Joao'), farm(3, 'Norte', 'N1'), farm(4, 'Nova', 'N1'), farm(5, 'Leste', 'leste')];

  it('takes the same text but for case first, and ignores accents only when nothing matches so', () => {
    expect(farmNamed(farms, 'granja são joão')).toMatchObject({ id: 1 });
    expect(farmNamed(farms, 'GRANJA SAO JOAO')).toMatchObject({ id: 2 });
    expect(farmNamed(farms, 'gsj')).toMatchObject({ id: 1 });
    // A farm whose name and code are the same text is one farm, not two.
    expect(farmNamed(farms, 'LESTE')).toMatchObject({ id: 5 });
  });

  it('refuses a text naming several farms, and says when it names none', () => {
    expect(farmNamed(farms, 'n1')).toBe('NUCLEO_AMBIGUOUS');
    // Only accents tell the two apart, and the text matches neither exactly.
    expect(farmNamed(farms, 'Granja São Joao')).toBe('NUCLEO_AMBIGUOUS');
    expect(farmNamed(farms, 'Granja Fantasma')).toBe('NUCLEO_NOT_FOUND');
    expect(farmNamed(farms, '')).toBe('NUCLEO_NOT_FOUND');
  });
});

describe('which flock of a code a weighing belongs to', () => {
  const oldest = flock(10, 'L-7', '2025-01-10', '2025-06-01');
  const closed = flock(11, 'L-7', '2026-01-10', '2026-03-01');
  const open = flock(12, 'L-7', '2026-03-05', null);
  const unplaced = flock(13, 'L-7', null, null);

  it('takes the flock whose placement period holds the date, else the open one, else the newest', () => {
    expect(chooseFlock([oldest, closed, open], '2025-03-01')).toBe(oldest);
    expect(chooseFlock([oldest, closed, open], '2026-03-01')).toBe(closed);
    expect(chooseFlock([oldest, closed, open], '2026-03-03')).toBe(open);
    expect(chooseFlock([oldest, closed, open], '2024-12-31')).toBe(open);
    expect(chooseFlock([oldest, closed], '2026-05-01')).toBe(closed);
    // The open flock of unknown placement is chosen over a closed one, the newest open one first.
    expect(chooseFlock([oldest, unplaced], '2026-05-01')).toBe(unplaced);
    expect(chooseFlock([open, unplaced], '2026-02-01')).toBe(unplaced);
  });

  it('takes the latest placed when periods overlap', () => {
    const longOpen = flock(20, 'L-8', '2026-01-01', null);
    const laterOpen = flock(21, 'L-8', '2026-02-01', null);
    expect(chooseFlock([laterOpen, longOpen], '2026-02-10')).toBe(laterOpen);
    expect(chooseFlock([laterOpen, longOpen], '2026-01-10')).toBe(longOpen);
  });

  it('matches the code without case, accents only when nothing matches so, and one code only', () => {
    const flocks = [flock(30, 'Lote Á', null, null), flock(31, 'Lote À', null, null), flock(32, 'L-9', null, null)];
    expect(flockCoded(flocks, 'l-9', '2026-01-01')).toMatchObject({ id: 32 });
    expect(flockCoded(flocks, 'LOTE Á', '2026-01-01')).toMatchObject({ id: 30 });
    // Two different codes once accents are ignored: neither.
    expect(flockCoded(flocks, 'lote a', '2026-01-01')).toBeUndefined();
    expect(flockCoded(flocks, '', '2026-01-01')).toBeUndefined();
  });
});
