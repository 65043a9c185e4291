import type { AvesPesosResponse, ReportBox, ReportGrupo } from '@portal/shared';
import { memo, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Brand } from '../../components/Brand';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import { boxTitle } from './BoxCard';
import classes from './PrintReport.module.css';
import { qualityLine, type JanelaOverride } from './quality';
import { BOXES_PER_PAGE, coveredNames, printPages, reportBoxes } from './reportTable';
import { useReportTexts, type ReportTexts } from './reportTexts';
import { STAT_FIELDS } from './statFields';

type PrintedBox = { grupo: ReportGrupo; box: ReportBox };

function PrintBox({ kind, grupo, box, chart }: PrintedBox & { kind: ReportKind; chart: string | undefined }) {
  const texts = useReportTexts();
  const { t, label, stat: text } = texts;
  return (
    <article className={classes.box} data-testid="print-box" data-key={box.key}>
      <div className={classes.boxTitle}>{[grupo.nome_nucleo, ...boxTitle(texts, kind, box).map((fact) => fact.text)].join(' · ')}</div>
      <div className={classes.key}>{box.key}</div>
      <dl className={classes.stats}>
        {STAT_FIELDS.map((field) => (
          <div key={field.name}>
            <dt>{label(`reports.stats.${field.name}`)}</dt>
            <dd>{text(box.stats[field.name], field.unit)}</dd>
          </div>
        ))}
      </dl>
      {box.padrao && (
        <div>
          {t('reports.standard', {
            nome: box.padrao.padrao_nome,
            idade: box.padrao.idade,
            pmComparacao: text(box.padrao.pmComparacao, 'grams'),
            percent: text(box.padrao.percentPadrao, 'percent'),
          })}
        </div>
      )}
      {box.qualidade && (
        <div className={classes.quality} data-testid="print-quality">
          {qualityLine(texts, box.qualidade)}
        </div>
      )}
      {/* histogramSvg escapes every text it writes: markup of our own, inserted as is (no React nodes for 80 shapes × thousands of charts). */}
      <div className={classes.chart} role="img" aria-label={label('reports.histogram.title')} data-testid="print-chart" dangerouslySetInnerHTML={{ __html: chart ?? '' }} />
    </article>
  );
}

/** What every printed page's header says (the same on each page): made once per report. */
interface HeaderFacts {
  title: string;
  facts: string;
  scales: string;
  total: string;
  /** The report's quality counts and the window it was recomputed under; empty without either. */
  quality: string;
  rule: string;
}

function headerFacts(kind: ReportKind, report: AvesPesosResponse, texts: ReportTexts, janela: JanelaOverride | undefined): HeaderFacts {
  const { t, label, stat: text } = texts;
  const names = coveredNames(report);
  return {
    title: label('reports.analysisTitle'),
    facts: [
      `${label('reports.period')}: ${t('reports.periodRange', { from: isoToMasked(report.inicio), to: isoToMasked(report.fim) })}`,
      ...(names.nucleos.length > 0 ? [`${label(`reports.keys.${kind}.nucleo`)}: ${names.nucleos.join(', ')}`] : []),
      ...(names.lotes.length > 0 ? [`${label(`reports.keys.${kind}.lote`)}: ${names.lotes.join(', ')}`] : []),
    ].join(' · '),
    scales: `${label('reports.scalesLabel')}: ${report.balancas.length ? report.balancas.join(', ') : label('reports.none')}`,
    total: [
      `${label('reports.total')}: ${label('reports.stats.totalAves')} ${text(report.total.totalAves, 'count')}`,
      `${label('reports.stats.pesoMedio')} ${text(report.total.pesoMedio, 'grams')}`,
      `${label('reports.stats.cv')} ${text(report.total.cv, 'percent')}`,
      `${label('reports.stats.uni')} ${text(report.total.uni, 'percent')}`,
    ].join(' · '),
    quality: [
      ...(janela ? [`${label('reports.quality.overrideTitle')}: ${t('reports.quality.overrideShort', { abaixo: janela.abaixo_pct, acima: janela.acima_pct })}`] : []),
      ...(report.qualidade ? [qualityLine(texts, report.qualidade)] : []),
    ].join(' · '),
    rule: `${label('reports.uniformity')}: ${label('reports.uniformityBand')}`,
  };
}

