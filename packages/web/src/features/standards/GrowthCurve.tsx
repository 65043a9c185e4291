import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';

const HEIGHT = 200;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

/** A round step for about four grid lines up to `max`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
}

/**
 * The weight curve of a standard as a small line drawing (plain SVG: a chart library would
 * weigh more than the whole screen). Test id `standard-curve`.
 */
export function GrowthCurve({ points }: { points: { idade: number; peso: number }[] }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  // A narrower drawing on phones, so its labels stay readable once scaled to the screen.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const width = narrow ? 380 : 640;
  const fontSize = narrow ? 12 : 11;
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const maxAge = Math.max(last.idade, first.idade + 1);
  const step = niceStep(Math.max(...points.map((point) => point.peso), 1));
  const maxWeight = Math.ceil(Math.max(...points.map((point) => point.peso), 1) / step) * step;
  const x = (age: number) => PAD.left + ((age - first.idade) / (maxAge - first.idade)) * (width - PAD.left - PAD.right);
  const y = (weight: number) => HEIGHT - PAD.bottom - (weight / maxWeight) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((point) => `${x(point.idade).toFixed(1)},${y(point.peso).toFixed(1)}`).join(' ');
  const grid = Array.from({ length: Math.round(maxWeight / step) + 1 }, (_, index) => index * step);

  return (
    <Box data-testid="standard-curve">
      <Text size="sm" fw={600} mb={4}>
        {t('standards.curve.title')}
      </Text>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t('standards.curve.description', {
          from: first.idade,
          to: last.idade,
          first: numbers.format(first.peso, 1),
          last: numbers.format(last.peso, 1),
        })}
        style={{ display: 'block', maxHeight: 220 }}
      >
        {grid.map((weight) => (
          <g key={weight}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(weight)} y2={y(weight)} stroke="var(--mantine-color-gray-3)" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(weight) + 4} textAnchor="end" fontSize={fontSize} fill="var(--mantine-color-dimmed)">
              {numbers.format(weight)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} fontSize={fontSize} fill="var(--mantine-color-dimmed)">
          {t('standards.curve.day', { day: first.idade })}
        </text>
        <text x={width - PAD.right} y={HEIGHT - 8} textAnchor="end" fontSize={fontSize} fill="var(--mantine-color-dimmed)">
          {t('standards.curve.day', { day: last.idade })}
        </text>
        <polyline points={line} fill="none" stroke="var(--mantine-color-field-7)" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      <Text size="xs" c="dimmed">
        {t('standards.curve.axes')}
      </Text>
    </Box>
  );
}
