import type { AvesPesosResponse, ReportBox, ReportGrupo } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/Brand';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import { useBoxTitle } from './BoxCard';
import { CHART_DELAY_MS } from './BoxHistogram';
import { chartImage } from './echarts';
import { histogramOption, type HistogramTexts } from './histogramChart';
import classes from './PrintReport.module.css';
import { BOXES_PER_PAGE, coveredNames, printPages, reportBoxes } from './reportTable';
import { STAT_FIELDS } from './statFields';
import { useStatText } from './StatsGrid';
import { useHistogramTexts } from './useHistogramTexts';

/** Printed chart size in CSS pixels: a box is 92 mm wide (~330 px), the chart 42 mm high (~160 px). */
const IMAGE_WIDTH = 330;
const IMAGE_HEIGHT = 160;

const imagesOf = (report: AvesPesosResponse, texts: HistogramTexts) =>
  reportBoxes(report).map(({ box }) => chartImage(histogramOption(box.histograma, texts, false), IMAGE_WIDTH, IMAGE_HEIGHT));

/**
 * The printed layout's state. `print()` (the Print button) lays the report out for paper, draws
 * the graphs as images 100 ms later (section 9), waits until they are decoded, then opens the
 * browser's print dialog. Printing from the browser's menu instead (beforeprint) lays everything
 * out at once, since the browser prints right after that event.
 */
export function usePrintLayout(report: AvesPesosResponse | undefined) {
  const texts = useHistogramTexts();
  const [requested, setRequested] = useState(false);
  const [images, setImages] = useState<string[] | null>(null);
  const printWhenReady = useRef(false);
  const textsRef = useRef(texts);
  textsRef.current = texts;

  // Set once the laid-out graphs are decoded: the Print button then prints at once.
  const ready = useRef(false);

  // A new report (or language) needs new pages.
  useEffect(() => {
    setRequested(false);
    setImages(null);
    printWhenReady.current = false;
    ready.current = false;
  }, [report, texts.birds]);

  useEffect(() => {
    if (!requested || images || !report) return;
    const timer = setTimeout(() => setImages(imagesOf(report, textsRef.current)), CHART_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested, images, report]);

  useEffect(() => {
    if (!report) return;
    const beforePrint = () => {
      if (images) return;
      flushSync(() => {
        setRequested(true);
        setImages(imagesOf(report, textsRef.current));
      });
    };
    window.addEventListener('beforeprint', beforePrint);
    return () => window.removeEventListener('beforeprint', beforePrint);
  }, [report, images]);

  const print = useCallback(() => {
    if (ready.current) {
      window.print();
      return;
    }
    printWhenReady.current = true;
    setRequested(true);
  }, []);

  /** Called by the layout once its images are decoded. */
  const onReady = useCallback(() => {
    ready.current = true;
    if (!printWhenReady.current) return;
    printWhenReady.current = false;
    window.print();
  }, []);

  return { requested, images, print, onReady };
}

function PrintBox({ kind, grupo, box, image }: { kind: ReportKind; grupo: ReportGrupo; box: ReportBox; image: string | undefined }) {
  const { t } = useTranslation();
  const title = useBoxTitle(kind);
  const text = useStatText();
  return (
    <article className={classes.box} data-testid="print-box" data-key={box.key}>
      <div className={classes.boxTitle}>
        {[grupo.nome_nucleo, ...title(box).map((fact) => `${fact.label}: ${fact.value}`)].join(' · ')}
      </div>
      <div className={classes.key}>{box.key}</div>
      <dl className={classes.stats}>
        {STAT_FIELDS.map((field) => (
          <div key={field.name}>
            <dt>{t(`reports.stats.${field.name}`)}</dt>
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
      {image ? <img className={classes.chart} src={image} alt={t('reports.histogram.title')} /> : <div className={classes.chartPending} />}
    </article>
  );
}

interface PrintReportProps {
  kind: ReportKind;
  report: AvesPesosResponse;
  images: string[] | null;
  onReady: () => void;
}

/**
 * The report for paper, outside the app's layout (a child of body, shown only in print):
 * pages of 4 boxes, each under the header with the title, logo, period and list of scales.
 * Test ids: `print-report` (data-print-ready once the graphs are decoded), `print-page`, `print-box`.
 */
export function PrintReport({ kind, report, images, onReady }: PrintReportProps) {
  const { t } = useTranslation();
  const text = useStatText();
  const root = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const pages = printPages(reportBoxes(report));
  const names = coveredNames(report);

  useEffect(() => {
    setReady(false);
    if (!images || !root.current) return;
    let cancelled = false;
    const pictures = [...root.current.querySelectorAll('img')];
    Promise.all(pictures.map((picture) => picture.decode()))
      .catch((error: unknown) => console.error('[reports] a printed graph could not be decoded', error))
      .then(() => {
        if (cancelled) return;
        setReady(true);
        onReady();
      });
    return () => {
      cancelled = true;
    };
  }, [images, onReady]);

  return createPortal(
    <div ref={root} className={classes.root} data-testid="print-report" data-print-ready={ready ? 'true' : 'false'}>
      {pages.map((page, pageIndex) => (
        <section key={pageIndex} className={classes.page} data-testid="print-page">
          <header className={classes.header}>
            <div>
              <h1 className={classes.title}>{t('reports.analysisTitle')}</h1>
              <p className={classes.facts}>
                {t('reports.period')}: {t('reports.periodRange', { from: isoToMasked(report.inicio), to: isoToMasked(report.fim) })}
                {names.nucleos.length > 0 && ` · ${t(`reports.keys.${kind}.nucleo`)}: ${names.nucleos.join(', ')}`}
                {names.lotes.length > 0 && ` · ${t(`reports.keys.${kind}.lote`)}: ${names.lotes.join(', ')}`}
                <br />
                {t('reports.scalesLabel')}: {report.balancas.length ? report.balancas.join(', ') : t('reports.none')}
                <br />
                {t('reports.total')}: {t('reports.stats.totalAves')} {text(report.total.totalAves, 'count')} · {t('reports.stats.pesoMedio')}{' '}
                {text(report.total.pesoMedio, 'grams')} · {t('reports.stats.cv')} {text(report.total.cv, 'percent')} · {t('reports.stats.uni')}{' '}
                {text(report.total.uni, 'percent')}
              </p>
              <p className={`${classes.facts} ${classes.rule}`}>{t('reports.uniformityRule')}</p>
            </div>
            <div className={classes.pageNumber}>
              <Brand />
              {t('reports.page', { page: pageIndex + 1, pages: pages.length })}
            </div>
          </header>
          <div className={classes.grid}>
            {page.map(({ grupo, box }, boxIndex) => (
              <PrintBox key={box.key} kind={kind} grupo={grupo} box={box} image={images?.[pageIndex * BOXES_PER_PAGE + boxIndex]} />
            ))}
          </div>
        </section>
      ))}
    </div>,
    document.body,
  );
}
