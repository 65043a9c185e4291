import { Badge, Button, Group, List, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Retencao } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { retentionApi } from '../../api/retention';
import { MessageArea } from '../../components/MessageArea';
import { useSchemaForm } from '../records/schemaForm';
import { retentionBody, retentionRules, retentionValues, yearsOf } from './retentionForm';

const RETENTION_QUERY_KEY = ['retencao'] as const;

/**
 * How long the account's device readings (silo scales, trough monitors, dosers, collectors) are
 * kept raw, and what the reports read after that: the account owner's own setting (the profile
 * is always the signed-in account's). Test ids `retention-*`.
 */
export function RetentionCard() {
  const { t } = useTranslation();
  const stored = useQuery({ queryKey: RETENTION_QUERY_KEY, queryFn: retentionApi.get });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="retention-card">
      <Title order={2} size="h4">{t('retention.title')}</Title>
      <Text c="dimmed" size="sm" mb="md">{t('retention.description')}</Text>
      {stored.isPending && <Loader size="sm" />}
      <MessageArea message={stored.isError ? { tone: 'error', text: errorText(stored.error, t) } : null} testId="retention-load-message" />
      {/* Keyed by the stored days: the form starts again from what the server kept. */}
      {stored.data && <RetentionForm key={stored.data.leituras_dias} stored={stored.data} />}
    </Paper>
  );
}

function RetentionForm({ stored }: { stored: Retencao }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useSchemaForm({ ...retentionRules, initialValues: retentionValues(stored) });
  const { form } = state;

  const save = useMutation({
    mutationFn: retentionApi.set,
    onSuccess: (saved) => {
      queryClient.setQueryData(RETENTION_QUERY_KEY, saved);
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
    onError: state.showFailure,
  });
  const submit = state.onSubmit((values) => save.mutate(retentionBody(values)));
  const years = yearsOf(stored.resumo_minutos_dias);
  // The list follows the input while it holds a valid number of days, else says what is stored.
  const typed = form.values.leituras_dias;
  const shownDays = typeof typed === 'number' && Number.isInteger(typed) && typed >= stored.minimo_dias && typed <= stored.maximo_dias ? typed : stored.leituras_dias;

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('retention.days')}
            description={t('retention.daysHint', { min: stored.minimo_dias, max: stored.maximo_dias, standard: stored.padrao_dias })}
            required
            min={stored.minimo_dias}
            max={stored.maximo_dias}
            // Out of range is said by the shared schema's message, not silently changed on blur.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            rightSection={<Text size="sm" c="dimmed">{t('retention.daysUnit')}</Text>}
            rightSectionWidth={52}
            size="md"
            maw={360}
            w="100%"
            {...form.getInputProps('leituras_dias')}
            data-testid="retention-days"
          />
          {stored.padrao && (
            <Badge variant="light" color="gray" mb={6} data-testid="retention-default">
              {t('retention.isDefault')}
            </Badge>
          )}
        </Group>
        <List size="sm" spacing={4} data-testid="retention-levels">
          <List.Item>{t('retention.levels.raw', { days: shownDays })}</List.Item>
          <List.Item>{t('retention.levels.minutes', { years })}</List.Item>
          <List.Item>{t('retention.levels.hours')}</List.Item>
          <List.Item>{t('retention.levels.weighings')}</List.Item>
        </List>
        <MessageArea message={state.message} testId="retention-message" />
        <Group justify="flex-end">
          <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={20} />} loading={save.isPending} data-testid="retention-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
