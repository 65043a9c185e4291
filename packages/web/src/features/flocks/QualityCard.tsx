import { Anchor, Badge, Button, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconDeviceFloppy, IconFilterCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFERENCIAS_QUALIDADE, type Lote, type Qualidade, type QualidadeConfig } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { errorText } from '../../api/errorText';
import { MessageArea } from '../../components/MessageArea';
import { useOwner } from '../records/owner';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { flockQualityPath, useQualidade } from './qualityApi';
import { qualityBody, qualityRules, qualityValues } from './qualityForm';
import { qualityTotals } from './qualityRows';

/**
 * The flock's weighing-quality card: the filter (off by default), its window and the link to the
 * day-by-day audit (lotes/:id/qualidade), with the whole flock's counts once known. Test ids
 * `quality-card`, `quality-state`, `quality-summary`, `quality-save`, `quality-message`,
 * `quality-open`, and the inputs' `field-<name>`.
 */
export function QualityCard({ flock }: { flock: Lote }) {
  const { t } = useTranslation();
  const owner = useOwner();
  const quality = useQualidade(flock.id);
  const config = quality.data?.config;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="quality-card">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Group gap="xs">
          <IconFilterCheck size={22} />
          <Title order={2} size="h4">
            {t('flocks.quality.title')}
          </Title>
        </Group>
        {config && (
          <Badge variant="light" color={config.ativo ? 'field' : 'gray'} data-testid="quality-state" data-on={config.ativo}>
            {config.ativo ? t('flocks.quality.on') : t('flocks.quality.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('flocks.quality.description')}
      </Text>
      {quality.isPending && <Loader size="sm" />}
      <MessageArea message={quality.isError && !quality.data ? { tone: 'error', text: errorText(quality.error, t) } : null} testId="quality-load-message" />
      {quality.data && <QualitySummary quality={quality.data} />}
      {/* Keyed by what the server kept (and whose it is): the form starts again from it. */}
      {config && <QualityForm key={JSON.stringify([config, owner.prop])} flock={flock} stored={config} prop={owner.prop} canWrite={owner.canWrite} />}
      <Anchor component={Link} to={flockQualityPath(flock)} mt="sm" display="inline-block" data-testid="quality-open">
        <Group gap={6} wrap="nowrap">
          {t('flocks.quality.open')}
          <IconArrowRight size={16} />
        </Group>
      </Anchor>
    </Paper>
  );
}

/** The whole flock's weighings, accepted and set aside by reason (what the filter leaves out while on). */
function QualitySummary({ quality }: { quality: Qualidade }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const totals = qualityTotals(quality.dias);
  if (totals.aves === 0) {
    return (
      <Text size="sm" mb="sm" data-testid="quality-summary">
        {t('flocks.quality.noWeighings')}
      </Text>
    );
  }
  return (
    <Text size="sm" mb="sm" data-testid="quality-summary">
      {t('flocks.quality.summary', {
        weighed: n.format(totals.aves),
        accepted: n.format(totals.aceitas),
        parcial: n.format(totals.parcial),
        dupla: n.format(totals.dupla),
        acima: n.format(totals.acima),
      })}
    </Text>
  );
}

function QualityForm({ flock, stored, prop, canWrite }: { flock: Lote; stored: QualidadeConfig; prop: number | undefined; canWrite: boolean }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const queryClient = useQueryClient();
  const state = useSchemaForm({ ...qualityRules(flock.id, prop), initialValues: qualityValues(stored) });
  const { form } = state;
  const save = useMutation({
    mutationFn: () => call('setqualidadeconfig', { body: qualityBody(form.getValues(), flock.id, prop) }),
    onSuccess: () => {
      // The filter changes what every weight figure of the flock counts (indicators, forecast,
      // reports, sex split): every answer on screen is asked again, not just this card's.
      void queryClient.invalidateQueries();
      notifications.show({ color: 'field', message: t('feedback.done') });
    },
    onError: state.showFailure,
  });
  const submit = state.onSubmit(() => save.mutate());
  const percent = { rightSection: <Text size="sm" c="dimmed">%</Text>, allowDecimal: false } as const;
  const numberProps = { decimalSeparator: n.decimalSeparator, thousandSeparator: n.thousandSeparator, allowNegative: false, clampBehavior: 'none' as const, size: 'md' as const, readOnly: !canWrite };
  const references = REFERENCIAS_QUALIDADE.map((value) => ({ value, label: t(`flocks.quality.references.${value}`) }));

  return (
    <form ref={state.ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Switch label={t('flocks.quality.filter')} disabled={!canWrite} {...form.getInputProps('ativo', { type: 'checkbox' })} />
        {/* Inputs line up at the bottom when a label wraps on a phone. */}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
          <NumberInput label={t('flocks.quality.below')} {...percent} {...numberProps} {...form.getInputProps('abaixo_pct')} />
          <NumberInput label={t('flocks.quality.above')} {...percent} {...numberProps} {...form.getInputProps('acima_pct')} />
          <NumberInput label={t('flocks.quality.doubles')} {...percent} {...numberProps} {...form.getInputProps('dupla_tolerancia_pct')} />
          <NumberInput label={t('flocks.quality.target')} allowDecimal={false} hideControls {...numberProps} {...form.getInputProps('pesagens_dia_meta')} />
        </SimpleGrid>
        <Select label={t('flocks.quality.reference')} data={references} allowDeselect={false} readOnly={!canWrite} w={{ base: '100%', sm: 360 }} {...form.getInputProps('referencia')} />
        <Text size="xs" c="dimmed">
          {t('flocks.quality.rules')}
        </Text>
        <MessageArea message={state.message} testId="quality-message" />
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} data-testid="quality-save">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
