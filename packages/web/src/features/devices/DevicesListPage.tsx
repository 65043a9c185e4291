import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconPlus, IconScale } from '@tabler/icons-react';
import { DEVICE_MODELS, deviceLabel, type Device } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { ListEmpty, ListNoMatch, ListSearch, ListTable, listStatus, useListParams, type RecordColumn } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { useRecordList } from '../records/recordApi';
import { matchesSearch } from '../records/text';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { deviceAddPath, deviceApi, devicePath } from './api';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { DeviceName } from './DeviceName';
import { minutesOf } from '../../components/devices/deviceStatus';
import { LastContact } from '../../components/devices/LastContact';
import { RemoteDevicesPanel } from './RemoteDevicesPanel';
import { useDeviceStatus } from '../../components/devices/useDeviceStatus';

/** An empty cell, so a blank is visibly 'none' rather than missing. */
function Blank() {
  return (
    <Text span c="dimmed">
      —
    </Text>
  );
}

const place = (device: Device) => [device.nucleo_nome, device.aviario_nome].filter(Boolean).join(' / ');

/** The list starts with the devices that need attention: the longest without contact first. */
const LIST_SORT = { column: 'ultimo_contato', direction: 'asc' } as const;

/**
 * balancas: the devices of the owner acted for, each with its model's icon, name, model, serial,
 * farm and house, firmware and last contact ('never connected' until the first); search, and a
 * filter by model (both kept in the url: ?q= and ?modelo=). At first sorted by last contact, oldest
 * first: devices with a warning (a day or more without contact) lead, never-connected ones close
 * the list; any column sorts it otherwise. Test ids: ListTable's
 * (`record-table`, `record-row` …), `record-search`, `device-model-filter`, `record-add`,
 * `device-icon`, `device-last-contact`, `owner-picker`.
 */
export default function DevicesListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useRecordList(deviceApi);
  const params = useListParams();
  const query = params.get('q') ?? '';
  const modelParam = params.get('modelo');
  const model = modelParam && (DEVICE_MODELS as readonly string[]).includes(modelParam) ? modelParam : null;
  const [debouncedQuery] = useDebouncedValue(query, 150);

  const all = useMemo(() => list.data ?? [], [list.data]);
  // Online status of the owner's devices (devupdt every 60 s): minutes since last contact.
  const status = useDeviceStatus(all, { prop: owner.prop, enabled: owner.ready });
  const models = useMemo(() => [...new Set(all.map((device) => device.modelo))].sort(), [all]);
  const shown = useMemo(
    () =>
      all.filter(
        (device) =>
          (model === null || device.modelo === model) &&
          matchesSearch([device.nome, device.serie, device.modelo, device.chip_id, device.nucleo_nome, device.aviario_nome, device.versao], debouncedQuery),
      ),
    [all, model, debouncedQuery],
  );

  const columns: RecordColumn<Device>[] = [
    {
      accessor: 'nome',
      title: t('devices.list.name'),
      sortValue: deviceLabel,
      render: (device) => (
        <Group gap="sm" wrap="nowrap" component="span">
          <DeviceIcon icone={device.icone} modelo={device.modelo} size={36} />
          <DeviceName name={deviceLabel(device)} />
        </Group>
      ),
    },
    {
      accessor: 'modelo',
      title: t('devices.list.model'),
      secondary: true,
      noWrap: true,
      render: (device) => (
        <Badge variant="light" tt="none" size="md" w="max-content" maw="none" title={t(`devices.models.${device.modelo}`)}>
          {device.modelo}
        </Badge>
      ),
    },
    { accessor: 'serie', title: t('devices.list.serial'), secondary: true, noWrap: true },
    { accessor: 'nucleo_nome', title: t('devices.list.place'), secondary: true, sortValue: place, render: (device) => place(device) || <Blank /> },
    { accessor: 'versao', title: t('devices.list.version'), secondary: true, noWrap: true, render: (device) => device.versao || <Blank /> },
    {
      accessor: 'ultimo_contato',
      title: t('devices.list.lastContact'),
      noWrap: true,
      // On phones it shows under the name instead (a narrow column would cut the badge).
      secondary: true,
      // By time of contact (fewer minutes is later); devices that never connected sort last either way.
      sortValue: (device) => {
        const minutes = minutesOf(device, status);
        return minutes === null ? null : -minutes;
      },
      render: (device) => <LastContact minutos={minutesOf(device, status)} size="sm" />,
    },
  ];

  const addButton = owner.canWrite ? (
    <Button component={Link} to={deviceAddPath} leftSection={<IconPlus size={20} />} data-testid="record-add">
      {t('devices.list.add')}
    </Button>
  ) : null;

  const empty = (
    <ListEmpty icon={IconScale} title={t('devices.list.emptyTitle')} hint={owner.canWrite ? t('devices.list.emptyHint') : t('records.list.emptyReadOnly')} action={addButton} />
  );
  let body = listStatus(list, empty);
  if (body === null) {
    body = (
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch
            value={query}
            onChange={(value) => params.set({ q: value })}
            placeholder={t('devices.list.search')}
            style={{ flex: '1 1 260px' }}
            maw={{ base: '100%', sm: 420 }}
          />
          <Select
            aria-label={t('devices.list.modelFilter')}
            placeholder={t('devices.list.allModels')}
            data={models.map((entry) => ({ value: entry, label: `${entry} · ${t(`devices.models.${entry}`)}` }))}
            value={model}
            onChange={(value) => params.set({ modelo: value })}
            clearable
            leftSection={<IconFilter size={18} />}
            style={{ flex: '1 1 220px' }}
            maw={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="device-model-filter"
          />
        </Group>
        {shown.length === 0 ? (
          <ListNoMatch text={t('devices.list.noMatch')} onClear={() => params.set({ q: null, modelo: null })} />
        ) : (
          <ListTable
            records={shown}
            total={all.length}
            columns={columns}
            rowPath={devicePath}
            sortBy={LIST_SORT.column}
            sortDirection={LIST_SORT.direction}
            rowSubtitle={(device) => (
              <Stack gap={4} mt={2}>
                <span>
                  {[device.modelo, device.serie, place(device), device.versao && t('devices.list.versionShort', { version: device.versao })]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <LastContact minutos={minutesOf(device, status)} size="sm" />
              </Stack>
            )}
          />
        )}
      </Stack>
    );
  }

  return (
    <PageFrame
      {...heading}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      <RemoteDevicesPanel />
      {body}
    </PageFrame>
  );
}
