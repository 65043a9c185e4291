import { notifications } from '@mantine/notifications';
import { deviceKey, isErrorCode, type LiveDevice } from '@portal/shared';
import type { TFunction } from 'i18next';
import { liveChannel } from '../../api/live';
import { newPedido } from './readings';

/** How long an 'update' waits for the portal's answer before forgetting it. */
const ANSWER_WAIT_MS = 30_000;

const warn = (message: string) => notifications.show({ color: 'yellow', message, autoClose: 8000 });

/**
 * Tells `devices` their record changed (spec section 7: 'update' after a device or collection
 * point is saved). The save already succeeded: a socket that is down (spec section 8: the message
 * is not sent) or a refusal from the portal only shows a yellow notice. The devices must be
 * registered on the socket by the screen (useLiveDevices) for the portal to accept the command.
 */
export function sendUpdates(devices: readonly { modelo: string; serie: string; chip_id: string }[], t: TFunction): void {
  if (devices.length === 0) return;
  const pending = new Set<string>();
  let notSent = false;
  for (const device of devices) {
    const pedido = newPedido();
    const sent = liveChannel.send({ t: 'comando', chave: deviceKey(device as LiveDevice), comando: 'update', pedido });
    if (sent) pending.add(pedido);
    else notSent = true;
  }
  if (notSent) warn(t('errors.LIVE_NOT_CONNECTED'));
  if (pending.size === 0) return;
  let warned = false;
  const stop = liveChannel.listen((message) => {
    const pedido = 'pedido' in message ? message.pedido : undefined;
    if (pedido === undefined || !pending.has(pedido)) return;
    if (message.t === 'erro' && !warned) {
      warned = true;
      console.error('live channel: update refused', message.code);
      warn(isErrorCode(message.code) ? t(`errors.${message.code}`) : t('errors.LIVE_COMMAND_FAILED'));
    }
    if (message.t === 'erro' || message.t === 'comando_enviado') pending.delete(pedido);
    if (pending.size === 0) finish();
  });
  const timer = setTimeout(() => finish(), ANSWER_WAIT_MS);
  function finish() {
    clearTimeout(timer);
    stop();
  }
}
