import type { JanelaDia, QualidadeContagem } from '@portal/shared';
import { Fragment, memo } from 'react';
import { qualityParts, setAside, windowText } from './quality';
import classes from './QualityLine.module.css';
import { useReportTexts } from './reportTexts';

/**
 * What a level's quality filter accepted and set aside by reason (issue 20), in the reports
 * language; nothing when the level's flock has no filter (null). Test id `quality-counts` with
 * `data-level`, each count `data-count="aceitas|parcial|dupla|acima"` and its number in
 * `data-value`.
 */
export const QualityLine = memo(function QualityLine({ contagem, level }: { contagem: QualidadeContagem | null; level: 'total' | 'grupo' | 'box' }) {
  const texts = useReportTexts();
  if (!contagem) return null;
  const [accepted, ...reasons] = qualityParts(texts, contagem);
  const aside = setAside(contagem);
  return (
    <p className={classes.line} data-testid="quality-counts" data-level={level}>
      <span className={classes.label}>{texts.label('reports.quality.title')}: </span>
      <span className={classes.accepted} data-count="aceitas" data-value={accepted!.count}>
        {accepted!.text}
      </span>
      {' · '}
      <span className={classes.label}>{texts.t('reports.quality.setAside', { total: texts.numbers.format(aside, 0) })}: </span>
      {reasons.map((reason, index) => (
        <Fragment key={reason.name}>
          {index > 0 && ' · '}
          <span className={reason.count > 0 ? classes.flagged : undefined} data-count={reason.name} data-value={reason.count}>
            {reason.text}
          </span>
        </Fragment>
      ))}
    </p>
  );
});

/** The window a group's weighings were judged by (test id `quality-window`); nothing when its flock has no filter. */
export function WindowLine({ janela }: { janela: JanelaDia | null }) {
  const texts = useReportTexts();
  if (!janela) return null;
  return (
    <p className={classes.line} data-testid="quality-window">
      {windowText(texts, janela)}
    </p>
  );
}
