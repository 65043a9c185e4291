import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { fillColor, fillPercent } from './siloForm';

/**
 * A silo's balance in kg (1 decimal, spec section 9) with how full it is: a bar and the share of
 * the capacity. Test ids: `silo-balance` (the kg text), `silo-fill` (the percentage).
 */
export function SiloGauge({ saldo, capacidade, size = 'md' }: { saldo: number; capacidade: number; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const percent = fillPercent(saldo, capacidade);
  const kg = (value: number) => t('silos.kg', { value: numbers.format(value, 1) });
  return (
    <Stack gap={4} miw={size === 'lg' ? 220 : 140} maw={size === 'lg' ? 420 : undefined}>
      <Text fw={700} fz={size === 'lg' ? 32 : 'md'} lh={1.15} c={saldo < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="silo-balance">
        {kg(saldo)}
      </Text>
      {percent === null ? (
        <Text size="xs" c="dimmed">
          {t('silos.list.noCapacity')}
        </Text>
      ) : (
        <>
          <Progress
            value={Math.min(100, Math.max(0, percent))}
            color={fillColor(percent)}
            size={size === 'lg' ? 'lg' : 'sm'}
            radius="xl"
            aria-label={t('silos.stock.fill', { percent: `${numbers.format(percent, 0)}%` })}
          />
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c={percent > 100 ? 'red' : 'dimmed'} data-testid="silo-fill" style={{ whiteSpace: 'nowrap' }}>
              {t('silos.list.fill', { percent: `${numbers.format(percent, 0)}%`, capacity: kg(capacidade) })}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
