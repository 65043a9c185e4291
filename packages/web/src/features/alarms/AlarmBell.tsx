import { ActionIcon, Anchor, Divider, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { liveChannel } from '../../api/live';
import { useOwner } from '../records/owner';
import { ALARMS_PATH, alarmKeys, useBellAlarms } from './api';
import { bellAlarms, bellBadge, refreshesBell } from './bellCount';
import { SeverityBadge } from './SeverityBadge';
import { useAlarmText } from './useAlarmText';

/**
 * The header's bell: how many alarms of the owner acted for nobody acknowledged yet (getalarmes'
 * `abertos`), read again when the tab's live channel says that owner's alarms changed and every
 * minute anyway. A click opens the latest active alarms and a link to the alarms page.
 * Test ids: `header-alarm-bell` (`data-count`), `alarm-bell-list`, `alarm-bell-item`, `alarm-bell-all`.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const owner = useOwner();
  const ownerId = owner.owner?.id;
  const queryClient = useQueryClient();
  const alarms = useBellAlarms();
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  // Going anywhere (a link of the list, the menu) closes the list.
  useEffect(() => setOpened(false), [pathname]);
  // Escape closes it wherever the focus is (the dropdown's own handler only hears it inside).
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') setOpened(false);
  });

  useEffect(() => {
    liveChannel.open();
    return liveChannel.listen((message) => {
      if (refreshesBell(message, ownerId)) void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    });
  }, [ownerId, queryClient]);

  const abertos = alarms.data?.abertos ?? 0;
  const badge = bellBadge(abertos);
  const label = badge ? t('alarms.bell.open', { count: abertos }) : t('alarms.bell.none');
  const Icon = badge ? IconBellRinging : IconBell;

  return (
    <Popover opened={opened} onChange={setOpened} onDismiss={() => setOpened(false)} position="bottom-end" shadow="md" withinPortal width={360} styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}>
      <Popover.Target>
        <Indicator label={badge} disabled={!badge} size={18} color="red" offset={5} inline>
          <ActionIcon
            variant={badge ? 'light' : 'subtle'}
            color={badge ? 'red' : 'gray'}
            size={40}
            radius="md"
            aria-label={label}
            title={label}
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
            data-testid="header-alarm-bell"
            data-count={abertos}
          >
            <Icon size={22} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="alarm-bell-list">
        <BellList onNavigate={() => setOpened(false)} failed={alarms.isError && !alarms.data} loading={alarms.isPending} />
      </Popover.Dropdown>
    </Popover>
  );
}

function BellList({ onNavigate, failed, loading }: { onNavigate: () => void; failed: boolean; loading: boolean }) {
  const { t } = useTranslation();
  const text = useAlarmText();
  const navigate = useNavigate();
  const alarms = useBellAlarms();
  const latest = bellAlarms(alarms.data);
  const open = (id: number) => {
    onNavigate();
    void navigate(`${ALARMS_PATH}?id=${id}`);
  };
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        {t('alarms.bell.title')}
      </Text>
      {failed && <Text size="sm" c="red">{t('alarms.bell.failed')}</Text>}
      {!failed && !loading && latest.length === 0 && <Text size="sm" c="dimmed" data-testid="alarm-bell-empty">{t('alarms.bell.empty')}</Text>}
      {latest.map((alarm) => (
        <UnstyledButton key={alarm.id} onClick={() => open(alarm.id)} data-testid="alarm-bell-item" data-alarm-id={alarm.id} data-estado={alarm.estado}>
          <Stack gap={2}>
            <Group gap={6} wrap="wrap">
              <SeverityBadge severidade={alarm.severidade} size="xs" />
              <Text size="sm" fw={600}>{text.tipo(alarm)}</Text>
              {alarm.estado === 'reconhecido' && <Text size="xs" c="dimmed">· {text.estado(alarm)}</Text>}
            </Group>
            <Text size="sm" lh={1.3}>{text.message(alarm)}</Text>
            <Text size="xs" c="dimmed">
              {[alarm.nucleo_nome, alarm.alvo_nome, text.when.ago(alarm.aberto_em)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </UnstyledButton>
      ))}
      <Divider />
      <Anchor component={Link} to={ALARMS_PATH} size="sm" fw={600} onClick={onNavigate} data-testid="alarm-bell-all">
        {t('alarms.bell.all')}
      </Anchor>
    </Stack>
  );
}
