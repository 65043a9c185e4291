import { Alert, Button, Stack } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../PageFrame';
import type { ScreenRoute } from './ScreenFrame';
import { useScreenHeading } from './useScreenHeading';

/**
 * A screen's code is fetched when it is first opened; on a weak phone signal, or after a new
 * release replaced the files, that fetch can fail. Instead of a blank page the user gets the
 * screen's title and a reload button (a reload also picks up a new release).
 */
export class ScreenLoadBoundary extends Component<{ route: ScreenRoute; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[screens] ${this.props.route.path} failed`, error);
  }

  override render() {
    return this.state.failed ? <ScreenLoadFailed route={this.props.route} /> : this.props.children;
  }
}

function ScreenLoadFailed({ route }: { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { title, crumbs, backTo } = useScreenHeading(route);
  return (
    <PageFrame title={title} crumbs={crumbs} backTo={backTo}>
      <Alert color="red" variant="light" icon={<IconWifiOff size={20} />} data-testid="screen-load-failed">
        <Stack gap="sm" align="flex-start">
          {t('records.screenLoadFailed')}
          <Button variant="light" color="red" leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('records.reload')}
          </Button>
        </Stack>
      </Alert>
    </PageFrame>
  );
}
