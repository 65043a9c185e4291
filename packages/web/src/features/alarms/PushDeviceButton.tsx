import { Button, Group, Text } from '@mantine/core';
import { IconBellOff, IconDeviceMobileMessage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { MessageArea, type Message } from '../../components/MessageArea';
import { currentSubscription, PushDeviceError, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './pushDevice';

type DeviceState = 'checking' | 'unsupported' | 'off' | 'on';

/**
 * "Enable notifications on this device" / "turn them off": the browser's permission, the service
 * worker's subscription and the portal's copy. Test ids `push-device` (`data-state`),
 * `push-enable`, `push-disable`, `push-message`.
 */
export function PushDeviceButton() {
  const { t } = useTranslation();
  const [state, setState] = useState<DeviceState>(pushSupported() ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    currentSubscription()
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch((error: unknown) => {
        console.error('[push] the subscription could not be read', error);
        setState('off');
      });
  }, []);

  const failed = (error: unknown) => {
    if (!(error instanceof PushDeviceError)) console.error('[push] the device could not be (un)subscribed', error);
    setMessage({ tone: 'error', text: error instanceof PushDeviceError ? t(`alarms.preferences.push.problems.${error.problem}`) : errorText(error, t) });
  };
  const run = (work: () => Promise<unknown>, next: DeviceState, done: string) => {
    setBusy(true);
    setMessage(null);
    work()
      .then(() => {
        setState(next);
        setMessage({ tone: 'success', text: t(done) });
      })
      .catch(failed)
      .finally(() => setBusy(false));
  };

  return (
    <div data-testid="push-device" data-state={state}>
      <Text size="sm" fw={600}>{t('alarms.preferences.push.deviceTitle')}</Text>
      <Text size="sm" c="dimmed" mb="xs">
        {state === 'unsupported' ? t('alarms.preferences.push.problems.unsupported') : t(state === 'on' ? 'alarms.preferences.push.isOn' : 'alarms.preferences.push.isOff')}
      </Text>
      <Group gap="sm">
        {state !== 'on' && (
          <Button
            variant="light"
            leftSection={<IconDeviceMobileMessage size={18} />}
            disabled={state === 'unsupported' || state === 'checking'}
            loading={busy}
            // The words wrap on a phone instead of being cut.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            onClick={() => run(subscribeThisDevice, 'on', 'alarms.preferences.push.enabled')}
            data-testid="push-enable"
          >
            {t('alarms.preferences.push.enable')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="default" leftSection={<IconBellOff size={18} />} loading={busy} onClick={() => run(unsubscribeThisDevice, 'off', 'alarms.preferences.push.disabled')} data-testid="push-disable">
            {t('alarms.preferences.push.disable')}
          </Button>
        )}
      </Group>
      <MessageArea message={message} testId="push-message" />
    </div>
  );
}
