import type { ChartDataResponse, Grafico } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';
import { chartImage } from '../../components/charts/echarts';
import { EMPTY_VALUE, reportPrintClasses, useReportFormat } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';
import { chartOption } from './chartOption';

/** Printed chart size in CSS pixels (about the 190 mm of an A4 page less margins). */
const PRINT_WIDTH = 720;
const PRINT_HEIGHT = 340;

interface ChartCanvasProps {
  data: ChartDataResponse;
  tipo: Grafico['tipo'];
  height: number;
  /**
   * Also draws the chart as an image for paper: the chart page, a report (the reports language and
   * the user's number format); the dashboard's pinned charts are the screen's (interface language).
   */
  printable?: boolean;
}

/**
 * A chart drawn from getgraphdata: a canvas on screen and, when printable, an SVG picture shown
 * only on paper (a canvas prints at its screen size). Its own module, loaded with React.lazy, so
 * ECharts stays out of the first screen's download. Test ids: chart-canvas, chart-print-image.
 */
export default function ChartCanvas({ data, tipo, height, printable = false }: ChartCanvasProps) {
  const { t: interfaceT } = useTranslation();
  const screenNumbers = useNumberFormat();
  const report = useReportFormat();
  const t = printable ? report.t : interfaceT;
  const number = useMemo(
    () => (printable ? report.number : (value: number | null, decimals: number) => (value === null ? EMPTY_VALUE : screenNumbers.format(value, decimals))),
    [printable, report, screenNumbers],
  );
  const option = useMemo(() => chartOption(data, tipo, { day: (iso) => isoToMasked(iso).slice(0, 5), number }), [data, tipo, number]);
  const image = useMemo(() => (printable ? chartImage(option, PRINT_WIDTH, PRINT_HEIGHT) : null), [option, printable]);
  return (
    <>
      <div className={reportPrintClasses.noPrint}>
        <EChart option={option} height={height} label={t('charts.view.chartLabel', { title: data.titulo })} testId="chart-canvas" />
      </div>
      {image && <img className={reportPrintClasses.printOnly} src={image} alt={t('charts.view.chartLabel', { title: data.titulo })} data-testid="chart-print-image" />}
    </>
  );
}
