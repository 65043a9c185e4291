import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconPlus, IconScale, IconSearch, IconX } from '@tabler/icons-react';
import { DEVICE_MODELS, type Device } from '@portal/shared';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { useRecordList } from '../records/recordApi';
import { matchesSearch } from '../records/text';
import type { ScreenProps } from '../screens/ScreenFrame';
import { useScreenHeading } from '../screens/useScreenHeading';
import { deviceAddPath, deviceApi, devicePath } from './api';
import { deviceName } from './deviceForm';
import { DeviceIcon } from './DeviceIcon';
import { ListEmpty, ListError, ListLoading, ListNoMatch, ListTable, type ListColumn } from './kit/ListTable';
import { LastContact } from './LastContact';

/** An empty cell, so a blank is visibly 'none' rather than missing. */
function Blank() {
  return (
    <Text span c="dimmed">
      —
    </Text>
  );
}

const place = (device: Device) => [device.nucleo_nome, device.aviario_nome].filter(Boolean).join(' / ');

/**
 * balancas: the devices of the owner acted for, each with its model's icon, name, model, serial,
 * farm and house, firmware and last contact ('never connected' until the first); search, and a
 * filter by model (both kept in the url: ?q= and ?modelo=). Test ids: the list kit's
 * (`record-table`, `record-row` …), `record-search`, `device-model-filter`, `record-add`,
 * `device-icon`, `device-last-contact`, `owner-picker`.
 */
export default function DevicesListPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const list = useRecordList(deviceApi);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const modelParam = params.get('modelo');
  const model = modelParam && (DEVICE_MODELS as readonly string[]).includes(modelParam) ? modelParam : null;
  const setParam = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [debouncedQuery] = useDebouncedValue(query, 150);

  const all = list.data ?? [];
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

  const columns: ListColumn<Device>[] = [
    {
      accessor: 'nome',
      title: t('devices.list.name'),
      sortValue: deviceName,
      render: (device) => (
        <Group gap="sm" wrap="nowrap" component="span">
          <DeviceIcon icone={device.icone} modelo={device.modelo} size={36} />
          <span>{deviceName(device)}</span>
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
      // By time of contact; devices that never connected sort last either way.
      sortValue: (device) => (device.ultimo_contato === null ? null : Date.parse(device.ultimo_contato)),
      render: (device) => <LastContact at={device.ultimo_contato} size="sm" />,
    },
  ];

  const addButton = owner.canWrite ? (
    <Button component={Link} to={deviceAddPath} leftSection={<IconPlus size={20} />} data-testid="record-add">
      {t('devices.list.add')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (list.isPending) body = <ListLoading />;
  else if (list.isError) body = <ListError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (all.length === 0) {
    body = (
      <ListEmpty
        icon={IconScale}
        title={t('devices.list.emptyTitle')}
        hint={owner.canWrite ? t('devices.list.emptyHint') : t('records.list.emptyReadOnly')}
        action={addButton}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            value={query}
            onChange={(event) => setParam('q', event.currentTarget.value)}
            placeholder={t('devices.list.search')}
            aria-label={t('devices.list.search')}
            leftSection={<IconSearch size={18} />}
            rightSection={
              query ? (
                <Anchor component="button" type="button" c="dimmed" onClick={() => setParam('q', null)} aria-label={t('records.list.clearSearch')}>
                  <IconX size={18} />
                </Anchor>
              ) : null
            }
            style={{ flex: '1 1 260px' }}
            maw={{ base: '100%', sm: 420 }}
            data-testid="record-search"
          />
          <Select
            aria-label={t('devices.list.modelFilter')}
            placeholder={t('devices.list.allModels')}
            data={models.map((entry) => ({ value: entry, label: `${entry} · ${t(`devices.models.${entry}`)}` }))}
            value={model}
            onChange={(value) => setParam('modelo', value)}
            clearable
            leftSection={<IconFilter size={18} />}
            style={{ flex: '1 1 220px' }}
            maw={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="device-model-filter"
          />
        </Group>
        {shown.length === 0 ? (
          <ListNoMatch
            text={t('devices.list.noMatch')}
            onClear={() =>
              setParams(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  next.delete('q');
                  next.delete('modelo');
                  return next;
                },
                { replace: true },
              )
            }
          />
        ) : (
          <ListTable
            records={shown}
            total={all.length}
            columns={columns}
            rowPath={devicePath}
            rowSubtitle={(device) => (
              <Stack gap={4} mt={2}>
                <span>
                  {[device.modelo, device.serie, place(device), device.versao && t('devices.list.versionShort', { version: device.versao })]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <LastContact at={device.ultimo_contato} size="sm" />
              </Stack>
            )}
          />
        )}
      </Stack>
    );
  }

  return (
    <PageFrame
      title={heading.title}
      description={heading.description}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      badges={<ReadOnlyBadge owner={owner} />}
      actions={
        <>
          <OwnerPicker owner={owner} />
          {!(list.isSuccess && all.length === 0) && addButton}
        </>
      }
    >
      {body}
    </PageFrame>
  );
}
