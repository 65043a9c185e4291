import { ActionIcon, Alert, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { MODEL_MESSAGES, SERIE_DEVICE_MESSAGE, SERIE_FONTES, type DeviceModel, type SerieFonte } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../devices/api';
import { loteApi } from '../flocks/api';
import { RecordSection } from '../records/RecordFormPage';
import { errorLabel } from '../records/schemaForm';
import { useRecordList } from '../records/recordApi';
import { siloApi } from '../silos/api';
import { padraoApi } from '../standards/api';
import { SOURCE_RECORD } from './api';
import { MAX_SERIES, newSeries, type ChartValues } from './chartForm';

type RecordField = (typeof SOURCE_RECORD)[SerieFonte];

/**
 * The series (linhas) of a chart: a title, what it plots (SERIE_FONTES) and the flock, standard,
 * silo or device it reads, chosen among the owner's (devices: those that send that reading). A
 * standard may name a flock whose age places it (else the chart's first flock). At most 10.
 * Test ids: `series-add`, `series-row`, `series-remove`, `series-error`, the inputs'
 * `field-linhas-<i>-tit`, `field-linhas-<i>-fonte` and `field-linhas-<i>-<lote_id|padrao_id|silo_id|device_id>`.
 */
export function SeriesEditor({ form, disabled }: { form: UseFormReturnType<ChartValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const flocks = useRecordList(loteApi);
  const standards = useRecordList(padraoApi);
  const silos = useRecordList(siloApi);
  const devices = useRecordList(deviceApi);
  const rows = form.values.linhas;

  const options: Record<RecordField, { value: string; label: string }[]> = {
    lote_id: (flocks.data ?? []).map((flock) => ({ value: String(flock.id), label: `${flock.codigo} · ${flock.nucleo_nome}` })),
    padrao_id: (standards.data ?? []).map((standard) => ({ value: String(standard.id), label: standard.nome })),
    silo_id: (silos.data ?? []).map((silo) => ({ value: String(silo.id), label: `${silo.nome} · ${silo.nucleo_nome}` })),
    device_id: (devices.data ?? []).map((device) => ({ value: String(device.id), label: `${device.nome || device.serie} · ${device.modelo}` })),
  };
  // A device series lists only the devices that send its reading.
  const optionsFor = (fonte: SerieFonte, field: RecordField) => {
    const message = SERIE_DEVICE_MESSAGE[fonte as keyof typeof SERIE_DEVICE_MESSAGE];
    if (field !== 'device_id' || !message) return options[field];
    const fitting = new Set((devices.data ?? []).filter((device) => MODEL_MESSAGES[device.modelo as DeviceModel]?.includes(message)).map((device) => String(device.id)));
    return options.device_id.filter((option) => fitting.has(option.value));
  };
  const pending: Record<RecordField, boolean> = { lote_id: flocks.isPending, padrao_id: standards.isPending, silo_id: silos.isPending, device_id: devices.isPending };
  const sourceOptions = SERIE_FONTES.map((fonte) => ({ value: fonte, label: t(`charts.fonte.${fonte}`) }));

  // A series left without a title is named after what it plots: 'Average weight · Flock 12'.
  const chooseRecord = (index: number, field: RecordField, value: string | null) => {
    form.setFieldValue(`linhas.${index}.${field}`, value ?? '');
    const row = form.getValues().linhas[index];
    const label = options[field].find((option) => option.value === value)?.label;
    if (row && label && row.tit.trim() === '') {
      form.setFieldValue(`linhas.${index}.tit`, `${t(`charts.fonte.${row.fonte}`)} · ${label.split(' · ')[0]}`.slice(0, 60));
    }
  };

  const listError = form.errors.linhas;

  return (
    <RecordSection
      title={t('charts.series.title')}
      description={t('charts.series.hint')}
      actions={
        disabled ? null : (
          <Button
            variant="light"
            leftSection={<IconPlus size={18} />}
            onClick={() => form.insertListItem('linhas', newSeries())}
            disabled={rows.length >= MAX_SERIES}
            data-testid="series-add"
          >
            {t('charts.series.add')}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {listError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="series-error">
            {errorLabel(listError)}
          </Alert>
        )}
        {rows.length === 0 && (
          <Text c="dimmed" data-testid="series-empty">
            {t('charts.series.empty')}
          </Text>
        )}
        {rows.map((row, index) => {
          const field = SOURCE_RECORD[row.fonte];
          const choices = optionsFor(row.fonte, field);
          const sourceProps = form.getInputProps(`linhas.${index}.fonte`);
          const recordProps = form.getInputProps(`linhas.${index}.${field}`);
          return (
            <Paper key={row.key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="series-row">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text fw={600} size="sm" c="dimmed">
                  {t('charts.series.number', { number: index + 1 })}
                </Text>
                {!disabled && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => form.removeListItem('linhas', index)}
                    aria-label={t('charts.series.remove', { number: index + 1 })}
                    data-testid="series-remove"
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" verticalSpacing="xs">
                <TextInput label={t('charts.series.name')} required maxLength={60} autoComplete="off" {...form.getInputProps(`linhas.${index}.tit`)} />
                <Select
                  label={t('charts.series.source')}
                  required
                  data={sourceOptions}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...sourceProps}
                  onChange={(value) => value && form.setFieldValue(`linhas.${index}.fonte`, value as SerieFonte)}
                />
                <Box>
                  <Select
                    key={field}
                    label={t(`charts.series.record.${field}`)}
                    required
                    searchable
                    data={choices}
                    placeholder={pending[field] ? t('charts.series.loading') : t(`charts.series.choose.${field}`)}
                    nothingFoundMessage={t(`charts.series.none.${field}`)}
                    comboboxProps={{ withinPortal: true }}
                    {...recordProps}
                    value={row[field] || null}
                    onChange={(value) => chooseRecord(index, field, value)}
                  />
                  {!pending[field] && choices.length === 0 && (
                    <Text size="xs" c="orange.8" mt={4} data-testid="series-no-records">
                      {t(`charts.series.none.${field}`)}
                    </Text>
                  )}
                </Box>
                {row.fonte === 'padrao' && (
                  <Select
                    label={t('charts.series.ageFlock')}
                    description={t('charts.series.ageFlockHint')}
                    searchable
                    clearable
                    data={options.lote_id}
                    placeholder={t('charts.series.choose.lote_id')}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`linhas.${index}.lote_id`)}
                    value={row.lote_id || null}
                    onChange={(value) => form.setFieldValue(`linhas.${index}.lote_id`, value ?? '')}
                  />
                )}
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    </RecordSection>
  );
}
