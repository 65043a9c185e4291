import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALARM_TITLES, type AlarmeRegras, type SetAlarmeRegrasBody } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { MessageArea } from '../../components/MessageArea';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { alarmKeys } from './api';
import { REMINDER_FIELD, RULE_FIELDS, resetBody, rulesBody, rulesRules, rulesValues, type ThresholdField } from './rulesForm';

interface Props {
  stored: AlarmeRegras;
  /** null: the account's rules; else that farm's own. */
  nucleoId: number | null;
  prop: number | undefined;
  canWrite: boolean;
  /** The reset button's words ("back to defaults" / "follow the account"); none when there is nothing to reset. */
  resetLabel: string | null;
  onSaved?: () => void;
}

/**
 * Every rule's switch and thresholds, with units, checked with setalarmeregras' schema. Saving
 * answers the whole rules set, which replaces the screen's copy. Inputs `field-regras-<rule>-<key>`;
 * buttons `rules-save`, `rules-reset`.
 */
export function RulesForm({ stored, nucleoId, prop, canWrite, resetLabel, onSaved }: Props) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const queryClient = useQueryClient();
  const state = useSchemaForm({ ...rulesRules(prop, nucleoId), initialValues: rulesValues(stored) });
  const { form } = state;
  const save = useMutation({
    mutationFn: (body: SetAlarmeRegrasBody) => call('setalarmeregras', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alarmKeys.rules(prop), saved);
      notifications.show({ color: 'field', message: t('feedback.done') });
      onSaved?.();
    },
    onError: state.showFailure,
  });
  const submit = state.onSubmit((values) => save.mutate(rulesBody(values, prop, nucleoId)));

  const numberInput = (path: string, field: ThresholdField, label: string) => (
    <NumberInput
      key={path}
      label={label}
      decimalScale={field.decimals}
      allowDecimal={field.decimals > 0}
      step={field.step}
      allowNegative={false}
      clampBehavior="none"
      decimalSeparator={n.decimalSeparator}
      thousandSeparator={n.thousandSeparator}
      readOnly={!canWrite}
      rightSection={<Text size="sm" c="dimmed">{t(`alarms.rules.units.${field.unit}`)}</Text>}
      rightSectionWidth={field.unit === 'fraction' ? 64 : 44}
      {...form.getInputProps(path)}
    />
  );

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {RULE_FIELDS.map(({ rule, fields }) => (
          <Paper key={rule} withBorder p="sm" radius="md" data-testid="rules-rule" data-rule={rule}>
            <Stack gap="xs">
              <Switch
                label={<Text fw={600} size="sm">{ALARM_TITLES[currentLanguage()][rule]}</Text>}
                description={t(`alarms.rules.descriptions.${rule}`)}
                disabled={!canWrite}
                {...form.getInputProps(`regras.${rule}.ativo`, { type: 'checkbox' })}
              />
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                {fields.map((field) => numberInput(`regras.${rule}.${field.key}`, field, t(`alarms.rules.fields.${rule}.${field.key}`)))}
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        <Paper withBorder p="sm" radius="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {numberInput('regras.lembrete_horas', REMINDER_FIELD, t('alarms.rules.fields.lembrete_horas'))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={4}>{t('alarms.rules.reminderHint')}</Text>
        </Paper>
        <MessageArea message={state.message} testId="rules-message" />
        {canWrite && (
          <Group justify="flex-end" gap="sm">
            {resetLabel && (
              <Button variant="default" leftSection={<IconRestore size={18} />} loading={save.isPending && save.variables?.regras === null} onClick={() => save.mutate(resetBody(prop, nucleoId))} data-testid="rules-reset">
                {resetLabel}
              </Button>
            )}
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending && save.variables?.regras !== null} data-testid="rules-save">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
