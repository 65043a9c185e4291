import { Anchor, Badge, Button, Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBroadcast, IconCalendar, IconPhotoOff } from '@tabler/icons-react';
import { deviceLabel, isLiveModel, type DeviceSaved, type FotosResponse } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { ZoneNote } from '../../components/clock/ZoneNote';
import { PageFrame } from '../../components/PageFrame';
import { isoToMasked } from '../records/dates';
import { ListError, ListLoading, useListParams } from '../records/ListTable';
import { NoticePanel } from '../records/NoticePanel';
import { RecordLoader } from '../records/RecordFormPage';
import { useNumberFormat } from '../records/useNumberFormat';
import { useWhen } from '../records/when';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { deviceApi, DEVICES_PATH } from './api';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { pictureSize, pictureSrc } from './pictures';
import { remotePath, useFotos } from './remoteApi';

type Foto = FotosResponse['fotos'][number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One picture of the grid: thumbnail, time and size; a click opens it. Test id `folder-photo` (data-id). */
function Thumbnail({ foto, onOpen }: { foto: Foto; onOpen: () => void }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  // The account's clock: the days listed are the account's days too (getfotos).
  const { time } = useAccountClock();
  const src = pictureSrc(foto.url);
  return (
    <UnstyledButton onClick={onOpen} aria-label={t('devices.folder.open', { time: time(foto.em) })} data-testid="folder-photo" data-id={foto.id}>
      <Paper withBorder radius="md" p={4}>
        {src ? (
          <Image src={src} alt="" radius="sm" h={{ base: 110, sm: 140 }} fit="cover" loading="lazy" />
        ) : (
          <Group h={110} justify="center">
            <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" />
          </Group>
        )}
        <Group justify="space-between" gap={4} px={4} pt={4}>
          <Text size="xs" fw={600}>
            {time(foto.em)}
          </Text>
          <Text size="xs" c="dimmed">
            {pictureSize(foto.bytes, n.format)}
          </Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function FolderView({ route, device }: { route: ScreenRoute; device: DeviceSaved }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const n = useNumberFormat();
  const when = useWhen();
  const params = useListParams();
  const dayParam = params.get('data');
  const day = dayParam && ISO_DAY.test(dayParam) ? dayParam : null;
  const fotos = useFotos(device.id, day);
  const [open, setOpen] = useState<Foto | null>(null);

  const dias = fotos.data?.dias ?? [];
  const shownDay = day ?? dias[0]?.data ?? null;
  let body;
  if (fotos.isError && !fotos.data) {
    body = <ListError error={fotos.error} onRetry={() => void fotos.refetch()} retrying={fotos.isFetching} />;
  } else if (!fotos.data) {
    body = <ListLoading />;
  } else if (dias.length === 0) {
    body = (
      <NoticePanel
        icon={IconPhotoOff}
        title={t('devices.folder.emptyTitle')}
        text={t('devices.folder.emptyHint')}
        testId="folder-empty"
        action={
          isLiveModel(device.modelo) ? (
            <Button component={Link} to={remotePath(device.id)} variant="light" leftSection={<IconBroadcast size={18} />}>
              {t('devices.folder.toRemote')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    // Newest first, as the server sends them; kept sorted here too so the order never depends on it.
    const list = [...fotos.data.fotos].sort((a, b) => Date.parse(b.em) - Date.parse(a.em) || b.id - a.id);
    body = (
      <Stack gap="md">
        <ZoneNote />
        <Select
          label={t('devices.folder.day')}
          data={dias.map((entry) => ({ value: entry.data, label: `${isoToMasked(entry.data)} · ${t('devices.folder.count', { count: entry.fotos })}` }))}
          value={shownDay}
          onChange={(value) => params.set({ data: value })}
          allowDeselect={false}
          leftSection={<IconCalendar size={18} />}
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="folder-day"
        />
        {list.length === 0 ? (
          <Text c="dimmed" data-testid="folder-day-empty">
            {t('devices.folder.dayEmpty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="sm" data-testid="folder-grid">
            {list.map((foto) => (
              <Thumbnail key={foto.id} foto={foto} onOpen={() => setOpen(foto)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    );
  }

  const openSrc = open ? pictureSrc(open.url) : null;
  return (
    <PageFrame
      {...heading}
      badges={
        <>
          <DeviceIcon icone={device.icone} modelo={device.modelo} size={32} />
          <Badge variant="light" tt="none" size="lg">
            {deviceLabel(device)}
          </Badge>
        </>
      }
    >
      {body}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        centered
        title={open ? `${when.dateTime(open.em)} · ${pictureSize(open.bytes, n.format)}` : ''}
        data-testid="folder-modal"
      >
        {openSrc && (
          <Stack gap="xs">
            <Image src={openSrc} alt={t('devices.remote.pictureTitle')} radius="sm" fit="contain" mah="75vh" data-testid="folder-full" />
            <Anchor href={openSrc} target="_blank" rel="noopener noreferrer" size="sm">
              {t('devices.folder.original')}
            </Anchor>
          </Stack>
        )}
      </Modal>
    </PageFrame>
  );
}

/** folder/:id: the pictures a device sent, by day (getfotos), newest first; a click shows one full size. */
export default function FolderPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={deviceApi} listPath={DEVICES_PATH} notFound={t('devices.form.notFound')}>
      {(device) => <FolderView route={route} device={device} />}
    </RecordLoader>
  );
}
