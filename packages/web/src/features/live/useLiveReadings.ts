import { deviceKey, type LiveReading, type LiveServerMessage, type MsgColeta } from '@portal/shared';
import { useCallback, useState } from 'react';
import { useLiveDevices } from '../../api/live';
import { isCompleteBatch } from './readings';

/** What the screen knows of a device since it opened: its last reading and last picture. */
export interface DeviceLive {
  reading?: { leitura: LiveReading; em: string };
  image?: { url: string; em: string; pedido: string };
  /** A collector's last complete batch of 20 (its readings in between are the next batch filling). */
  lastBatch?: { leitura: MsgColeta; em: string };
}

export type LiveByKey = Readonly<Record<string, DeviceLive>>;

/** The state after one message (pure, so the screens and tests agree on it). */
export function applyLiveMessage(state: LiveByKey, message: LiveServerMessage): LiveByKey {
  if (message.t === 'leitura') {
    const { leitura, em } = message;
    const lastBatch = leitura.tipo === 'COLETA' && isCompleteBatch(leitura) ? { lastBatch: { leitura, em } } : {};
    return { ...state, [message.chave]: { ...state[message.chave], reading: { leitura, em }, ...lastBatch } };
  }
  if (message.t === 'imagem') {
    return { ...state, [message.chave]: { ...state[message.chave], image: { url: message.url, em: message.em, pedido: message.pedido } } };
  }
  return state;
}

/**
 * Registers the live devices among `devices` on the tab's socket while the screen is open and
 * keeps each one's last reading and picture by device key. Every message about them also goes to
 * `onMessage` (weighings, command answers, errors).
 */
export function useLiveReadings(
  devices: readonly { modelo: string; serie: string; chip_id: string }[],
  onMessage?: (message: LiveServerMessage) => void,
): { live: LiveByKey; liveOf: (device: { modelo: string; serie: string; chip_id: string }) => DeviceLive | undefined } {
  const [live, setLive] = useState<LiveByKey>({});
  useLiveDevices(devices, (message) => {
    if (message.t === 'leitura' || message.t === 'imagem') setLive((state) => applyLiveMessage(state, message));
    onMessage?.(message);
  });
  const liveOf = useCallback((device: { modelo: string; serie: string; chip_id: string }) => live[deviceKey(device)], [live]);
  return { live, liveOf };
}
