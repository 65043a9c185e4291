import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountDevices } from '../devices/useAccountDevices';

/**
 * The devices' warning count (spec section 4: 1440 minutes or more without contact) in the header,
 * leading to the devices list: the side menu's Devices badge can sit below the fold. Same count as
 * the menu's (useAccountDevices); nothing while every device is in contact. Test id
 * `header-devices-badge` (`data-count`).
 */
export function DeviceWarningsButton() {
  const { t } = useTranslation();
  const { warnings } = useAccountDevices();
  if (warnings === 0) return null;
  const text = t('menu.deviceWarnings', { count: warnings });
  return (
    <Tooltip label={text} withArrow>
      <Indicator label={warnings} size={18} color="red" offset={5} inline>
        <ActionIcon
          component={Link}
          to="/balancas"
          variant="light"
          color="red"
          size={40}
          radius="md"
          aria-label={text}
          data-testid="header-devices-badge"
          data-count={warnings}
        >
          <IconDevices size={22} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
