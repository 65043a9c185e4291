import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { alarmeAcaoBody, type Alarme, type AlarmeAcaoBody } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { MessageArea } from '../../components/MessageArea';
import { useSchemaForm } from '../records/schemaForm';
import type { SchemaRules } from '../records/schemaErrors';
import { useAlarmAction } from './api';
import { SeverityBadge } from './SeverityBadge';
import { useAlarmText } from './useAlarmText';

export type AlarmAction = 'ack' | 'clear';

interface NoteValues {
  obs: string;
}

/** ackalarme / clearalarme's body: the alarm, the owner acted for and the note as typed (trimmed by the schema). */
export const actionRules = (alarm: Pick<Alarme, 'id'>, prop: number | undefined): SchemaRules<NoteValues> => ({
  schema: alarmeAcaoBody,
  toBody: (values): AlarmeAcaoBody => ({ ...(prop === undefined ? {} : { prop }), id: alarm.id, obs: values.obs }),
});

interface Props {
  alarm: Alarme;
  action: AlarmAction;
  prop: number | undefined;
  onClose: () => void;
}

/**
 * Acknowledging (someone is on it: reminders stop) or clearing by hand (it is over), each with an
 * optional note kept in the alarm's history. Test ids `alarm-action-modal`, `alarm-action-note`,
 * `alarm-action-confirm`.
 */
export function AlarmActionModal({ alarm, action, prop, onClose }: Props) {
  const { t } = useTranslation();
  const text = useAlarmText();
  const rules = actionRules(alarm, prop);
  const state = useSchemaForm<NoteValues>({ ...rules, initialValues: { obs: '' }, serverMessage: true });
  const save = useAlarmAction(action === 'ack' ? 'ackalarme' : 'clearalarme');
  const submit = state.onSubmit((values) =>
    save.mutate(rules.toBody(values) as AlarmeAcaoBody, {
      onSuccess: () => {
        notifications.show({ color: 'field', message: t(action === 'ack' ? 'alarms.actions.acknowledged' : 'alarms.actions.cleared') });
        onClose();
      },
      onError: state.showFailure,
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t(action === 'ack' ? 'alarms.actions.ackTitle' : 'alarms.actions.clearTitle')} centered data-testid="alarm-action-modal">
      <form ref={state.ref} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap={6}>
            <SeverityBadge severidade={alarm.severidade} />
            <Text fw={600} size="sm">{text.tipo(alarm)}</Text>
          </Group>
          <Text size="sm">{text.message(alarm)}</Text>
          <Text size="sm" c="dimmed">{t(action === 'ack' ? 'alarms.actions.ackHint' : 'alarms.actions.clearHint')}</Text>
          <Textarea label={t('alarms.actions.note')} autosize minRows={2} maxRows={6} maxLength={500} {...state.form.getInputProps('obs')} data-testid="alarm-action-note" />
          <MessageArea message={state.message} testId="alarm-action-message" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('alarms.cancel')}
            </Button>
            <Button type="submit" color={action === 'ack' ? 'field' : 'gray'} loading={save.isPending} data-testid="alarm-action-confirm">
              {t(action === 'ack' ? 'alarms.actions.ack' : 'alarms.actions.clear')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