/** The header every printed page repeats: title, logo, period, farms, flocks, scales, totals and the band rule. */
const PrintHeader = memo(function PrintHeader({ facts, page, pages }: { facts: HeaderFacts; page: number; pages: number }) {
  const { t } = useReportTexts();
  return (
    <header className={classes.header}>
      <div>
        <h1 className={classes.title}>{facts.title}</h1>
        <p className={classes.facts}>
          {facts.facts}
          <br />
          {facts.scales}
          <br />
          {facts.total}
        </p>
        {facts.quality && (
          <p className={`${classes.facts} ${classes.rule}`} data-testid="print-quality-total">
            {facts.quality}
          </p>
        )}
        <p className={`${classes.facts} ${classes.rule}`}>{facts.rule}</p>
      </div>
      <div className={classes.pageNumber}>
        <Brand />
        {t('reports.page', { page, pages })}
      </div>
    </header>
  );
});

interface PrintPageProps {
  kind: ReportKind;
  facts: HeaderFacts;
  index: number;
  count: number;
  boxes: PrintedBox[];
  /** This page's charts (SVG markup). */
  charts: (string | undefined)[];
}

/** Same page, same charts: a page already laid out is not rendered again while later ones are added. */
const samePage = (before: PrintPageProps, after: PrintPageProps) =>
  before.kind === after.kind &&
  before.facts === after.facts &&
  before.index === after.index &&
  before.count === after.count &&
  before.boxes === after.boxes &&
  before.charts.length === after.charts.length &&
  before.charts.every((chart, index) => chart === after.charts[index]);

const PrintPage = memo(function PrintPage({ kind, facts, index, count, boxes, charts }: PrintPageProps) {
  return (
    <section className={classes.page} data-testid="print-page">
      <PrintHeader facts={facts} page={index + 1} pages={count} />
      <div className={classes.grid}>
        {boxes.map(({ grupo, box }, boxIndex) => (
          <PrintBox key={box.key} kind={kind} grupo={grupo} box={box} chart={charts[boxIndex]} />
        ))}
      </div>
    </section>
  );
}, samePage);

interface PrintReportProps {
  kind: ReportKind;
  report: AvesPesosResponse;
  /** The quality window the report was recomputed under, when one was asked. */
  janela?: JanelaOverride;
  /** Charts drawn so far (SVG markup), in box order (usePrintLayout). */
  charts: string[];
  onReady: () => void;
}

/**
 * The report for paper, in the reports language, outside the app's layout (a child of body, shown
 * only in print): pages of 4 boxes, each under the header with the title, logo, period and list of
 * scales. A page is laid out once its charts are drawn, so a long report is laid out a batch at a
 * time. Test ids: `print-report` (data-print-ready once every page is laid out, data-boxes: boxes
 * in the report), `print-page`, `print-box`, `print-chart`.
 */
export function PrintReport({ kind, report, janela, charts, onReady }: PrintReportProps) {
  const texts = useReportTexts();
  const facts = useMemo(() => headerFacts(kind, report, texts, janela), [kind, report, texts, janela]);
  const [ready, setReady] = useState(false);
  const pages = useMemo(() => printPages(reportBoxes(report)), [report]);
  const total = useMemo(() => pages.reduce((sum, page) => sum + page.length, 0), [pages]);
  const complete = charts.length >= total;
  const laidOut = complete ? pages.length : Math.floor(charts.length / BOXES_PER_PAGE);

  // Every page is in the document once this runs after the last batch's render.
  useEffect(() => {
    setReady(complete);
    if (complete) onReady();
  }, [complete, onReady]);

  return createPortal(
    <div className={classes.root} data-testid="print-report" data-print-ready={ready ? 'true' : 'false'} data-boxes={total}>
      {pages.slice(0, laidOut).map((page, index) => (
        <PrintPage
          key={index}
          kind={kind}
          facts={facts}
          index={index}
          count={pages.length}
          boxes={page}
          charts={page.map((_, boxIndex) => charts[index * BOXES_PER_PAGE + boxIndex])}
        />
      ))}
    </div>,
    document.body,
  );
}
