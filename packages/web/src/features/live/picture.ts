import type { LiveServerMessage } from '@portal/shared';

/** How long the device page waits for the picture it asked for. */
export const PICTURE_TIMEOUT_MS = 30_000;

/**
 * A 'Take picture' request (spec section 4: a waiting indicator until the IMAGEM arrives).
 * failed carries an error code (LIVE_NOT_CONNECTED when the socket was down: nothing was sent).
 */
export type PictureState =
  | { phase: 'idle' }
  | { phase: 'waiting'; pedido: string }
  | { phase: 'done'; pedido: string; url: string; em: string }
  | { phase: 'failed'; code: string }
  | { phase: 'timeout'; pedido: string };

export type PictureEvent =
  | { type: 'sent'; pedido: string }
  | { type: 'notSent' }
  | { type: 'timeout'; pedido: string }
  | { type: 'message'; message: LiveServerMessage };

export const PICTURE_IDLE: PictureState = { phase: 'idle' };

export function pictureReducer(state: PictureState, event: PictureEvent): PictureState {
  switch (event.type) {
    case 'sent':
      return { phase: 'waiting', pedido: event.pedido };
    case 'notSent':
      return { phase: 'failed', code: 'LIVE_NOT_CONNECTED' };
    case 'timeout':
      return state.phase === 'waiting' && state.pedido === event.pedido ? { phase: 'timeout', pedido: event.pedido } : state;
    case 'message': {
      const { message } = event;
      // A late picture still shows after the timeout message: it is the one asked for.
      const asked = state.phase === 'waiting' || state.phase === 'timeout' ? state.pedido : null;
      if (asked === null) return state;
      if (message.t === 'imagem' && message.pedido === asked) return { phase: 'done', pedido: asked, url: message.url, em: message.em };
      if (message.t === 'erro' && message.pedido === asked && state.phase === 'waiting') return { phase: 'failed', code: message.code };
      return state;
    }
  }
}
