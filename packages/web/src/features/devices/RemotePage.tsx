import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconBroadcast, IconBroadcastOff, IconSettings } from '@tabler/icons-react';
import { deviceKey, deviceLabel, isLiveModel, LIVE_CHIP_MIN, type DeviceSaved, type LiveReading, type LiveServerMessage } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useLiveDevices, useLiveStatus } from '../../api/live';
import { PageFrame } from '../../components/PageFrame';
import { leiturasKey } from '../live/DeviceHistory';
import { LiveReadingView, UpdatedAt } from '../live/LiveReadingView';
import { useOwner } from '../records/owner';
import { NoticePanel } from '../records/NoticePanel';
import { RecordLoader } from '../records/RecordFormPage';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { deviceApi, devicePath, DEVICES_PATH } from './api';
import { DeviceIcon } from '../../components/devices/DeviceIcon';
import { isSel } from './grader';
import { GraderPanel } from './GraderPanel';
import { PictureCard, usePictureRequest } from './PictureCard';
import { remotePath, useRemoteList } from './remoteApi';
import { useGraderState } from './useGraderState';

const GRADERS = ['SELAUTO', 'SELAVES'];

/** The tab's live connection. Test id `live-status` with data-state connecting | open | closed. */
function LiveStatusBadge() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const color = { open: 'field', connecting: 'yellow', closed: 'red' }[status];
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      tt="none"
      leftSection={status === 'closed' ? <IconBroadcastOff size={14} /> : <IconBroadcast size={14} />}
      data-testid="live-status"
      data-state={status}
    >
      {t(`devices.remote.status.${status}`)}
    </Badge>
  );
}

/** Another live device to watch (getremotelist). Test id `remote-switcher`. */
function RemoteSwitcher({ current }: { current: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useRemoteList();
  const options = (list.data ?? []).map((device) => ({ value: String(device.id), label: `${deviceLabel(device)} · ${device.modelo} ${device.serie}` }));
  if (options.length < 2) return null;
  return (
    <Select
      aria-label={t('devices.remote.switch')}
      placeholder={t('devices.remote.switch')}
      data={options}
      value={String(current)}
      onChange={(value) => value && navigate(remotePath(Number(value)))}
      allowDeselect={false}
      searchable
      w={{ base: '100%', xs: 300 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="remote-switcher"
    />
  );
}

function RemoteView({ route, device }: { route: ScreenRoute; device: DeviceSaved }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const live = isLiveModel(device.modelo) && device.chip_id.length >= LIVE_CHIP_MIN;
  const key = deviceKey(device);
  const [grader, pushSel] = useGraderState();
  const [plain, setPlain] = useState<{ leitura: LiveReading; em: string } | null>(null);
  const [refused, setRefused] = useState(false);
  const [liveError, setLiveError] = useState<string | null>(null);
  const picture = usePictureRequest(key);
  const devices = useMemo(() => [device], [device]);
  const { prop, ready } = useOwner();
  // The newest reading the portal kept, so the view is filled at once instead of at the next message.
  const recent = useQuery({
    queryKey: leiturasKey(prop, device.id),
    queryFn: () => call('getleituras', { query: { id: device.id, prop } }),
    enabled: ready && live,
  });
  const newest = recent.data?.leituras[0];
  useEffect(() => {
    if (!newest || grader.reading || plain) return;
    const leitura = newest.leitura as unknown as LiveReading;
    if (isSel(leitura)) pushSel(leitura, newest.em);
    else setPlain({ leitura, em: newest.em });
    // Only when the kept reading arrives; live messages take over from there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest]);

  useLiveDevices(devices, (message: LiveServerMessage) => {
    if (message.t === 'leitura') {
      if (isSel(message.leitura)) pushSel(message.leitura, message.em);
      else setPlain({ leitura: message.leitura, em: message.em });
    } else if (message.t === 'imagem') {
      picture.handle(message);
    } else if (message.t === 'erro') {
      if (message.pedido === undefined) setLiveError(message.code);
      else picture.handle(message);
    } else if (message.t === 'registrado') {
      if (message.recusados.includes(key)) setRefused(true);
      else if (message.aceitos.includes(key)) setRefused(false);
    }
  });

  const isGrader = GRADERS.includes(device.modelo);
  let body;
  if (!live) {
    body = <NoticePanel icon={IconBroadcastOff} color="gray" text={t('devices.remote.notLive')} testId="remote-not-live" />;
  } else if (grader.reading) {
    body = <GraderPanel state={{ ...grader, reading: grader.reading }} />;
  } else if (plain) {
    // The dashboard's reading view (facts in the interface language); the picture has its own card below.
    body = (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="remote-reading">
        <Stack gap="xs">
          <LiveReadingView deviceId={device.id} live={{ reading: plain }} />
          <UpdatedAt em={plain.em} />
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Group gap="sm" justify="center" p="xl" data-testid="remote-waiting">
        <Loader size="sm" />
        <Text c="dimmed">{isGrader ? t('devices.remote.waitingGrader') : t('devices.remote.waitingReading')}</Text>
      </Group>
    );
  }

  return (
    <PageFrame
      title={deviceLabel(device)}
      description={heading.description}
      crumbs={heading.crumbs}
      backTo={heading.backTo}
      badges={
        <>
          <DeviceIcon icone={device.icone} modelo={device.modelo} size={32} />
          <Badge variant="light" tt="none" size="lg" title={t(`devices.models.${device.modelo}`)}>
            {device.modelo} {device.serie}
          </Badge>
          {live && <LiveStatusBadge />}
        </>
      }
      actions={
        <>
          <RemoteSwitcher current={device.id} />
          <Button component={Link} to={devicePath(device)} variant="default" leftSection={<IconSettings size={18} />} data-testid="remote-device-link">
            {t('devices.remote.deviceSettings')}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {refused && (
          <Alert color="red" variant="light" data-testid="remote-refused">
            {t('errors.LIVE_DEVICE_NOT_REGISTERED')}
          </Alert>
        )}
        {liveError && !refused && (
          <Alert color="red" variant="light" withCloseButton onClose={() => setLiveError(null)} data-testid="remote-error">
            {t(`errors.${liveError}`, { defaultValue: t('errors.LIVE_COMMAND_FAILED') })}
          </Alert>
        )}
        {body}
        {live && <PictureCard picture={picture} deviceId={device.id} />}
      </Stack>
    </PageFrame>
  );
}

/**
 * remoto/:id: a device watched live over the tab's channel. A grader shows its selection in
 * progress (GraderPanel), other live models their last reading; 'Take picture' asks the device
 * for one. Nothing is shown before the first reading but 'waiting' (no sample data). Test ids:
 * `live-status`, `remote-switcher`, `remote-waiting`, `remote-not-live`, `remote-refused`,
 * `remote-reading` (LiveReadingView's inside), GraderPanel's and PictureCard's.
 */
export default function RemotePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={deviceApi} listPath={DEVICES_PATH} notFound={t('devices.form.notFound')}>
      {(device) => <RemoteView route={route} device={device} />}
    </RecordLoader>
  );
}
