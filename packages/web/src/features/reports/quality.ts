import { MOTIVOS_DESCARTE, type AvesPesosBody, type JanelaDia, type MotivoDescarte, type QualidadeContagem } from '@portal/shared';
import type { ReportTexts } from './reportTexts';

/**
 * The weighing quality of a report (issue 20) in words: what each level accepted and set aside by
 * reason, the window a group was judged by, and a report recomputed under another window. A level
 * whose flock has no filter carries no counts (null) and says nothing, so such a report reads as
 * it always did.
 */

/** The window a report is recomputed under (avespesos `janela`). */
export type JanelaOverride = NonNullable<AvesPesosBody['janela']>;

type Texts = Pick<ReportTexts, 't' | 'numbers' | 'label' | 'stat'>;

export interface QualityPart {
  name: 'aceitas' | MotivoDescarte;
  count: number;
  /** 'Accepted 1,234', 'partial bird 12'. */
  text: string;
}

/** Accepted, then each reason a weighing is set aside for (all three, a zero said too: the reader sees what was checked). */
export function qualityParts({ label, numbers }: Texts, contagem: QualidadeContagem): QualityPart[] {
  const part = (name: QualityPart['name'], count: number) => ({ name, count, text: `${label(`reports.quality.${name}`)} ${numbers.format(count, 0)}` });
  return [part('aceitas', contagem.aceitas), ...MOTIVOS_DESCARTE.map((motivo) => part(motivo, contagem[motivo]))];
}

/** Weighings set aside, whatever the reason. */
export const setAside = (contagem: QualidadeContagem): number => MOTIVOS_DESCARTE.reduce((sum, motivo) => sum + contagem[motivo], 0);

/** One line: 'Quality: accepted 1,234 · set aside 20: partial bird 12 · two birds 3 · above the window 5'. */
export function qualityLine(texts: Texts, contagem: QualidadeContagem): string {
  const [accepted, ...reasons] = qualityParts(texts, contagem);
  const aside = texts.t('reports.quality.setAside', { total: texts.numbers.format(setAside(contagem), 0) });
  return `${texts.label('reports.quality.title')}: ${accepted!.text} · ${aside}: ${reasons.map((reason) => reason.text).join(' · ')}`;
}

/** A group's window: 'Window: expected 2,000.0 g, accepted 1,400.0 to 2,300.0 g'; without a reference, that all were accepted. */
export function windowText({ t, stat }: Texts, janela: JanelaDia): string {
  if (janela.referencia === 'sem_referencia' || janela.esperado_g === null || janela.baixo_g === null || janela.alto_g === null) return t('reports.quality.windowNone');
  return t('reports.quality.window', {
    esperado: stat(janela.esperado_g, 'grams'),
    baixo: stat(janela.baixo_g, 'grams'),
    alto: stat(janela.alto_g, 'grams'),
    referencia: t(`reports.quality.referencia.${janela.referencia}`),
  });
}

/** The notice of a report recomputed under a window asked for: '−20 % below, +10 % above the expected weight'. */
export function overrideText({ t, numbers }: Texts, janela: JanelaOverride): string {
  return t('reports.quality.override', { abaixo: numbers.format(janela.abaixo_pct, 0), acima: numbers.format(janela.acima_pct, 0) });
}
