import { Badge, Button, Flex, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@portal/shared';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { describeUserAgent } from './userAgent';


/** One signed-in device: what it is, from where, since when, and a way to end it. */
export function SessionRow({ session, name, onEnd }: { session: Session; name: string; onEnd: () => void }) {
  const { t } = useTranslation();
  const clock = useAccountClock();
  const formatWhen = (iso: string) => clock.labelled(clock.longDateTime(iso)) || iso;
  const DeviceIcon = describeUserAgent(session.user_agent).mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper withBorder p="md" radius="md" data-testid="session-row" data-current={session.current ? 'true' : 'false'}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="sm"
      >
        <Group gap="md" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon variant="light" size={42} radius="md" style={{ flexShrink: 0 }}>
            <DeviceIcon size={24} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} title={session.user_agent}>
                {name}
              </Text>
              {session.current && (
                <Badge variant="light" data-testid="session-current">
                  {t('sessions.thisSession')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('sessions.ip', { ip: session.ip || '—' })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sessions.created', { when: formatWhen(session.created_at) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sessions.lastUsed', { when: formatWhen(session.last_used_at) })}
            </Text>
          </Stack>
        </Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} />}
          onClick={onEnd}
          style={{ flexShrink: 0 }}
          data-testid="session-end"
        >
          {t('sessions.end')}
        </Button>
      </Flex>
    </Paper>
  );
}
