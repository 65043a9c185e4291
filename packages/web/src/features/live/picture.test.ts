import { isErrorCode, type LiveServerMessage } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { PICTURE_IDLE, pictureReducer, type PictureState } from './picture';

const about = { chave: 'CS|1|AB', iddevice: 1, modelo: 'CS', serie: '1' };
const image = (pedido: string): LiveServerMessage => ({ t: 'imagem', em: '2026-03-05T10:00:00Z', pedido, url: `img_cs/${pedido}`, ...about });
const run = (events: Parameters<typeof pictureReducer>[1][], from: PictureState = PICTURE_IDLE) => events.reduce(pictureReducer, from);

describe('pictureReducer', () => {
  it('waits for the picture asked for and shows it, ignoring other pictures', () => {
    const waiting = run([{ type: 'sent', pedido: 'a1' }, { type: 'message', message: image('other') }]);
    expect(waiting).toEqual({ phase: 'waiting', pedido: 'a1' });
    expect(run([{ type: 'message', message: image('a1') }], waiting)).toEqual({ phase: 'done', pedido: 'a1', url: 'img_cs/a1', em: '2026-03-05T10:00:00Z' });
  });

  it('says LIVE_NOT_CONNECTED when the socket was down, and can be asked again', () => {
    const failed = run([{ type: 'notSent' }]);
    expect(failed).toEqual({ phase: 'failed', code: 'LIVE_NOT_CONNECTED' });
    expect(run([{ type: 'sent', pedido: 'b2' }], failed)).toEqual({ phase: 'waiting', pedido: 'b2' });
  });

  it('times out only the request still waiting; a late picture still shows', () => {
    const waiting = run([{ type: 'sent', pedido: 'c3' }]);
    expect(run([{ type: 'timeout', pedido: 'old' }], waiting)).toEqual(waiting);
    const late = run([{ type: 'timeout', pedido: 'c3' }], waiting);
    expect(late).toEqual({ phase: 'timeout', pedido: 'c3' });
    expect(run([{ type: 'message', message: image('c3') }], late).phase).toBe('done');
  });

  it('shows the portal’s refusal of the request', () => {
    const waiting = run([{ type: 'sent', pedido: 'd4' }]);
    expect(run([{ type: 'message', message: { t: 'erro', code: 'LIVE_DEVICE_NOT_REGISTERED', pedido: 'x' } }], waiting)).toEqual(waiting);
    expect(run([{ type: 'message', message: { t: 'erro', code: 'LIVE_DEVICE_NOT_REGISTERED', pedido: 'd4' } }], waiting)).toEqual({ phase: 'failed', code: 'LIVE_DEVICE_NOT_REGISTERED' });
  });

  it('shows a rate-limited request as an error code the panel translates', () => {
    const waiting = run([{ type: 'sent', pedido: 'e5' }]);
    const limited = run([{ type: 'message', message: { t: 'erro', code: 'RATE_LIMITED', pedido: 'e5', retryAfterSeconds: 8 } }], waiting);
    expect(limited).toEqual({ phase: 'failed', code: 'RATE_LIMITED' });
    // DeviceLivePanel shows errors.<code> for every known code.
    expect(isErrorCode('RATE_LIMITED')).toBe(true);
  });
});
