import { Badge, Button, Checkbox, Divider, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALARME_SEVERIDADES, type AlarmePreferencias } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { errorText } from '../../api/errorText';
import { MessageArea } from '../../components/MessageArea';
import { useFarmOptions } from '../records/links';
import { useOwner } from '../records/owner';
import { useSchemaForm } from '../records/schemaForm';
import { alarmKeys, useAlarmPreferences } from './api';
import { preferencesBody, preferencesRules, preferencesValues } from './preferencesForm';
import { PushDeviceButton } from './PushDeviceButton';

/**
 * Which alarms of the owner acted for reach the signed-in user outside the portal: e-mail, push,
 * severities, farms, quiet hours (critical alarms pass them) and the morning digest's time; and
 * push on this device. Test ids `alarm-preferences-card`, `field-*`, `alarm-preferences-save`.
 */
export function AlarmPreferencesCard() {
  const { t } = useTranslation();
  const owner = useOwner();
  const stored = useAlarmPreferences();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="alarm-preferences-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4">{t('alarms.preferences.title')}</Title>
        {stored.data?.padrao && <Badge variant="light" color="gray" data-testid="alarm-preferences-default">{t('alarms.preferences.isDefault')}</Badge>}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {owner.isOther && owner.owner ? t('alarms.preferences.descriptionOther', { owner: owner.owner.nome }) : t('alarms.preferences.description')}
      </Text>
      {stored.isPending && <Loader size="sm" />}
      <MessageArea message={stored.isError ? { tone: 'error', text: errorText(stored.error, t) } : null} testId="alarm-preferences-load-message" />
      {stored.data && <PreferencesForm key={JSON.stringify(stored.data)} stored={stored.data} prop={owner.prop} />}
      <Divider my="md" />
      <PushDeviceButton />
    </Paper>
  );
}

function PreferencesForm({ stored, prop }: { stored: AlarmePreferencias; prop: number | undefined }) {
  const { t } = useTranslation();
  const farms = useFarmOptions();
  const queryClient = useQueryClient();
  const state = useSchemaForm({ ...preferencesRules(prop), initialValues: preferencesValues(stored) });
  const { form } = state;
  const save = useMutation({
    mutationFn: () => call('setalarmepreferencias', { body: preferencesBody(form.getValues(), prop) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alarmKeys.preferences(prop), saved);
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
    onError: state.showFailure,
  });
  const submit = state.onSubmit(() => save.mutate());
  const time = (path: 'silencio_inicio' | 'silencio_fim' | 'resumo_hora') => <TextInput type="time" label={t(`alarms.preferences.${path}`)} {...form.getInputProps(path)} />;

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xl">
          <Switch label={t('alarms.preferences.email')} {...form.getInputProps('email', { type: 'checkbox' })} />
          <Switch label={t('alarms.preferences.push.channel')} {...form.getInputProps('push', { type: 'checkbox' })} />
        </Group>
        <Checkbox.Group label={t('alarms.preferences.severidades')} {...form.getInputProps('severidades')}>
          <Group gap="md" mt={6}>
            {ALARME_SEVERIDADES.map((severidade) => (
              <Checkbox key={severidade} value={severidade} label={t(`alarms.severidades.${severidade}`)} data-testid={`alarm-preferences-severity-${severidade}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap="xs">
          <Switch label={t('alarms.preferences.allFarms')} {...form.getInputProps('todos', { type: 'checkbox' })} />
          {!form.values.todos && (
            <MultiSelect label={t('alarms.preferences.farms')} data={farms.options} searchable clearable {...form.getInputProps('nucleos')} />
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {time('silencio_inicio')}
          {time('silencio_fim')}
          {time('resumo_hora')}
        </SimpleGrid>
        <Text size="xs" c="dimmed">{t('alarms.preferences.quietHint')}</Text>
        <MessageArea message={state.message} testId="alarm-preferences-message" />
        <Group justify="flex-end">
          <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={20} />} loading={save.isPending} data-testid="alarm-preferences-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
