import { Badge, Tooltip } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconPlugOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { minutesSince, useWhen } from '../records/when';

/** Minutes in a day: one day or more without contact shows in a danger colour (spec section 4). */
const IDLE_DANGER_MINUTES = 1440;

/**
 * When the device last sent something: 'never connected' until it first does; in a danger
 * colour after a day or more without contact (spec section 4). Test id `device-last-contact`
 * with `data-state` never | ok | idle.
 */
export function LastContact({ at, size = 'md' }: { at: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const when = useWhen();
  if (at === null) {
    return (
      <Badge variant="light" color="gray" size={size} tt="none" w="max-content" maw="none" leftSection={<IconPlugOff size={14} />} data-testid="device-last-contact" data-state="never">
        {t('devices.contact.never')}
      </Badge>
    );
  }
  const idle = minutesSince(at) >= IDLE_DANGER_MINUTES;
  return (
    <Tooltip label={when.dateTime(at)} withArrow>
      <Badge
        variant="light"
        color={idle ? 'red' : 'field'}
        size={size}
        tt="none"
        w="max-content"
        maw="none"
        leftSection={idle ? <IconPlugConnectedX size={14} /> : <IconPlugConnected size={14} />}
        data-testid="device-last-contact"
        data-state={idle ? 'idle' : 'ok'}
      >
        {when.ago(at)}
      </Badge>
    </Tooltip>
  );
}
