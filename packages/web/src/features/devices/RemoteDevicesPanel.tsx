import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { deviceIcon, deviceLabel, type RemoteDevice } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { DeviceName } from './DeviceName';
import { warningsFirst } from '../../components/devices/deviceStatus';
import { LastContact } from '../../components/devices/LastContact';
import { remotePath, useRemoteList } from './remoteApi';

const place = (device: RemoteDevice) => [device.nucleo_nome, device.aviario_nome].filter(Boolean).join(' / ');

/**
 * 'Remote monitoring' on the devices list: the live devices (getremotelist, graders first) with
 * their online status, those with a warning (a day or more without contact) first, each leading to its remote view. Hidden while loading and when the
 * account has no live device. Test ids: `remote-panel`, `remote-item` (data-id),
 * `device-last-contact` (LastContact's: red from a day idle), `remote-open`.
 */
export function RemoteDevicesPanel() {
  const { t } = useTranslation();
  const list = useRemoteList();
  if (list.isError && !list.data) {
    return (
      <Alert color="red" variant="light" title={t('devices.remoteList.title')} data-testid="remote-panel-error">
        {errorText(list.error, t)}
      </Alert>
    );
  }
  // Devices with a warning lead (the longest idle first); the rest keep the server's order.
  const devices = warningsFirst(list.data ?? []);
  if (devices.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="remote-panel">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBroadcast size={20} />
          <Title order={2} size="h5">
            {t('devices.remoteList.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('devices.remoteList.hint')}
        </Text>
        {/* Two columns from tablet width, so a farm's devices do not push the list far down. */}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="xs">
          {devices.map((device) => (
            <Group
              key={device.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              p={8}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
              data-testid="remote-item"
              data-id={device.id}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <DeviceIcon icone={deviceIcon(device.modelo)} modelo={device.modelo} size={32} />
                <Stack gap={2} miw={0}>
                  <Text fw={600} size="sm" component="div">
                    <DeviceName name={deviceLabel(device)} />
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[`${device.modelo} ${device.serie}`, place(device)].filter(Boolean).join(' · ')}
                  </Text>
                  <LastContact minutos={device.minutos} size="sm" />
                </Stack>
              </Group>
              <Button component={Link} to={remotePath(device.id)} variant="light" size="xs" style={{ flexShrink: 0 }} data-testid="remote-open">
                {t('devices.remoteList.open')}
              </Button>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
