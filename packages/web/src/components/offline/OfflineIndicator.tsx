import { Badge, Box, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { discardPending, useOfflineQueue, useOnline, type PendingCall } from '../../offline';
import { useCurrentUser } from '../session/session';

function Entry({ entry }: { entry: PendingCall }) {
  const { t } = useTranslation();
  const failed = entry.state === 'failed';
  return (
    <Stack gap={2} data-testid="pending-entry" data-state={entry.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} lineClamp={1}>
          {entry.meta.label}
        </Text>
        <Badge size="sm" color={failed ? 'red' : 'yellow'} variant="light">
          {t(failed ? 'components.offline.failed' : 'components.offline.waiting')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {new Date(entry.createdAt).toLocaleString()}
      </Text>
      {failed && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="red">
            {entry.error?.message}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void discardPending(entry.uid)} data-testid="pending-discard">
            {t('components.offline.discard')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The header's offline state: a notice while the browser is offline, and the writes waiting on
 * this device ("3 pendentes"), listed on click, a refused one with its reason and a way to discard
 * it. Mounting it runs the queue for the signed-in user (useOfflineQueue). Test ids
 * `offline-notice`, `pending-count` (`data-count`).
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const entries = useOfflineQueue(user.id);
  const online = useOnline();
  const failed = entries.filter((entry) => entry.state === 'failed').length;
  return (
    <Group gap={6} wrap="nowrap">
      {!online && (
        <Tooltip label={t('components.offline.offlineHint')} withArrow>
          <Badge color="gray" variant="filled" leftSection={<IconWifiOff size={14} />} aria-label={t('components.offline.offline')} data-testid="offline-notice">
            {/* A phone's header has room for the icon only. */}
            <Box component="span" visibleFrom="sm">
              {t('components.offline.offline')}
            </Box>
          </Badge>
        </Tooltip>
      )}
      {entries.length > 0 && (
        <Popover width={300} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <Button
              variant="light"
              color={failed > 0 ? 'red' : 'yellow'}
              size="compact-sm"
              leftSection={<IconCloudUpload size={16} />}
              data-testid="pending-count"
              data-count={entries.length}
              aria-label={t('components.offline.pending', { count: entries.length })}
            >
              <Box component="span" visibleFrom="sm">
                {t('components.offline.pending', { count: entries.length })}
              </Box>
              <Box component="span" hiddenFrom="sm">
                {entries.length}
              </Box>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                {t('components.offline.explain')}
              </Text>
              {entries.map((entry) => (
                <Entry key={entry.uid} entry={entry} />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

