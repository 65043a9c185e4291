import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccountClock } from './useAccountClock';

/**
 * "Times in the account's time zone (UTC−3)": shown above lists of times, only when the browser's
 * clock reads another time, so nobody takes 14:00 for their own 14:00. Test id `zone-note`.
 */
export function ZoneNote() {
  const { t } = useTranslation();
  const clock = useAccountClock();
  if (!clock.differs) return null;
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" data-testid="zone-note" data-zone={clock.zone}>
      <IconClock size={14} style={{ flex: 'none' }} />
      <Text size="xs">{t('components.clock.note', { zone: clock.zone })}</Text>
    </Group>
  );
}
