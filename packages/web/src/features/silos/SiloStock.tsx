import { ActionIcon, Alert, Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconAlertCircle, IconArrowsExchange, IconRefresh, IconScale, IconToolsKitchen2, IconTrash, IconTruckDelivery, type Icon } from '@tabler/icons-react';
import { MOVIMENTO_TIPOS, type MovimentoTipo, type Silo, type SiloMovimento } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { ReportTable } from '../../components/reports/ReportTable';
import { isoToMasked } from '../records/dates';
import { RecordSection } from '../records/RecordFormPage';
import { useNumberFormat } from '../records/useNumberFormat';
import { balancePath, movementPath, useRemoveMovement, useSiloMovements } from './api';
import { SiloGauge } from './SiloGauge';

/** Colour and icon of each kind of movement, the same on the buttons and in the history. */
export const KIND_LOOK: Record<MovimentoTipo, { color: string; icon: Icon }> = {
  entrada: { color: 'field', icon: IconTruckDelivery },
  consumo: { color: 'orange', icon: IconToolsKitchen2 },
  transferencia: { color: 'blue', icon: IconArrowsExchange },
  ajuste: { color: 'grape', icon: IconAdjustments },
};

/**
 * The stock of a silo on its detail page: balance and fill, the four movement buttons (leading to
 * silos/:id/:mov) and the history of movements, newest first, each with the balance after it.
 * Test ids: `silo-stock`, `silo-balance`, `silo-fill`, `movement-add-<tipo>`, `movements-empty`,
 * `movement-row` (data-movement-id, data-tipo) with `movement-quantity`, `movement-balance` and
 * `movement-delete`; `silo-balance-report` (silos with a scale) opens silos/:id/saldo.
 */
