import type { AvesPesosResponse, Histograma } from '@portal/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CHART_DELAY_MS } from './BoxHistogram';
import type { HistogramTexts } from './histogramChart';
import { histogramSvg } from './histogramSvg';
import { reportBoxes } from './reportTable';
import type { ReportTexts } from './reportTexts';

/** Printed chart size in CSS pixels: a box is 92 mm wide (~330 px), the chart 42 mm high (~160 px). */
const CHART_WIDTH = 330;
const CHART_HEIGHT = 160;

/**
 * Charts drawn (and, with them, printed boxes laid out) between two yields to the event loop, and
 * the time one batch may take at most (ms): the tab stays responsive and the progress moves.
 */
const CHARTS_PER_BATCH = 20;
const BATCH_MS = 40;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const drawChart = (histogram: Histograma, texts: HistogramTexts) => histogramSvg(histogram, texts, CHART_WIDTH, CHART_HEIGHT);

export interface PrintLayout {
  /** The printed layout is mounted (hidden on screen). */
  requested: boolean;
  /** The charts drawn so far (SVG markup), in the report's box order. */
  charts: string[];
  /** Boxes (charts) in the report. */
  total: number;
  /** The Print button was pressed: the dialog opens once the layout is ready. */
  waiting: boolean;
  print: () => void;
  cancel: () => void;
  /** Called by the layout once every page is laid out. */
  onReady: () => void;
}

/**
 * The printed layout's state. `print()` (the Print button) lays the report out for paper, drawing
 * every box's chart a batch at a time with the event loop free in between (a report of thousands
 * of boxes keeps the tab responsive and shows its progress), then opens the browser's print
 * dialog. The browser's own Print menu (beforeprint) prints right after its event, so everything
 * left is drawn there at once.
 */
export function usePrintLayout(report: AvesPesosResponse, language: ReportTexts): PrintLayout {
  const boxes = useMemo(() => reportBoxes(report), [report]);
  const texts = language.histogram;
  const [requested, setRequested] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [charts, setCharts] = useState<string[]>([]);
  const drawn = useRef<string[]>([]);
  const ready = useRef(false);
  const printWhenReady = useRef(false);

  const keep = useCallback((next: string[]) => {
    drawn.current = next;
    setCharts(next);
  }, []);

  // A new report (or language) needs new pages.
  useEffect(() => {
    setRequested(false);
    setWaiting(false);
    keep([]);
    ready.current = false;
    printWhenReady.current = false;
  }, [boxes, texts, keep]);

  // Draws the charts still missing, in batches; a new report, a cancel or leaving stops it.
  useEffect(() => {
    if (!requested || drawn.current.length >= boxes.length) return;
    let stopped = false;
    const draw = async () => {
      await pause(CHART_DELAY_MS);
      while (!stopped && drawn.current.length < boxes.length) {
        const start = performance.now();
        const batch: string[] = [];
        for (let index = drawn.current.length; index < boxes.length && batch.length < CHARTS_PER_BATCH && performance.now() - start < BATCH_MS; index += 1) {
          batch.push(drawChart(boxes[index]!.box.histograma, texts));
        }
        keep(drawn.current.concat(batch));
        await pause(0);
      }
    };
    draw().catch((error: unknown) => console.error('[reports] the printed charts could not be drawn', error));
    return () => {
      stopped = true;
    };
  }, [requested, boxes, texts, keep]);

  useEffect(() => {
    const beforePrint = () => {
      if (ready.current) return;
      flushSync(() => {
        keep(drawn.current.concat(boxes.slice(drawn.current.length).map(({ box }) => drawChart(box.histograma, texts))));
        setRequested(true);
      });
    };
    window.addEventListener('beforeprint', beforePrint);
    return () => window.removeEventListener('beforeprint', beforePrint);
  }, [boxes, texts, keep]);

  const print = useCallback(() => {
    if (ready.current) {
      window.print();
      return;
    }
    printWhenReady.current = true;
    setWaiting(true);
    setRequested(true);
  }, []);

  const cancel = useCallback(() => {
    printWhenReady.current = false;
    setWaiting(false);
    if (!ready.current) setRequested(false);
  }, []);

  const onReady = useCallback(() => {
    ready.current = true;
    if (!printWhenReady.current) return;
    printWhenReady.current = false;
    setWaiting(false);
    window.print();
  }, []);

  return { requested, charts, total: boxes.length, waiting, print, cancel, onReady };
}
