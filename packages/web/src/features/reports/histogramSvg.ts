import type { Histograma } from '@portal/shared';
import { histogramBars, type HistogramTexts } from './histogramChart';

/**
 * A box's histogram for paper, as a small SVG written by hand: the same bars, colours and labels
 * as the screen's ECharts chart (histogramBars), without a tooltip. ECharts takes tens of
 * milliseconds a chart (a minute for a report of 2,000 boxes); this takes a fraction of one, so a
 * printed report of thousands of boxes is laid out in seconds. Every text is escaped: the printed
 * layout inserts the SVG as markup.
 */

const AXIS_COLOUR = '#6e7079';
const GRID_COLOUR = '#e0e6f1';
const FONT_SIZE = 10;
/** A 10 px sans-serif character is about this wide (digits, '<', '≥'): enough to keep labels apart. */
const CHAR_WIDTH = 5.8;
const BAR_SHARE = 0.9;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
const round = (value: number) => Math.round(value * 10) / 10;
const textWidth = (text: string) => [...text].length * CHAR_WIDTH;

/** The y axis step: whole birds, about five lines (1, 2, 5 × 10ⁿ). */
export function axisStep(max: number): number {
  if (max <= 5) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** The histogram as an SVG document of `width` × `height` CSS pixels. */
export function histogramSvg(histogram: Histograma, texts: HistogramTexts, width: number, height: number): string {
  const bars = histogramBars(histogram, texts);
  const step = axisStep(Math.max(1, ...bars.map((bar) => bar.count)));
  const top = Math.max(step, Math.ceil(Math.max(1, ...bars.map((bar) => bar.count)) / step) * step);
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const tickLabels = ticks.map((tick) => texts.grams(tick));

  const left = Math.ceil(Math.max(...tickLabels.map(textWidth))) + 8;
  const plot = { x0: left, x1: width - 10, y0: 8, y1: height - 16 };
  const band = (plot.x1 - plot.x0) / Math.max(1, bars.length);
  const y = (count: number) => plot.y1 - (count / top) * (plot.y1 - plot.y0);
  // Every k-th bin is labelled, so labels never overlap.
  const stride = Math.max(1, Math.ceil((Math.max(0, ...bars.map((bar) => textWidth(bar.label))) + 6) / band));

  const parts: string[] = [];
  ticks.forEach((tick, index) => {
    const at = round(y(tick));
    parts.push(`<line x1="${plot.x0}" x2="${plot.x1}" y1="${at}" y2="${at}" stroke="${tick === 0 ? AXIS_COLOUR : GRID_COLOUR}"/>`);
    parts.push(`<text x="${plot.x0 - 4}" y="${at}" dy="0.35em" text-anchor="end">${escapeXml(tickLabels[index]!)}</text>`);
  });
  bars.forEach((bar, index) => {
    const centre = plot.x0 + band * (index + 0.5);
    if (bar.count > 0) {
      const barTop = y(bar.count);
      parts.push(`<rect x="${round(centre - (band * BAR_SHARE) / 2)}" y="${round(barTop)}" width="${round(band * BAR_SHARE)}" height="${round(plot.y1 - barTop)}" fill="${bar.colour}"/>`);
    }
    if (index % stride === 0 && centre + textWidth(bar.label) / 2 <= width) {
      parts.push(`<text x="${round(centre)}" y="${plot.y1 + 12}" text-anchor="middle">${escapeXml(bar.label)}</text>`);
    }
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Arial, Helvetica, sans-serif" font-size="${FONT_SIZE}" fill="${AXIS_COLOUR}">`,
    ...parts,
    '</svg>',
  ].join('');
}
