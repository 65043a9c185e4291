import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { Diario, Lote } from '@portal/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { MessageArea } from '../../components/MessageArea';
import { dateInputProps, maskedToIso } from '../records/dates';
import { SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { causesFor, dailyBody, dailyCheckBody, dailyCheckSchema, dailyMoreErrors, dailyValues, deathsTyped, type DailyValues } from './dailyForm';
import { causeLabel } from './causes';
import { useDeleteDaily, useSaveDaily } from './performanceWrites';

interface DailyFormProps {
  flock: Lote;
  /** The account's causes of death (getconfigdesempenho). */
  causes: readonly string[];
  /** The flock's stored days: choosing a house and date that has one edits it. */
  records: readonly Diario[];
  /** The day opened, or a new one (house and today's date given). */
  opened: { record?: Diario; aviario_id: string; data: string } | null;
  onClose: () => void;
}

/**
 * The daily house record (registerdiario) in a dialog, full screen on a phone with big inputs:
 * house, date, deaths per cause, culls, birds moved in and out, water, temperatures, notes. A day
 * already stored for that house is edited (the server keeps its history). Test ids: `daily-form`,
 * the inputs' `field-<path>`, `daily-save`, `daily-delete`, `daily-existing`, `daily-deaths-total`.
 */
export function DailyFormModal(props: DailyFormProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={props.opened !== null}
      onClose={props.onClose}
      fullScreen={phone}
      size="lg"
      title={<Title order={2} size="h4">{props.opened?.record ? t('flocks.daily.editTitle') : t('flocks.daily.newTitle')}</Title>}
    >
      {props.opened && <DailyForm key={props.opened.record?.id ?? 'new'} {...props} opened={props.opened} />}
    </Modal>
  );
}

function DailyForm({ flock, causes, records, opened, onClose }: DailyFormProps & { opened: NonNullable<DailyFormProps['opened']> }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const save = useSaveDaily();
  const remove = useDeleteDaily();
  const askConfirm = useConfirmDelete();
  const shownCauses = causesFor(causes, opened.record);
  const schemaForm = useSchemaForm<DailyValues>({
    schema: dailyCheckSchema,
    toBody: dailyCheckBody(flock.id),
    moreErrors: dailyMoreErrors,
    initialValues: dailyValues(shownCauses, opened.record, opened),
  });
  const { form } = schemaForm;
  const { aviario_id: house, data } = form.values;
  const iso = maskedToIso(data);
  const existing = records.find((record) => String(record.aviario_id) === house && record.data === iso);

  // Another house or day that is already stored: its values fill the form, and saving updates it.
  useEffect(() => {
    if (!existing || existing.id === opened.record?.id) return;
    const next = dailyValues(causesFor(causes, existing), existing, opened);
    form.setValues(next);
  }, [existing?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const houseName = (id: string) => flock.aviarios.find((aviario) => String(aviario.id) === id)?.nome ?? '';
  const onSubmit = schemaForm.onSubmit((values) => {
    const label = t('flocks.daily.queueLabel', { house: houseName(values.aviario_id), date: values.data });
    save.mutate(
      { body: dailyBody(flock.id, values, crypto.randomUUID()), label },
      {
        onSuccess: (outcome) => {
          notifications.show({ color: outcome.state === 'sent' ? 'field' : 'yellow', message: outcome.state === 'sent' ? t('feedback.done') : t('flocks.daily.queued') });
          onClose();
        },
        onError: (error) => schemaForm.showFailure(error),
      },
    );
  });

  const askDelete = () => {
    const record = existing ?? opened.record;
    if (!record) return;
    // The confirmation replaces this dialog (two dialogs would stack, one covering the other).
    onClose();
    askConfirm({
      itemName: t('flocks.daily.itemName', { house: record.aviario_nome, date: data }),
      onConfirm: () => remove.mutateAsync(record.id),
    });
  };

  const count = { size: 'md', min: 0, hideControls: true, allowDecimal: false, allowNegative: false, placeholder: '0', thousandSeparator: numbers.thousandSeparator, decimalSeparator: numbers.decimalSeparator, inputMode: 'numeric' } as const;
  const decimal = { size: 'md', hideControls: true, decimalScale: 1, thousandSeparator: numbers.thousandSeparator, decimalSeparator: numbers.decimalSeparator, inputMode: 'decimal' } as const;
  const houses = flock.aviarios.map((aviario) => ({ value: String(aviario.id), label: aviario.nome }));

  return (
    <form onSubmit={onSubmit} ref={schemaForm.ref} noValidate data-testid="daily-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select label={t('flocks.daily.house')} required size="md" data={houses} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('aviario_id')} />
          <DateInput size="md" required label={t('flocks.daily.date')} {...dateInputProps(form, 'data')} />
        </SimpleGrid>
        {existing && existing.id !== opened.record?.id && (
          <Alert color="blue" variant="light" data-testid="daily-existing">
            {t('flocks.daily.existing', { who: existing.updated_by })}
          </Alert>
        )}
        <div>
          <Text fw={600} mb={4}>
            {t('flocks.daily.deaths')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {form.values.mortalidade.map((entry, index) => (
              <NumberInput key={entry.causa} label={causeLabel(t, entry.causa)} {...count} {...form.getInputProps(`mortalidade.${index}.aves`)} />
            ))}
          </SimpleGrid>
          <Text size="sm" mt={6}>
            {t('flocks.daily.deathsTotal')}{' '}
            <Text span fw={700} data-testid="daily-deaths-total">
              {numbers.format(deathsTyped(form.values))}
            </Text>
          </Text>
        </div>
        <SimpleGrid cols={{ base: 3 }} spacing="sm">
          <NumberInput label={t('flocks.daily.culls')} {...count} {...form.getInputProps('eliminados')} />
          <NumberInput label={t('flocks.daily.movedIn')} {...count} {...form.getInputProps('entradas')} />
          <NumberInput label={t('flocks.daily.movedOut')} {...count} {...form.getInputProps('saidas')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput label={t('flocks.daily.water')} min={0} allowNegative={false} {...decimal} {...form.getInputProps('agua_l')} />
          <NumberInput label={t('flocks.daily.tempMin')} {...decimal} {...form.getInputProps('temp_min')} />
          <NumberInput label={t('flocks.daily.tempMax')} {...decimal} {...form.getInputProps('temp_max')} />
        </SimpleGrid>
        <Textarea label={t('flocks.daily.notes')} size="md" autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('obs')} />
        <MessageArea message={schemaForm.message} testId="record-message" />
        <Group justify={existing ? 'space-between' : 'flex-end'} gap="sm">
          {existing && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={askDelete} disabled={save.isPending} data-testid="daily-delete">
              {t('records.form.delete')}
            </Button>
          )}
          <SaveButton loading={save.isPending} disabled={remove.isPending} testId="daily-save" />
        </Group>
      </Stack>
    </form>
  );
}
