import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SiloEntrega, SiloLeiturasResponse } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { reportPrintClasses, reportTableClasses, useReportFormat } from '../../components/reports';
import { MessageArea } from '../../components/MessageArea';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { useDecideDelivery } from './api';
import { KgInput } from './KgInput';
import { deliveryConfirmBody, deliveryConfirmRules, deliveryConfirmValues } from './deliveryConfirm';
import { localStampOf } from './siloBalanceTable';

const SITUACAO_COLOR = { pendente: 'orange', confirmada: 'field', descartada: 'gray' } as const;

type Decide = ReturnType<typeof useDecideDelivery>;
type Kg = (value: number | null) => string;

/**
 * The deliveries the scale shows (silos/:id/saldo): each pending one confirmed through a small form
 * holding the detected amount, which the operator may correct to the invoice's, or dismissed.
 * Test ids: balance-deliveries, delivery-row (data-em, data-situacao), delivery-quantity,
 * delivery-corrected, delivery-confirm (opens delivery-confirm-form: field-quantidade_kg,
 * delivery-confirm-save, delivery-confirm-cancel, delivery-confirm-message), delivery-dismiss.
 */
export function DeliveryLog({ report, canWrite, kg }: { report: SiloLeiturasResponse; canWrite: boolean; kg: Kg }) {
  // The list is the report's; its buttons, form and what they answer are the screen's.
  const { t: interfaceT } = useTranslation();
  const { t } = useReportFormat();
  const decide = useDecideDelivery();
  // The delivery whose confirm form is open.
  const [confirming, setConfirming] = useState<number | null>(null);
  const stamp = localStampOf(report.timezone);
  const busy = decide.isPending ? decide.variables : undefined;

  const dismiss = (entrega: SiloEntrega) =>
    decide.mutate(
      { idsilo: report.silo.id, em: entrega.em, confirmar: false },
      {
        onSuccess: () => notifications.show({ color: 'field', message: interfaceT('feedback.done') }),
        onError: (error) => {
          console.error('[silos] confirmentrega (dismiss) failed', error);
          notifications.show({ color: 'red', message: errorText(error, interfaceT) });
        },
      },
    );

  return (
    <Card withBorder padding="md" className={reportPrintClasses.keepTogether} data-testid="balance-deliveries">
      <Title order={2} fz="lg" mb={4}>
        {t('silos.balance.deliveriesTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('silos.balance.deliveriesHint')}
      </Text>
      {report.entregas.length === 0 ? (
        <Text c="dimmed" data-testid="balance-no-deliveries">
          {t('silos.balance.noDeliveries')}
        </Text>
      ) : (
        <Stack gap="xs">
          {report.entregas.map((entrega) => (
            <Paper key={entrega.em} withBorder p="sm" radius="md" data-testid="delivery-row" data-em={entrega.em} data-situacao={entrega.situacao}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} data-testid="delivery-quantity">
                      {kg(entrega.quantidade_confirmada_kg ?? entrega.quantidade_kg)}
                    </Text>
                    <Badge variant="light" color={SITUACAO_COLOR[entrega.situacao]} tt="none" className={reportTableClasses.badge}>
                      {t(`silos.balance.situacao.${entrega.situacao}`)}
                    </Badge>
                  </Group>
                  {entrega.corrigida && (
                    <Text size="sm" data-testid="delivery-corrected">
                      {t('silos.balance.corrected', { value: kg(entrega.quantidade_kg) })}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {t('silos.balance.deliveryWhen', { from: stamp(entrega.em), to: stamp(entrega.ate).slice(11), before: kg(entrega.antes_kg), after: kg(entrega.depois_kg) })}
                  </Text>
                </Stack>
                {entrega.situacao === 'pendente' && canWrite && confirming !== entrega.em && (
                  <Group gap="xs" className={reportPrintClasses.noPrint}>
                    <Button leftSection={<IconCheck size={18} />} disabled={busy !== undefined} onClick={() => setConfirming(entrega.em)} data-testid="delivery-confirm">
                      {interfaceT('silos.balance.confirm')}
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<IconX size={18} />}
                      loading={busy?.em === entrega.em && !busy.confirmar}
                      disabled={busy !== undefined && busy.em !== entrega.em}
                      onClick={() => dismiss(entrega)}
                      data-testid="delivery-dismiss"
                    >
                      {interfaceT('silos.balance.dismiss')}
                    </Button>
                  </Group>
                )}
              </Group>
              {entrega.situacao === 'pendente' && canWrite && confirming === entrega.em && (
                <ConfirmForm siloId={report.silo.id} entrega={entrega} decide={decide} onClose={() => setConfirming(null)} />
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** Confirming one delivery: the amount to record (the detected one, editable), saved as an 'entrada' movement. */
function ConfirmForm({ siloId, entrega, decide, onClose }: { siloId: number; entrega: SiloEntrega; decide: Decide; onClose: () => void }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const state = useSchemaForm({ ...deliveryConfirmRules(siloId, entrega), initialValues: deliveryConfirmValues(entrega), serverMessage: true });

  const onSubmit = state.onSubmit((values) =>
    decide.mutate(deliveryConfirmBody(siloId, entrega, values), {
      onSuccess: () => {
        notifications.show({ color: 'field', message: t('feedback.done') });
        onClose();
      },
      onError: (error) => {
        console.error('[silos] confirmentrega (confirm) failed', error);
        state.showFailure(error);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} ref={state.ref} noValidate className={reportPrintClasses.noPrint} data-testid="delivery-confirm-form">
      <Stack gap="sm" mt="sm">
        <KgInput
          label={t('silos.balance.confirmAmount')}
          description={t('silos.balance.confirmAmountHint', { value: t('silos.kg', { value: numbers.format(entrega.quantidade_kg, 1) }) })}
          required
          allowNegative={false}
          data-autofocus
          {...state.form.getInputProps('quantidade_kg')}
        />
        <MessageArea message={state.message} testId="delivery-confirm-message" />
        <Group gap="xs" wrap="wrap">
          <Button type="submit" leftSection={<IconCheck size={18} />} loading={decide.isPending} data-testid="delivery-confirm-save">
            {t('silos.balance.confirmSave')}
          </Button>
          <Button variant="default" onClick={onClose} disabled={decide.isPending} data-testid="delivery-confirm-cancel">
            {t('silos.balance.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
