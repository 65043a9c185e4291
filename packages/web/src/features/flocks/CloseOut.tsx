import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Lote } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/errorText';
import { DateInput } from '../../components/DateInput';
import { MessageArea, type Message } from '../../components/MessageArea';
import { dateInputProps } from '../records/dates';
import { useSaveRecord } from '../records/recordApi';
import { SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { flockCloseOutPath, loteApi, performanceKeys } from './api';
import { closeOutBody, closeOutSchema, closeOutValues, type CloseOutValues } from './closeOutForm';
import { flockBody, flockValues } from './flockForm';
import { useCloseOut } from './performanceWrites';

/**
 * "Fechar lote": the closing day and what went to the slaughterhouse (birds, kg, and the feed by
 * the integrator's accounts when known) through registerfechamento; then the close-out report
 * opens. Test ids: `closeout-form`, the inputs' `field-<name>`, `closeout-save`.
 */
export function CloseOutModal({ flock, opened, onClose, today }: { flock: Lote; opened: boolean; onClose: () => void; today: string }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} fullScreen={phone} size="lg" title={<Title order={2} size="h4">{t('flocks.closeOut.title')}</Title>}>
      {opened && <CloseOutForm flock={flock} today={today} />}
    </Modal>
  );
}

function CloseOutForm({ flock, today }: { flock: Lote; today: string }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const navigate = useNavigate();
  const save = useCloseOut();
  const schemaForm = useSchemaForm<CloseOutValues>({ schema: closeOutSchema, toBody: closeOutBody(flock.id), initialValues: closeOutValues(flock, today) });
  const { form } = schemaForm;
  const onSubmit = schemaForm.onSubmit((values) =>
    save.mutate(closeOutBody(flock.id)(values), {
      onSuccess: () => {
        notifications.show({ color: 'field', message: t('flocks.closeOut.done') });
        navigate(flockCloseOutPath(flock));
      },
      onError: (error) => schemaForm.showFailure(error),
    }),
  );
  const number = { size: 'md', min: 0, hideControls: true, allowNegative: false, thousandSeparator: n.thousandSeparator, decimalSeparator: n.decimalSeparator } as const;
  return (
    <form onSubmit={onSubmit} ref={schemaForm.ref} noValidate data-testid="closeout-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('flocks.closeOut.hint')}
        </Text>
        <DateInput size="md" required label={t('flocks.closeOut.date')} {...dateInputProps(form, 'data')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput required label={t('flocks.closeOut.birds')} allowDecimal={false} inputMode="numeric" {...number} {...form.getInputProps('aves_entregues')} />
          <NumberInput required label={t('flocks.closeOut.kg')} decimalScale={1} inputMode="decimal" {...number} {...form.getInputProps('kg_entregues')} />
        </SimpleGrid>
        <NumberInput label={t('flocks.closeOut.feed')} description={t('flocks.closeOut.feedHint')} decimalScale={1} inputMode="decimal" {...number} {...form.getInputProps('racao_kg')} />
        <Textarea label={t('flocks.closeOut.notes')} size="md" autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('obs')} />
        <MessageArea message={schemaForm.message} testId="record-message" />
        <Group justify="flex-end">
          <SaveButton loading={save.isPending} text={t('flocks.closeOut.save')} testId="closeout-save" />
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Reabrir": a closed flock becomes active again (registerlote with no closing date), after a
 * confirmation. `dialog` is rendered by the page. Test ids `reopen-confirm`, `reopen-cancel`.
 */
export function useReopen(flock: Lote): { ask: () => void; pending: boolean; dialog: ReactNode } {
  const { t } = useTranslation();
  const save = useSaveRecord(loteApi);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const confirm = () =>
    save.mutate(
      { body: { ...flockBody(flockValues(flock)), data_encerramento: null }, id: flock.id },
      {
        onSuccess: () => {
          setOpen(false);
          notifications.show({ color: 'field', message: t('flocks.closeOut.reopened') });
          void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
        },
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, t) }),
      },
    );
  const dialog = (
    <Modal opened={open} onClose={() => !save.isPending && setOpen(false)} title={<Title order={2} size="h4">{t('flocks.closeOut.reopenTitle')}</Title>}>
      <Stack gap="md">
        <Text>{t('flocks.closeOut.reopenText')}</Text>
        <MessageArea message={message} testId="reopen-message" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpen(false)} disabled={save.isPending} data-testid="reopen-cancel">
            {t('confirm.cancel')}
          </Button>
          <Button onClick={confirm} loading={save.isPending} data-testid="reopen-confirm">
            {t('flocks.closeOut.reopen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return {
    ask: () => {
      setMessage(null);
      setOpen(true);
    },
    pending: save.isPending,
    dialog,
  };
}
