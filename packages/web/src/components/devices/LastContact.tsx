import { Badge, Tooltip } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconPlugOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWhen } from '../../features/records/when';
import { contactState } from './deviceStatus';

/**
 * When the device last sent something: 'never connected' until it first does; in the danger
 * colour (Mantine red) after a day or more without contact (spec section 4). `minutos` is
 * devupdt's fresh answer (minutesOf); the tooltip gives the exact minutes and the time. Test id
 * `device-last-contact` with `data-state` never | ok | idle and `data-minutes`.
 */
export function LastContact({ minutos, size = 'md' }: { minutos: number | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const when = useWhen();
  const state = contactState(minutos);
  if (minutos === null) {
    return (
      <Badge variant="light" color="gray" size={size} tt="none" w="max-content" maw="none" leftSection={<IconPlugOff size={14} />} data-testid="device-last-contact" data-state={state}>
        {t('devices.contact.never')}
      </Badge>
    );
  }
  const at = new Date(Date.now() - minutos * 60_000).toISOString();
  const idle = state === 'idle';
  return (
    <Tooltip label={t('devices.contact.minutes', { count: minutos, time: when.dateTime(at) })} withArrow>
      <Badge
        variant="light"
        color={idle ? 'red' : 'field'}
        size={size}
        tt="none"
        w="max-content"
        maw="none"
        leftSection={idle ? <IconPlugConnectedX size={14} /> : <IconPlugConnected size={14} />}
        data-testid="device-last-contact"
        data-state={state}
        data-minutes={minutos}
      >
        {when.ago(at)}
      </Badge>
    </Tooltip>
  );
}
