import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { drawChart, type EChartsCoreOption } from './echarts';

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId: string;
  /** Extra data-* attributes on the chart's box (what it drew, for tests). */
  attributes?: Record<`data-${string}`, string | number>;
}

/**
 * An ECharts canvas that follows its box's width (phones, a resized window) and redraws when the
 * option changes. Lazily loaded modules only: see echarts.ts.
 */
export function EChart({ option, height, label, testId, attributes }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = drawChart(element.current, option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <Box ref={element} h={height} w="100%" role="img" aria-label={label} data-testid={testId} {...attributes} />;
}
