import type { Histograma } from '@portal/shared';
import { useEffect, useRef } from 'react';
import { drawChart } from './echarts';
import { histogramOption } from './histogramChart';
import classes from './BoxHistogram.module.css';
import { useReportTexts } from './reportTexts';
import type { HistogramCurve } from './splitCurves';

const NO_CURVES: readonly HistogramCurve[] = [];

/** Section 9: graphs are drawn about 100 ms after the report's HTML. */
export const CHART_DELAY_MS = 100;

/**
 * A box's weight histogram on screen (canvas), in the reports language. Drawn 100 ms after it
 * scrolls into view if it is still there (a box that flies past while scrolling is never drawn),
 * and disposed when the virtualised list unmounts its box, so only the charts on screen hold one. It follows the
 * card's width. `curves` (a sex split's two fitted normals) are drawn over the bars; the chart is
 * drawn again when they come or go. Test id `box-histogram`, with `data-drawn="true"` once drawn
 * and `data-curves` (how many curves it shows).
 */
export function BoxHistogram({ histogram, curves = NO_CURVES }: { histogram: Histograma; curves?: readonly HistogramCurve[] }) {
  const report = useReportTexts();
  const texts = report.histogram;
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let chart: ReturnType<typeof drawChart> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inView = false;
    const resize = new ResizeObserver(() => chart?.resize());
    // Drawn only if still in view when the delay is over: boxes scrolled past quickly cost nothing.
    const draw = () => {
      timer = undefined;
      if (!inView) return;
      visible.disconnect();
      chart = drawChart(target, histogramOption(histogram, texts, true, curves));
      target.dataset.drawn = 'true';
      resize.observe(target);
    };
    const visible = new IntersectionObserver((entries) => {
      inView = entries.at(-1)?.isIntersecting ?? inView;
      if (inView && timer === undefined && !chart) timer = setTimeout(draw, CHART_DELAY_MS);
    });
    visible.observe(target);
    return () => {
      visible.disconnect();
      resize.disconnect();
      clearTimeout(timer);
      chart?.dispose();
      delete target.dataset.drawn;
    };
  }, [histogram, texts, curves]);

  return <div ref={element} className={classes.chart} role="img" aria-label={report.t('reports.histogram.title')} data-testid="box-histogram" data-curves={curves.length} />;
}
