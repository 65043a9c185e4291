import type { SeparacaoSexo } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { offersSexSplit, refusalText, sexSplitQuery } from './sexSplit';
import { testReportTexts } from './reportTexts.testing';

const flock = { lote_id: 7 };
const box = { data: '2026-11-10', aviario: 'Aviário 3', lado: 'A', box: '2', sexo: 'X' };

describe('which report boxes offer the sex split', () => {
  it('a box of a flock whose sex text is empty or reads mixed, in any spelling', () => {
    for (const sexo of ['', '  ', 'X', 'x', 'Misto', 'MISTO', 'mixed', 'Mixto', 'as hatched']) expect([sexo, offersSexSplit('aves', flock, { sexo })]).toEqual([sexo, true]);
  });

  it('not a box of one sex, nor an unknown sex text', () => {
    for (const sexo of ['M', 'Macho', 'F', 'Fêmea', 'female', 'Hembras', 'Cobb']) expect([sexo, offersSexSplit('aves', flock, { sexo })]).toEqual([sexo, false]);
  });

  it('not a box of no flock, nor any hatchery box (its "sex" is the line)', () => {
    expect(offersSexSplit('aves', { lote_id: null }, { sexo: 'X' })).toBe(false);
    expect(offersSexSplit('incubatorio', flock, { sexo: 'X' })).toBe(false);
  });
});

describe('the split asked for a box', () => {
  it('names the flock-day, house, side, box and sex text, and the owner acted for', () => {
    expect(sexSplitQuery(flock, box, undefined)).toEqual({ lote_id: 7, data: '2026-11-10', aviario: 'Aviário 3', lado: 'A', box: '2', sexo: 'X' });
    expect(sexSplitQuery(flock, { ...box, sexo: '' }, 12)).toEqual({ prop: 12, lote_id: 7, data: '2026-11-10', aviario: 'Aviário 3', lado: 'A', box: '2', sexo: '' });
  });
});

const refused = (situacao: SeparacaoSexo['situacao'], aves = 64, razao_esperada: number | null = 1.18) => ({ situacao, aves, razao_esperada });

describe('a refused split, said in words', () => {
  it('too few birds: how many of the 100 needed', async () => {
    expect(refusalText(await testReportTexts('pt'), refused('poucas_aves'))).toBe('Poucas aves para separar: 64 das 100 necessárias.');
    expect(refusalText(await testReportTexts('en'), refused('poucas_aves'))).toBe('Too few birds to split: 64 of the 100 needed.');
    expect(refusalText(await testReportTexts('es'), refused('poucas_aves'))).toBe('Pocas aves para separar: 64 de las 100 necesarias.');
  });

  it('one group, and a ratio far from the breed’s (with the expected ratio when known)', async () => {
    const en = await testReportTexts('en');
    expect(refusalText(en, refused('um_grupo'))).toBe('The weights show one group: there are no two sexes to tell apart.');
    expect(refusalText(en, refused('razao_incompativel'))).toBe('The two groups do not weigh in the ratio expected between the breed’s males and females (≈ 1.18).');
    expect(refusalText(en, refused('razao_incompativel', 300, null))).toBe('The two groups do not weigh in the ratio expected between the breed’s males and females.');
    expect(refusalText(await testReportTexts('pt'), refused('razao_incompativel'))).toContain('da linhagem (≈ 1,18).');
    expect(refusalText(await testReportTexts('es'), refused('um_grupo'))).toBe('Los pesos muestran un solo grupo: no hay dos sexos que distinguir.');
  });

  it('nothing when the split was made', async () => {
    expect(refusalText(await testReportTexts('pt'), refused('ok', 600))).toBeNull();
  });
});
