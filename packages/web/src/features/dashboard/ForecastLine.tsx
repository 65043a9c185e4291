import { Text } from '@mantine/core';
import { usePrevisao } from '../flocks/api';
import { tileLine } from '../flocks/forecast';
import { useForecastFormat } from '../flocks/useForecastFormat';

/**
 * A dashboard tile's forecast: the day the flock reaches its target weight, P50 with P10–P90
 * ("2.500 g em 12/12 (10/12–14/12)"), or why there is none. Loaded lazily by FlockTiles, so the
 * first screen's JavaScript does not grow; nothing shows until the answer (or on failure: the
 * flock page says why). Test id `dashboard-flock-forecast` (data-trusted).
 */
export default function ForecastLine({ loteId }: { loteId: number }) {
  const { format } = useForecastFormat();
  const previsao = usePrevisao(loteId);
  if (!previsao.data) return null;
  const line = tileLine(previsao.data, format);
  return (
    <Text size="sm" mt={4} data-testid="dashboard-flock-forecast" data-trusted={String(line.trusted)}>
      <Text span c="dimmed" size="sm">
        {format.t('flocks.forecast.tile.label')}{' '}
      </Text>
      <Text span fw={line.trusted ? 700 : 400} c={line.trusted ? undefined : 'dimmed'}>
        {line.text}
      </Text>
    </Text>
  );
}
