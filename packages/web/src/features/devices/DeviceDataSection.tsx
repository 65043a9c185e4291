import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBowl, IconBuildingWarehouse, IconPlus, IconScale } from '@tabler/icons-react';
import type { DeviceSaved } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { RecordSection } from '../records/RecordFormPage';
import { useRecordList } from '../records/recordApi';
import { balancePath, siloAddPath, siloApi, siloPath } from '../silos/api';
import { sendsMessage } from '../../components/devices/deviceData';

/** The silos this silo scale weighs, each leading to its balance by the scale; or how to link one. */
function SiloScaleData({ device }: { device: DeviceSaved }) {
  const { t } = useTranslation();
  const owner = useOwner();
  const silos = useRecordList(siloApi);
  let body;
  if (silos.isPending) body = <ListLoading />;
  else if (silos.isError) body = <ListError error={silos.error} onRetry={() => void silos.refetch()} retrying={silos.isFetching} />;
  else {
    const weighed = silos.data.filter((silo) => silo.device_id === device.id);
    body =
      weighed.length === 0 ? (
        <Stack gap="sm" align="flex-start" data-testid="device-silos-none">
          <Text size="sm" c="dimmed">
            {t('devices.data.silosNone')}
          </Text>
          {owner.canWrite && (
            <Button component={Link} to={siloAddPath} variant="light" leftSection={<IconPlus size={18} />}>
              {t('devices.data.siloAdd')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="xs">
          {weighed.map((silo) => (
            <Paper key={silo.id} withBorder radius="md" p="sm" data-testid="device-silo" data-id={silo.id}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconBuildingWarehouse size={22} stroke={1.6} style={{ flex: 'none' }} />
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={siloPath(silo)} fw={600} style={{ overflowWrap: 'break-word' }}>
                      {silo.nome}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[silo.nucleo_nome, silo.tipo_racao].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <Button component={Link} to={balancePath(silo.id)} variant="light" size="xs" leftSection={<IconScale size={16} />} data-testid="device-silo-balance">
                  {t('devices.data.siloBalanceOpen')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      );
  }
  return (
    <div data-testid="device-silos">
      <RecordSection title={t('devices.data.silosTitle')} description={t('devices.data.silosHint')}>
        {body}
      </RecordSection>
    </div>
  );
}

/** Where a trough monitor's readings are shown: the troughs screen, opened on this monitor. */
function TroughMonitorData({ device }: { device: DeviceSaved }) {
  const { t } = useTranslation();
  return (
    <div data-testid="device-troughs">
      <RecordSection title={t('devices.data.troughsTitle')} description={t('devices.data.troughsHint')}>
        <Group>
          <Button component={Link} to={`/calhas?id=${device.id}`} variant="light" leftSection={<IconBowl size={18} />} data-testid="device-troughs-open">
            {t('devices.data.troughsOpen')}
          </Button>
        </Group>
      </RecordSection>
    </div>
  );
}

/**
 * balancas/:id: what a feed device's data is shown in, for the models whose readings are not bird
 * weighings: a silo scale (SILO readings) lists the silos it weighs, a trough monitor (CALHA) leads
 * to the troughs screen. Nothing for other models. Test ids `device-silos` (`device-silo` with
 * `device-silo-balance`, or `device-silos-none`), `device-troughs` with `device-troughs-open`.
 */
export function DeviceDataSection({ device }: { device: DeviceSaved }) {
  if (sendsMessage(device.modelo, 'SILO')) return <SiloScaleData device={device} />;
  if (sendsMessage(device.modelo, 'CALHA')) return <TroughMonitorData device={device} />;
  return null;
}
