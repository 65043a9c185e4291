import { ActionIcon, Badge, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigDesempenho } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { errorText } from '../../api/errorText';
import { MessageArea } from '../../components/MessageArea';
import { useConfigDesempenho, performanceKeys } from '../flocks/api';
import { causeLabel, isDefaultCause, TRANSLATED_CAUSES } from '../flocks/causes';
import { useOwner } from '../records/owner';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { addProblem, causeToAdd, moved, settingsBody, settingsRules, settingsValues } from './settingsForm';

/**
 * The flock-performance settings of the owner acted for: the causes of death the daily record
 * offers (in this order) and the corrected-FCR reference. Anyone with access reads them; the owner
 * and managers ('gestao') change them, others see them read-only (the server refuses them too).
 * Test ids `performance-*`.
 */
export function PerformanceSettingsCard() {
  const { t } = useTranslation();
  const owner = useOwner();
  const stored = useConfigDesempenho();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="performance-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4">
          {t('performanceSettings.title')}
        </Title>
        {!owner.canWrite && (
          <Badge variant="light" color="gray" leftSection={<IconLock size={12} />} data-testid="performance-read-only">
            {t('performanceSettings.readOnly')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('performanceSettings.description')}
      </Text>
      {stored.isPending && <Loader size="sm" />}
      <MessageArea message={stored.isError ? { tone: 'error', text: errorText(stored.error, t) } : null} testId="performance-load-message" />
      {/* Keyed by what the server kept (and whose it is): the form starts again from it. */}
      {stored.data && <SettingsForm key={JSON.stringify(stored.data)} stored={stored.data} prop={owner.prop} canWrite={owner.canWrite} />}
    </Paper>
  );
}

function SettingsForm({ stored, prop, canWrite }: { stored: ConfigDesempenho; prop: number | undefined; canWrite: boolean }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const queryClient = useQueryClient();
  const state = useSchemaForm({ ...settingsRules(prop), initialValues: settingsValues(stored) });
  const { form } = state;
  const save = useMutation({
    mutationFn: () => call('setconfigdesempenho', { body: settingsBody(form.getValues(), prop) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(performanceKeys.config(prop), saved);
      // Indicators use the reference: the flock pages and tiles ask again.
      void queryClient.invalidateQueries({ queryKey: performanceKeys.all, predicate: (query) => query.queryKey[1] !== 'config' });
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
    onError: state.showFailure,
  });
  const submit = state.onSubmit(() => save.mutate());
  const numberProps = { decimalSeparator: n.decimalSeparator, thousandSeparator: n.thousandSeparator, allowNegative: false, clampBehavior: 'none' as const, size: 'md' as const, readOnly: !canWrite };

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <CausesEditor causes={form.values.causas} onChange={(causas) => form.setFieldValue('causas', causas)} canWrite={canWrite} error={state.errorOf('causas')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('performanceSettings.reference')}
            description={t('performanceSettings.referenceHint')}
            allowDecimal={false}
            rightSection={<Text size="sm" c="dimmed">g</Text>}
            {...numberProps}
            {...form.getInputProps('peso_referencia_g')}
            data-testid="performance-reference"
          />
          <NumberInput
            label={t('performanceSettings.points')}
            description={t('performanceSettings.pointsHint')}
            decimalScale={3}
            step={0.005}
            {...numberProps}
            {...form.getInputProps('pontos_100g')}
            data-testid="performance-points"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('performanceSettings.formula')}
        </Text>
        <MessageArea message={state.message} testId="performance-message" />
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={20} />} loading={save.isPending} data-testid="performance-save">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

interface CausesEditorProps {
  causes: string[];
  onChange: (causes: string[]) => void;
  canWrite: boolean;
  error: string | undefined;
}

/** The causes in the order the daily record offers them: move up/down, remove, add (a default's name adds its code). */
function CausesEditor({ causes, onChange, canWrite, error }: CausesEditorProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const labels = useMemo(() => new Map(TRANSLATED_CAUSES.map((code) => [code, causeLabel(t, code)])), [t]);
  const add = () => {
    const cause = causeToAdd(typed, labels);
    const why = addProblem(cause, causes);
    setProblem(why);
    if (why) return;
    onChange([...causes, cause]);
    setTyped('');
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('performanceSettings.causes.title')}
      </Text>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="performance-causes">
        {causes.map((cause, index) => (
          <Group key={cause} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="performance-cause" data-code={cause}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" c="dimmed" w={22} ta="right">
                {index + 1}.
              </Text>
              <Text size="sm" truncate data-testid="performance-cause-label">
                {causeLabel(t, cause)}
              </Text>
              {!isDefaultCause(cause) && (
                <Badge size="xs" variant="light" color="gray" tt="none">
                  {t('performanceSettings.causes.custom')}
                </Badge>
              )}
            </Group>
            {canWrite && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => onChange(moved(causes, index, -1))} aria-label={t('performanceSettings.causes.up', { cause: causeLabel(t, cause) })}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" disabled={index === causes.length - 1} onClick={() => onChange(moved(causes, index, 1))} aria-label={t('performanceSettings.causes.down', { cause: causeLabel(t, cause) })}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" disabled={causes.length === 1} onClick={() => onChange(causes.filter((_, at) => at !== index))} aria-label={t('performanceSettings.causes.remove', { cause: causeLabel(t, cause) })} data-testid="performance-cause-remove">
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      {canWrite && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('performanceSettings.causes.new')}
            placeholder={t('performanceSettings.causes.new')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the cause instead of saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            error={problem ? t(`performanceSettings.causes.problems.${problem}`) : undefined}
            style={{ flex: 1 }}
            maw={360}
            data-testid="performance-cause-new"
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} data-testid="performance-cause-add">
            {t('performanceSettings.causes.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
