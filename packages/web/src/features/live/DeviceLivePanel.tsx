import { Alert, Anchor, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconClockExclamation, IconFolder } from '@tabler/icons-react';
import { deviceKey, isErrorCode, type Device, type LiveServerMessage } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveChannel } from '../../api/live';
import { useOwner } from '../records/owner';
import { RecordSection } from '../records/RecordFormPage';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { recordsWeighings } from '../../components/devices/deviceData';
import { DeviceHistory, leiturasKey, useDeviceLeituras } from './DeviceHistory';
import { isLiveDevice } from './liveDevices';
import { LiveReadingView, LiveStatusIndicator, UpdatedAt } from './LiveReadingView';
import { PICTURE_IDLE, PICTURE_TIMEOUT_MS, pictureReducer, type PictureState } from './picture';
import { lastCompleteBatch, mergeReadings, newPedido, type ReceivedReading } from './readings';
import { useLiveReadings } from './useLiveReadings';

/** Readings kept from this page's socket (getleituras keeps as many). */
const KEEP_RECEIVED = 100;

function PictureResult({ state }: { state: PictureState }) {
  const { t } = useTranslation();
  const clock = useAccountClock();
  switch (state.phase) {
    case 'idle':
      return null;
    case 'waiting':
      return (
        <Group gap="xs" data-testid="picture-waiting">
          <Loader size="sm" />
          <Text size="sm">{t('live.picture.waiting')}</Text>
        </Group>
      );
    case 'timeout':
      return (
        <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} data-testid="picture-timeout">
          {t('live.picture.timeout')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="picture-error" data-code={state.code}>
          {isErrorCode(state.code) ? t(`errors.${state.code}`) : t('errors.LIVE_COMMAND_FAILED')}
        </Alert>
      );
    case 'done':
      return (
        <Stack gap={4} data-testid="picture-done">
          <Anchor href={state.url} target="_blank" rel="noreferrer" aria-label={t('live.openPicture')}>
            <Image src={state.url} alt={t('live.pictureAlt', { time: clock.labelled(clock.moment(state.em)) })} maw={480} radius="md" data-testid="picture-image" />
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('live.picture.taken', { time: clock.labelled(clock.moment(state.em)) })}
          </Text>
        </Stack>
      );
  }
}

/**
 * balancas/:id, under the form: for a live device, its live panel (the dashboard's reading view,
 * the socket's state and 'Take picture': spec sections 4 and 7); its recent history
 * (DeviceHistory: live readings, and the stored weighings of a model that weighs birds),
 * refetched when a weighing arrives; nothing of it for a device that has neither. Test ids `device-live`,
 * `picture-take`, `picture-waiting|timeout|error|done`, `picture-image`, `device-folder-link`.
 */
export function DeviceLivePanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { prop } = useOwner();
  const live = isLiveDevice(device);
  // Bird weighings only for the models that record them (a silo scale's page has none to list).
  const weighings = recordsWeighings(device.modelo);
  const watched = useMemo(() => (live ? [{ modelo: device.modelo, serie: device.serie, chip_id: device.chip_id }] : []), [live, device.modelo, device.serie, device.chip_id]);
  const [received, setReceived] = useState<ReceivedReading[]>([]);
  const [picture, dispatch] = useReducer(pictureReducer, PICTURE_IDLE);

  const onMessage = useCallback(
    (message: LiveServerMessage) => {
      if (message.t === 'leitura') setReceived((list) => [{ em: message.em, leitura: message.leitura }, ...list].slice(0, KEEP_RECEIVED));
      if (message.t === 'pesagem') void queryClient.invalidateQueries({ queryKey: leiturasKey(prop, device.id) });
      dispatch({ type: 'message', message });
    },
    [queryClient, prop, device.id],
  );
  const { liveOf } = useLiveReadings(watched, onMessage);
  const stored = useDeviceLeituras(device.id);
  const heard = liveOf(device);
  // A collector's last complete batch may have come before the page opened: the recent readings have it.
  const state = useMemo(
    () => (heard?.reading && !heard.lastBatch ? { ...heard, lastBatch: lastCompleteBatch(mergeReadings(received, stored.data?.leituras ?? [])) } : heard),
    [heard, received, stored.data],
  );

  // The 30 s wait of the picture asked for (spec section 4: waiting until the IMAGEM arrives).
  const waitingFor = picture.phase === 'waiting' ? picture.pedido : null;
  useEffect(() => {
    if (waitingFor === null) return;
    const timer = setTimeout(() => dispatch({ type: 'timeout', pedido: waitingFor }), PICTURE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waitingFor]);

  const takePicture = () => {
    const pedido = newPedido();
    // Spec section 8: with the socket down the message is not sent; the button stays usable.
    const sent = liveChannel.send({ t: 'comando', chave: deviceKey(device), comando: 'foto', pedido });
    dispatch(sent ? { type: 'sent', pedido } : { type: 'notSent' });
  };

  return (
    <>
      {live && (
        <div data-testid="device-live">
          <RecordSection title={t('live.panel.title')} description={t('live.panel.hint')} actions={<LiveStatusIndicator withText />}>
            <Stack gap="md">
              <LiveReadingView deviceId={device.id} live={state} />
              <UpdatedAt em={state?.reading?.em ?? state?.image?.em} />
              <Group gap="sm" wrap="wrap">
                <Button leftSection={<IconCamera size={18} />} onClick={takePicture} loading={picture.phase === 'waiting'} data-testid="picture-take">
                  {t('live.picture.take')}
                </Button>
                <Button component={Link} to={`/folder/${device.id}`} variant="subtle" leftSection={<IconFolder size={18} />} data-testid="device-folder-link">
                  {t('live.picture.folder')}
                </Button>
              </Group>
              <PictureResult state={picture} />
            </Stack>
          </RecordSection>
        </div>
      )}
      {(live || weighings) && <DeviceHistory deviceId={device.id} live={live} weighings={weighings} received={received} />}
    </>
  );
}
