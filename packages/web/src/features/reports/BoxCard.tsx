import type { ReportBox, ReportGrupo } from '@portal/shared';
import { memo } from 'react';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import classes from './BoxCard.module.css';
import { BoxHistogram } from './BoxHistogram';
import { QualityLine } from './QualityLine';
import { flockLabelled, labelled, useReportTexts, type ReportTexts } from './reportTexts';
import { offersSexSplit } from './sexSplit';
import { SexSplitSection } from './SexSplitSection';
import { StandardLine, StatsGrid } from './StatsGrid';

export interface BoxFact {
  name: string;
  label: string;
  value: string;
  /** 'Lote: L-7'; a value already led by its label stays as it is ('Lote 101'). */
  text: string;
}

/**
 * The facts of a box title (section 9): lote, sexo, linha, product (lado), flock age, category
 * (aviario), order (box) and date, each with its label in the report's words and language.
 */
export function boxTitle({ t, label: labelOf }: Pick<ReportTexts, 't' | 'label'>, kind: ReportKind, box: ReportBox): BoxFact[] {
  const facts = [
    { name: 'lote', value: box.lote },
    { name: 'sexo', value: box.sexo },
    { name: 'linha', value: box.linha },
    { name: 'lado', value: box.lado },
    { name: 'idade', value: box.idade_lote === null ? '' : t('reports.box.days', { count: box.idade_lote }) },
    { name: 'aviario', value: box.aviario },
    { name: 'box', value: box.box },
    { name: 'data', value: isoToMasked(box.data) },
  ];
  return facts
    .filter((fact) => fact.value !== '')
    .map((fact) => {
      const label = labelOf(`reports.box.${kind}.${fact.name}`);
      const text = fact.name === 'lote' ? flockLabelled(label, fact.value, ': ') : labelled(label, fact.value, ': ');
      return { ...fact, label, text };
    });
}

/**
 * One box: its title, key (ending '.R.P'), statistics, comparison with the standard, quality counts
 * and histogram, in the reports language; a mixed box of a flock offers its sex split under the
 * histogram (SexSplitSection). Test id `report-box` with `data-key`; `box-title` (facts with
 * data-fact), `box-key`.
 */
export const BoxCard = memo(function BoxCard({ kind, grupo, box }: { kind: ReportKind; grupo: Pick<ReportGrupo, 'lote_id'>; box: ReportBox }) {
  const texts = useReportTexts();
  const { t } = texts;
  return (
    <article className={classes.card} data-testid="report-box" data-key={box.key}>
      <div className={classes.facts} data-testid="box-title">
        {boxTitle(texts, kind, box).map((fact) => (
          <span key={fact.name} className={fact.name === 'box' ? `${classes.fact} ${classes.order}` : classes.fact} title={fact.text} data-fact={fact.name}>
            {fact.text}
          </span>
        ))}
      </div>
      <p className={classes.key}>
        {t('reports.box.key')}: <span data-testid="box-key">{box.key}</span>
      </p>
      {box.balancas.length > 0 && <p className={classes.scales}>{t('reports.scales', { list: box.balancas.join(', ') })}</p>}
      <StatsGrid stats={box.stats} compact />
      <StandardLine padrao={box.padrao} />
      <QualityLine contagem={box.qualidade} level="box" />
      {grupo.lote_id !== null && offersSexSplit(kind, grupo, box) ? <SexSplitSection loteId={grupo.lote_id} box={box} /> : <BoxHistogram histogram={box.histograma} />}
    </article>
  );
});
