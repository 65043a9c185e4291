import { Box } from '@mantine/core';
import type { Histograma } from '@portal/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawChart } from './echarts';
import { histogramOption } from './histogramChart';
import { useHistogramTexts } from './useHistogramTexts';

/** Section 9: graphs are drawn about 100 ms after the report's HTML. */
export const CHART_DELAY_MS = 100;

/**
 * A box's weight histogram on screen (canvas), drawn 100 ms after the report shows and only once
 * it scrolls into view (a flock's report has many boxes); it follows the card's width. Test id
 * `box-histogram`, with `data-drawn="true"` once drawn.
 */
export function BoxHistogram({ histogram }: { histogram: Histograma }) {
  const { t } = useTranslation();
  const texts = useHistogramTexts();
  const element = useRef<HTMLDivElement>(null);
  const language = t('reports.histogram.birds');

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let chart: ReturnType<typeof drawChart> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resize = new ResizeObserver(() => chart?.resize());
    const visible = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || timer !== undefined) return;
      timer = setTimeout(() => {
        chart = drawChart(target, histogramOption(histogram, texts, true));
        target.dataset.drawn = 'true';
        resize.observe(target);
      }, CHART_DELAY_MS);
      visible.disconnect();
    });
    visible.observe(target);
    return () => {
      visible.disconnect();
      resize.disconnect();
      clearTimeout(timer);
      chart?.dispose();
      delete target.dataset.drawn;
    };
    // texts change with the language, which `language` stands for.
  }, [histogram, language]);

  return <Box ref={element} h={200} w="100%" role="img" aria-label={t('reports.histogram.title')} data-testid="box-histogram" />;
}
