import { Alert, Badge, Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBroadcast, IconRefresh } from '@tabler/icons-react';
import type { DeviceModel, DeviceType } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { useDeviceTypes } from './api';
import { DeviceIcon } from '../../components/devices/DeviceIcon';

/**
 * The model of a new device as a grid of icon cards (getdevice_type); once chosen it folds into
 * one line with a way to change it, so the fields below are in reach on a phone.
 * Test ids: `device-model-option` (each card, `data-model` holds the model), `device-model-chosen`,
 * `device-model-change`, `device-model-error`.
 */
export function ModelPicker({ value, onChange, error }: { value: DeviceModel | ''; onChange: (modelo: DeviceModel | '') => void; error?: string }) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const chosen = types.data?.find((type) => type.modelo === value);

  if (types.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (types.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} data-testid="device-model-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(types.error, t)}</Text>
          <Button variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} loading={types.isFetching} onClick={() => void types.refetch()}>
            {t('records.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (chosen) {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="device-model-chosen" data-model={chosen.modelo}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
            <DeviceIcon icone={chosen.icone} modelo={chosen.modelo} size={48} />
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={700}>{chosen.modelo}</Text>
                {chosen.ao_vivo && <LiveBadge />}
              </Group>
              <Text size="sm" c="dimmed">
                {t(`devices.models.${chosen.modelo}`)}
              </Text>
            </div>
          </Group>
          <Button variant="default" size="sm" onClick={() => onChange('')} data-testid="device-model-change">
            {t('devices.form.changeModel')}
          </Button>
        </Group>
      </Paper>
    );
  }

  return (
    <Radio.Group value={value} onChange={(next) => onChange(next as DeviceModel)} error={error} aria-label={t('devices.form.model')}>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {types.data.map((type) => (
          <ModelCard key={type.modelo} type={type} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function ModelCard({ type }: { type: DeviceType }) {
  const { t } = useTranslation();
  return (
    <Radio.Card value={type.modelo} radius="md" p="sm" h="100%" data-testid="device-model-option" data-model={type.modelo}>
      <Stack gap={6} align="center" ta="center" justify="flex-start" h="100%">
        <DeviceIcon icone={type.icone} modelo={type.modelo} size={56} />
        <Text fw={700} size="sm">
          {type.modelo}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {t(`devices.models.${type.modelo}`)}
        </Text>
        {type.ao_vivo && <LiveBadge />}
      </Stack>
    </Radio.Card>
  );
}

export function LiveBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color="blue" tt="none" leftSection={<IconBroadcast size={12} />}>
      {t('devices.live')}
    </Badge>
  );
}
