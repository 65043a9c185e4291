import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconCircleX } from '@tabler/icons-react';
import type { Alarme, AlarmeEstado } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlarmAction } from './AlarmActionModal';
import { alarmTargetPath } from './alarmTarget';
import { SeverityBadge } from './SeverityBadge';
import { useAlarmText } from './useAlarmText';

const ESTADO_COLOR: Record<AlarmeEstado, string> = { aberto: 'red', reconhecido: 'blue', encerrado: 'gray' };

interface ListProps {
  alarms: Alarme[];
  /** Cards (a phone) instead of the table. */
  cards: boolean;
  /** The alarm the bell led to, shown highlighted. */
  highlighted: number | null;
  onAction: (alarm: Alarme, action: AlarmAction) => void;
}

/**
 * The alarms newest first: a table on wide screens, cards on a phone. Any grant reaching the farm
 * may acknowledge and clear (an operational act, like a daily record), so read-only users act too. Each row
 * `alarm-row` (`data-alarm-id`, `data-estado`).
 */
export function AlarmList({ alarms, cards, highlighted, onAction }: ListProps) {
  const { t } = useTranslation();
  if (cards) {
    return (
      <Stack gap="sm" data-testid="alarm-list" data-layout="cards">
        {alarms.map((alarm) => (
          <Card key={alarm.id} withBorder radius="md" padding="sm" {...rowAttributes(alarm, highlighted)}>
            <Stack gap={6}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="wrap">
                  <SeverityBadge severidade={alarm.severidade} />
                  <EstadoBadge estado={alarm.estado} />
                </Group>
              </Group>
              <AlarmSummary alarm={alarm} />
              <AlarmHistory alarm={alarm} />
              <AlarmActions alarm={alarm} onAction={onAction} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="alarm-list" data-layout="table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>{t('alarms.columns.severidade')}</Table.Th>
            <Table.Th>{t('alarms.columns.alarme')}</Table.Th>
            <Table.Th w={260}>{t('alarms.columns.historico')}</Table.Th>
            <Table.Th w={150}>{t('alarms.columns.acoes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarms.map((alarm) => (
            <Table.Tr key={alarm.id} {...rowAttributes(alarm, highlighted)}>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <SeverityBadge severidade={alarm.severidade} />
                  <EstadoBadge estado={alarm.estado} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <AlarmSummary alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <AlarmHistory alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <AlarmActions alarm={alarm} onAction={onAction} vertical />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const rowAttributes = (alarm: Alarme, highlighted: number | null) => ({
  'data-testid': 'alarm-row',
  'data-alarm-id': alarm.id,
  'data-estado': alarm.estado,
  'data-tipo': alarm.tipo,
  bg: alarm.id === highlighted ? 'var(--mantine-color-yellow-0)' : undefined,
});

function EstadoBadge({ estado }: { estado: AlarmeEstado }) {
  const { t } = useTranslation();
  return (
    <Badge color={ESTADO_COLOR[estado]} variant="outline" size="sm" data-testid="alarm-estado">
      {t(`alarms.estados.${estado}`)}
    </Badge>
  );
}

/** What, where (a link when the target has a settings screen: alarmTarget.ts) and the sentence. */
function AlarmSummary({ alarm }: { alarm: Alarme }) {
  const text = useAlarmText();
  const where = [alarm.nucleo_nome, alarm.alvo_nome].filter(Boolean).join(' · ');
  const targetPath = alarmTargetPath(alarm);
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm" data-testid="alarm-tipo">{text.tipo(alarm)}</Text>
      <Text size="sm" data-testid="alarm-message">{text.message(alarm)}</Text>
      {targetPath ? (
        <Anchor component={Link} to={targetPath} size="xs" data-testid="alarm-target">
          {where}
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed" data-testid="alarm-target">
          {where}
        </Text>
      )}
    </Stack>
  );
}

/** Raised, acknowledged (by whom, when, the note), cleared (when, by whom or by itself), reminders sent. */
function AlarmHistory({ alarm }: { alarm: Alarme }) {
  const { t } = useTranslation();
  const { when } = useAlarmText();
  return (
    <Stack gap={2} data-testid="alarm-history">
      <Text size="xs">{t('alarms.history.raised', { when: when.dateTime(alarm.aberto_em) })}</Text>
      {alarm.reconhecido_em && (
        <Text size="xs" data-testid="alarm-history-ack">
          {t('alarms.history.acknowledged', { when: when.dateTime(alarm.reconhecido_em), who: alarm.reconhecido_por ?? '—' })}
        </Text>
      )}
      {alarm.obs && (
        <Text size="xs" c="dimmed" fs="italic" data-testid="alarm-history-note">
          “{alarm.obs}”
        </Text>
      )}
      {alarm.encerrado_em && (
        <Text size="xs" data-testid="alarm-history-cleared">
          {alarm.encerrado_por
            ? t('alarms.history.clearedBy', { when: when.dateTime(alarm.encerrado_em), who: alarm.encerrado_por })
            : t('alarms.history.clearedItself', { when: when.dateTime(alarm.encerrado_em) })}
        </Text>
      )}
      {alarm.lembretes > 0 && <Text size="xs" c="dimmed">{t('alarms.history.reminders', { count: alarm.lembretes })}</Text>}
    </Stack>
  );
}

function AlarmActions({ alarm, onAction, vertical = false }: { alarm: Alarme; onAction: ListProps['onAction']; vertical?: boolean }) {
  const { t } = useTranslation();
  if (alarm.estado === 'encerrado') return null;
  const Wrap = vertical ? Stack : Group;
  return (
    <Wrap gap="xs">
      {alarm.estado === 'aberto' && (
        <Button size="xs" color="field" leftSection={<IconCheck size={14} />} onClick={() => onAction(alarm, 'ack')} data-testid="alarm-ack">
          {t('alarms.actions.ack')}
        </Button>
      )}
      <Button size="xs" variant="default" leftSection={<IconCircleX size={14} />} onClick={() => onAction(alarm, 'clear')} data-testid="alarm-clear">
        {t('alarms.actions.clear')}
      </Button>
    </Wrap>
  );
}
