import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { Device } from '@portal/shared';
import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLiveDevice } from './liveDevices';

// The live section (socket, reading views) is its own chunk: the dashboard's first paint does not wait for it.
const LiveDevicesSection = lazy(() => import('./LiveDevicesSection'));

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconWifiOff size={20} />} data-testid="live-load-failed">
      <Group gap="sm" justify="space-between">
        <Text size="sm">{t('records.screenLoadFailed')}</Text>
        <Button variant="light" color="red" size="xs" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('records.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The section's code could not be fetched (weak signal, a new release): say so, keep the dashboard. */
class SectionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[dashboard] live section failed', error);
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/** The dashboard's live readings, when the account has live devices (nothing otherwise). */
export function LiveSection({ devices }: { devices: Device[] }) {
  const live = useMemo(() => devices.filter(isLiveDevice), [devices]);
  if (live.length === 0) return null;
  return (
    <SectionBoundary>
      <Suspense fallback={null}>
        <LiveDevicesSection devices={live} />
      </Suspense>
    </SectionBoundary>
  );
}
