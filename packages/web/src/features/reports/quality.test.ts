import { describe, expect, it } from 'vitest';
import { overrideText, qualityLine, qualityParts, setAside, windowText } from './quality';
import { testReportTexts } from './reportTexts.testing';

const contagem = { aceitas: 1234, parcial: 12, dupla: 3, acima: 0 };
const janela = { referencia: 'media_anterior' as const, esperado_g: 2000, baixo_g: 1400, alto_g: 2300, dupla_baixo_g: 3400, dupla_alto_g: 4600 };

describe('quality counts in words', () => {
  it('accepted, then each reason a weighing is set aside, zeros said too', async () => {
    const parts = qualityParts(await testReportTexts('en'), contagem);
    expect(parts.map((part) => [part.name, part.count, part.text])).toEqual([
      ['aceitas', 1234, 'accepted 1,234'],
      ['parcial', 12, 'partial bird 12'],
      ['dupla', 3, 'two birds 3'],
      ['acima', 0, 'above the window 0'],
    ]);
    expect(setAside(contagem)).toBe(15);
  });

  it('on one line in each language, the set-aside total before its reasons', async () => {
    expect(qualityLine(await testReportTexts('pt'), contagem)).toBe('Qualidade: aceitas 1.234 · postas de lado 15: ave parcial 12 · duas aves 3 · acima da janela 0');
    expect(qualityLine(await testReportTexts('en'), contagem)).toBe('Quality: accepted 1,234 · set aside 15: partial bird 12 · two birds 3 · above the window 0');
    expect(qualityLine(await testReportTexts('es'), contagem)).toBe('Calidad: aceptados 1.234 · apartados 15: ave parcial 12 · dos aves 3 · por encima de la ventana 0');
  });
});

describe('a group’s window', () => {
  it('says the expected weight, the accepted range and where the expected weight came from', async () => {
    expect(windowText(await testReportTexts('pt'), janela)).toBe('Janela de qualidade: esperado 2.000,0 g, aceitas de 1.400,0 g a 2.300,0 g (média anterior + ganho)');
    expect(windowText(await testReportTexts('en'), { ...janela, referencia: 'padrao' })).toBe(
      'Quality window: expected 2,000.0 g, accepted from 1,400.0 g to 2,300.0 g (breed standard)',
    );
  });

  it('says every weighing was accepted when the day had no reference weight', async () => {
    const none = { ...janela, referencia: 'sem_referencia' as const, esperado_g: null, baixo_g: null, alto_g: null, dupla_baixo_g: null, dupla_alto_g: null };
    expect(windowText(await testReportTexts('es'), none)).toBe('Ventana de calidad: sin peso de referencia, todos aceptados');
  });
});

describe('a report recomputed under another window', () => {
  it('says the window asked for', async () => {
    expect(overrideText(await testReportTexts('en'), { abaixo_pct: 20, acima_pct: 10 })).toBe('−20 % / +10 % of the expected weight');
    expect(overrideText(await testReportTexts('pt'), { abaixo_pct: 25, acima_pct: 12 })).toBe('−25 % / +12 % do peso esperado');
  });
});
