import { Anchor, Badge, Card, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { deviceKey, deviceLabel, type Device } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { minutesOf, type DeviceStatusMap } from '../../components/devices/deviceStatus';
import { LastContact } from '../../components/devices/LastContact';
import { useAccountDevices } from '../../components/devices/useAccountDevices';
import { LiveReadingView, LiveStatusIndicator, UpdatedAt } from './LiveReadingView';
import { useLiveReadings, type DeviceLive } from './useLiveReadings';

type View = 'cards' | 'list';
/** The view chosen last, kept on this browser. */
const VIEW_STORAGE_KEY = 'portal.liveView';

function DeviceTitle({ device }: { device: Device }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <DeviceIcon icone={device.icone} modelo={device.modelo} size={32} />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/balancas/${device.id}`} fw={700} truncate="end" title={deviceLabel(device)} data-testid="live-device-link">
          {deviceLabel(device)}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {device.modelo} · {device.serie}
        </Text>
      </Stack>
    </Group>
  );
}

/** Before any reading: how long the device has been silent (red after a day, or 'never connected'). */
function Silence({ device, live, status }: { device: Device; live: DeviceLive | undefined; status: DeviceStatusMap | undefined }) {
  if (live?.reading || live?.image) return null;
  return <LastContact minutos={minutesOf(device, status)} size="sm" />;
}

function LiveCard({ device, live, status }: { device: Device; live: DeviceLive | undefined; status: DeviceStatusMap | undefined }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="live-device" data-key={deviceKey(device)}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <DeviceTitle device={device} />
          <LiveStatusIndicator />
        </Group>
        <div style={{ flex: 1 }}>
          <LiveReadingView deviceId={device.id} live={live} />
        </div>
        <Silence device={device} live={live} status={status} />
        <UpdatedAt em={live?.reading?.em ?? live?.image?.em} />
      </Stack>
    </Card>
  );
}

function LiveRow({ device, live, status }: { device: Device; live: DeviceLive | undefined; status: DeviceStatusMap | undefined }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="live-device" data-key={deviceKey(device)}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <LiveStatusIndicator />
          <DeviceTitle device={device} />
        </Group>
        <div style={{ flex: '3 1 260px' }}>
          <LiveReadingView deviceId={device.id} live={live} compact />
        </div>
        <Silence device={device} live={live} status={status} />
        <UpdatedAt em={live?.reading?.em ?? live?.image?.em} />
      </Group>
    </Paper>
  );
}

/**
 * The dashboard's live readings (spec section 1): the account's live devices as cards or as a
 * list (the choice is remembered), each with its last reading, when it arrived and the socket's
 * state. Loaded lazily: the first screen does not carry it. Test ids `live-section`,
 * `live-view-toggle`, `live-device` (data-key), plus LiveReadingView's.
 */
export default function LiveDevicesSection({ devices }: { devices: Device[] }) {
  const { t } = useTranslation();
  const [view, setView] = useLocalStorage<View>({ key: VIEW_STORAGE_KEY, defaultValue: 'cards', getInitialValueInEffect: false });
  const { liveOf } = useLiveReadings(devices);
  // The menu's devupdt query (same key): minutes since last contact, every 60 s.
  const { status } = useAccountDevices();

  return (
    <Stack gap="sm" data-testid="live-section" data-view={view}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h4">
            {t('live.title')}
          </Title>
          <Badge variant="light" color="gray" tt="none" size="md">
            {t('live.deviceCount', { count: devices.length })}
          </Badge>
          <LiveStatusIndicator withText />
        </Group>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value === 'list' ? 'list' : 'cards')}
          size="sm"
          data={[
            {
              value: 'cards',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconLayoutGrid size={16} />
                  <span>{t('live.view.cards')}</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} />
                  <span>{t('live.view.list')}</span>
                </Group>
              ),
            },
          ]}
          data-testid="live-view-toggle"
        />
      </Group>
      {view === 'cards' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
          {devices.map((device) => (
            <LiveCard key={device.id} device={device} live={liveOf(device)} status={status} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="xs">
          {devices.map((device) => (
            <LiveRow key={device.id} device={device} live={liveOf(device)} status={status} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