export function SiloStock({ silo, canWrite }: { silo: Silo; canWrite: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const wide = useMediaQuery('(min-width: 62em)');
  const movements = useSiloMovements(silo.id);
  const remove = useRemoveMovement();
  const askConfirm = useConfirmDelete();

  const history = [...(movements.data ?? [])].reverse();
  // The newest movement holds the running balance; until they load, the silo's own.
  const saldo = movements.data?.length ? movements.data[movements.data.length - 1]!.saldo_kg : movements.data ? 0 : silo.saldo_kg;
  const kg = (value: number) => t('silos.kg', { value: numbers.format(value, 1) });
  const signedKg = (value: number) => (value > 0 ? `+${kg(value)}` : kg(value));
  const other = (movement: SiloMovimento) =>
    movement.outro_silo_nome ? t(movement.quantidade_kg < 0 ? 'silos.movements.to' : 'silos.movements.from', { name: movement.outro_silo_nome }) : '';

  const askDelete = (movement: SiloMovimento) =>
    askConfirm({
      itemName: t('silos.movements.itemName', {
        kind: t(`silos.kind.${movement.tipo}`),
        quantity: signedKg(movement.quantidade_kg),
        date: isoToMasked(movement.data),
      }),
      onConfirm: () => remove.mutateAsync(movement.id),
    });

  const kindBadge = (movement: SiloMovimento) => {
    const look = KIND_LOOK[movement.tipo];
    return (
      <Badge variant="light" color={look.color} tt="none" size="md" leftSection={<look.icon size={14} />} style={{ flexShrink: 0 }}>
        {t(`silos.kind.${movement.tipo}`)}
      </Badge>
    );
  };
  const deleteButton = (movement: SiloMovimento) =>
    canWrite ? (
      <ActionIcon variant="subtle" color="red" size="lg" onClick={() => askDelete(movement)} aria-label={t('silos.movements.delete')} data-testid="movement-delete">
        <IconTrash size={18} />
      </ActionIcon>
    ) : null;
  const quantityColor = (value: number) => (value < 0 ? 'red.8' : 'field.8');

  let body;
  if (movements.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  } else if (movements.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(movements.error, t)}</Text>
          <Button variant="light" color="red" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void movements.refetch()}>
            {t('silos.movements.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (history.length === 0) {
    body = (
      <Text c="dimmed" data-testid="movements-empty">
        {t('silos.movements.empty')}
      </Text>
    );
  } else if (wide) {
    body = (
      <ReportTable
        testId="movements-table"
        verticalSpacing="sm"
        highlightOnHover
        minWidth={720}
        columns={[
          { key: 'data', header: t('silos.movements.date'), align: 'nowrap', dataCol: false, cell: (movement) => isoToMasked(movement.data) },
          { key: 'tipo', header: t('silos.movements.kind'), dataCol: false, cell: kindBadge },
          {
            key: 'quantidade',
            header: t('silos.movements.quantity'),
            align: 'number',
            dataCol: false,
            cellAttributes: () => ({ 'data-testid': 'movement-quantity' }),
            cell: (movement) => (
              <Text span inherit fw={600} c={quantityColor(movement.quantidade_kg)}>
                {signedKg(movement.quantidade_kg)}
              </Text>
            ),
          },
          { key: 'outro', header: t('silos.movements.otherSilo'), dataCol: false, cell: (movement) => other(movement) || t('silos.none') },
          { key: 'nota', header: t('silos.movements.invoice'), dataCol: false, cell: (movement) => movement.nota_fiscal || t('silos.none') },
          { key: 'saldo', header: t('silos.movements.balanceAfter'), align: 'number', dataCol: false, cellAttributes: () => ({ 'data-testid': 'movement-balance' }), cell: (movement) => kg(movement.saldo_kg) },
          canWrite && { key: 'apagar', header: null, width: 48, dataCol: false, cell: deleteButton },
        ]}
        rows={history}
        rowKey={(movement) => movement.id}
        rowAttributes={(movement) => ({ 'data-testid': 'movement-row', 'data-movement-id': movement.id, 'data-tipo': movement.tipo })}
      />
    );
  } else {
    // Phones: one compact card per movement.
    body = (
      <Stack gap="xs">
        {history.map((movement) => (
          <Paper key={movement.id} withBorder radius="md" p="sm" data-testid="movement-row" data-movement-id={movement.id} data-tipo={movement.tipo}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={4} miw={0}>
                <Group gap="xs" wrap="wrap">
                  {kindBadge(movement)}
                  <Text size="sm" c="dimmed">
                    {isoToMasked(movement.data)}
                  </Text>
                </Group>
                <Text fw={700} c={quantityColor(movement.quantidade_kg)} data-testid="movement-quantity">
                  {signedKg(movement.quantidade_kg)}
                </Text>
                <Text size="sm" c="dimmed" data-testid="movement-balance">
                  {t('silos.movements.balanceAfterValue', { value: kg(movement.saldo_kg) })}
                </Text>
                {(other(movement) || movement.nota_fiscal) && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[other(movement), movement.nota_fiscal && t('silos.movements.invoiceShort', { number: movement.nota_fiscal })].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Stack>
              {deleteButton(movement)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <RecordSection title={t('silos.stock.title')} description={t('silos.stock.hint')}>
      <Stack gap="lg" data-testid="silo-stock">
        <Group justify="space-between" align="flex-end" gap="lg">
          <Box>
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {t('silos.stock.balance')}
            </Text>
            <SiloGauge saldo={saldo} capacidade={silo.capacidade_kg} size="lg" />
          </Box>
          <Stack gap="xs" align="flex-end">
            {silo.ultimo_movimento && (
              <Text size="sm" c="dimmed">
                {t('silos.stock.lastMovement', { date: isoToMasked(history[0]?.data ?? silo.ultimo_movimento) })}
              </Text>
            )}
            {silo.device_id !== null && (
              <Button component={Link} to={balancePath(silo.id)} variant="light" leftSection={<IconScale size={18} />} data-testid="silo-balance-report">
                {t('silos.balance.open')}
              </Button>
            )}
          </Stack>
        </Group>

        {!canWrite && (
          <Text size="sm" c="dimmed">
            {t('silos.stock.readOnly')}
          </Text>
        )}
        {canWrite && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {MOVIMENTO_TIPOS.map((tipo) => {
              const look = KIND_LOOK[tipo];
              return (
                <Button
                  key={tipo}
                  component={Link}
                  to={movementPath(silo.id, tipo)}
                  state={{ fromSilo: true }}
                  variant="light"
                  color={look.color}
                  leftSection={<look.icon size={20} />}
                  // Narrow padding: 'Transferência' fits a half-width button on a 360 px phone.
                  px="xs"
                  fullWidth
                  data-testid={`movement-add-${tipo}`}
                >
                  {t(`silos.kind.${tipo}`)}
                </Button>
              );
            })}
          </SimpleGrid>
        )}

        <Stack gap="xs">
          <Text fw={600}>{t('silos.movements.title')}</Text>
          {body}
          {history.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('silos.movements.count', { count: history.length })}
            </Text>
          )}
        </Stack>
      </Stack>
    </RecordSection>
  );
}
