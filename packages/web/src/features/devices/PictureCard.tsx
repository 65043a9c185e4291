import { Alert, Anchor, Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconFolder } from '@tabler/icons-react';
import type { LiveServerMessage } from '@portal/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveChannel } from '../../api/live';
import { useWhen } from '../records/when';
import { newPedido, pictureSrc } from './pictures';
import { folderPath } from './remoteApi';

type PictureState =
  | { step: 'idle' }
  /** Spec section 4: a waiting indicator until the IMAGEM of this request arrives. */
  | { step: 'waiting'; pedido: string }
  | { step: 'failed'; code: string };

interface Shown {
  url: string;
  em: string;
}

/**
 * 'Take picture' (the live channel's comando foto with a fresh pedido): waits for the 'imagem'
 * event carrying that pedido, then shows the picture. A picture the device sends on its own
 * shows too. `handle` takes every message about the device.
 */
export function usePictureRequest(chave: string) {
  const [state, setState] = useState<PictureState>({ step: 'idle' });
  const [shown, setShown] = useState<Shown | null>(null);

  const request = useCallback(() => {
    const pedido = newPedido();
    // send is false while the socket is down: nothing was sent (spec section 8).
    if (liveChannel.send({ t: 'comando', chave, comando: 'foto', pedido })) setState({ step: 'waiting', pedido });
    else setState({ step: 'failed', code: 'LIVE_NOT_CONNECTED' });
  }, [chave]);

  const handle = useCallback((message: LiveServerMessage) => {
    if (message.t === 'imagem') {
      setShown({ url: message.url, em: message.em });
      setState((current) => (current.step === 'waiting' && current.pedido === message.pedido ? { step: 'idle' } : current));
    } else if (message.t === 'erro' && message.pedido !== undefined) {
      const { pedido, code } = message;
      setState((current) => (current.step === 'waiting' && current.pedido === pedido ? { step: 'failed', code } : current));
    }
  }, []);

  return { state, shown, request, handle };
}

/** Test ids: `picture-request`, `picture-waiting`, `picture-error`, `picture-image`, `picture-folder`. */
export function PictureCard({ picture, deviceId }: { picture: ReturnType<typeof usePictureRequest>; deviceId: number }) {
  const { t } = useTranslation();
  const when = useWhen();
  const { state, shown, request } = picture;
  const src = shown ? pictureSrc(shown.url) : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="picture-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('devices.remote.pictureTitle')}</Text>
          <Anchor component={Link} to={folderPath(deviceId)} size="sm" data-testid="picture-folder">
            <Group gap={4} component="span" wrap="nowrap">
              <IconFolder size={16} />
              {t('devices.remote.allPictures')}
            </Group>
          </Anchor>
        </Group>
        <Group gap="sm">
          <Button leftSection={<IconCamera size={18} />} onClick={request} variant="light" data-testid="picture-request">
            {state.step === 'waiting' ? t('devices.remote.takeAgain') : t('devices.remote.takePicture')}
          </Button>
          {state.step === 'waiting' && (
            <Group gap={6} data-testid="picture-waiting">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('devices.remote.waitingPicture')}
              </Text>
            </Group>
          )}
        </Group>
        {state.step === 'failed' && (
          <Alert color="red" variant="light" data-testid="picture-error">
            {t(`errors.${state.code}`, { defaultValue: t('errors.LIVE_COMMAND_FAILED') })}
          </Alert>
        )}
        {src && shown && (
          <Stack gap={4}>
            <Anchor href={src} target="_blank" rel="noopener noreferrer">
              <Image src={src} alt={t('devices.remote.pictureTitle')} radius="sm" mah={360} fit="contain" data-testid="picture-image" />
            </Anchor>
            <Text size="xs" c="dimmed">
              {when.dateTime(shown.em)}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
