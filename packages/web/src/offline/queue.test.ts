import { beforeEach, describe, expect, it, vi } from 'vitest';

// IndexedDB as a Map (idb-keyval's calls the queue uses), and the API client's `call` as a fake server.
const { rows, call, ApiError } = vi.hoisted(() => {
  class ApiError extends Error {
    constructor(readonly code: string, message: string, readonly status: number) {
      super(message);
    }
  }
  return { rows: new Map<string, unknown>(), call: vi.fn(), ApiError };
});
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => rows.get(key),
  set: async (key: string, value: unknown) => void rows.set(key, structuredClone(value)),
  del: async (key: string) => void rows.delete(key),
  values: async () => [...rows.values()],
}));
// The client's own rule of what may pass by itself (no answer, 408, 5xx), as client.ts has it.
vi.mock('../api/client', () => ({
  ApiError,
  call: (...args: unknown[]) => call(...args),
  isTemporaryFailure: (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 408 || error.status >= 500),
}));
vi.mock('../i18n', () => ({ default: { t: (key: string) => key } }));
vi.mock('../api/errorText', () => ({ errorText: (error: InstanceType<typeof ApiError>) => `translated ${error.code}` }));

const queue = await import('./queue');

const body = (uid: string) => ({ uid, lote_id: 1, aviario_id: 2, data: '2026-11-20', sexo: 'misto' as const, pesos: [1500] });
const meta = { label: 'Pesagem manual', group: 'lote:1' };
const sentUids = () => call.mock.calls.map(([, options]) => (options as { body: { uid: string } }).body.uid);
let online = true;

beforeEach(() => {
  rows.clear();
  call.mockReset();
  online = true;
  vi.stubGlobal('navigator', { get onLine() { return online; } });
  queue.setQueueUser(7);
});

describe('the offline queue', () => {
  it('keeps a write made offline, without trying to send it, and sends it when back online', async () => {
    online = false;
    expect(await queue.submitOrQueue('registerpesagemmanual', body('a'), meta)).toEqual({ state: 'pending' });
    expect(call).not.toHaveBeenCalled();
    expect(await queue.pendingCalls('lote:1')).toMatchObject([{ uid: 'a', name: 'registerpesagemmanual', meta, userId: 7, state: 'pending' }]);
    expect(await queue.pendingCalls('lote:2')).toEqual([]);

    online = true;
    call.mockResolvedValue({ uid: 'a', aves: 1, peso_medio_g: 1500, repetido: false });
    await queue.replayPending();
    expect(sentUids()).toEqual(['a']);
    expect(await queue.pendingCalls()).toEqual([]);
  });

  it('queues on a network failure, answers a server refusal as an error, and sends at once when it can', async () => {
    call.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 'Network error', 0));
    expect(await queue.submitOrQueue('registerpesagemmanual', body('a'), meta)).toEqual({ state: 'pending' });
    rows.clear();
    call.mockRejectedValueOnce(new ApiError('FIELD_INVALID', 'bad', 400));
    await expect(queue.submitOrQueue('registerpesagemmanual', body('b'), meta)).rejects.toMatchObject({ status: 400 });
    call.mockRejectedValueOnce(new ApiError('INTERNAL', 'down', 500));
    await expect(queue.submitOrQueue('registerpesagemmanual', body('c'), meta)).rejects.toMatchObject({ status: 500 });
    expect(rows.size).toBe(0);
    call.mockResolvedValueOnce({ uid: 'd', aves: 1, peso_medio_g: 1500, repetido: false });
    expect(await queue.submitOrQueue('registerpesagemmanual', body('d'), meta)).toEqual({ state: 'sent', response: { uid: 'd', aves: 1, peso_medio_g: 1500, repetido: false } });
  });

  it('sends in creation order, stops at a 5xx keeping the rest pending, marks a 4xx failed until discarded', async () => {
    online = false;
    for (const uid of ['a', 'b', 'c']) {
      await queue.submitOrQueue('registerpesagemmanual', body(uid), meta);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    online = true;
    call.mockResolvedValueOnce({}).mockRejectedValueOnce(new ApiError('DATABASE_UNAVAILABLE', 'down', 503));
    await queue.replayPending();
    expect(sentUids()).toEqual(['a', 'b']);
    expect((await queue.pendingCalls()).map((entry) => [entry.uid, entry.state])).toEqual([['b', 'pending'], ['c', 'pending']]);

    call.mockReset();
    call.mockRejectedValueOnce(new ApiError('NOT_FOUND', 'gone', 404)).mockResolvedValueOnce({});
    await queue.replayPending();
    expect(sentUids()).toEqual(['b', 'c']);
    const [failed] = await queue.pendingCalls();
    expect(failed).toMatchObject({ uid: 'b', state: 'failed', error: { code: 'NOT_FOUND' } });
    expect(failed!.error!.message).toBe('translated NOT_FOUND');

    // A failed entry is not sent again; the user discards it.
    call.mockReset();
    await queue.replayPending();
    expect(call).not.toHaveBeenCalled();
    await queue.discardPending('b');
    expect(await queue.pendingCalls()).toEqual([]);
  });

  it('never sends an entry twice when rounds overlap, and sends only the signed-in user\'s entries', async () => {
    online = false;
    await queue.submitOrQueue('registerpesagemmanual', body('mine'), meta);
    queue.setQueueUser(8);
    await queue.submitOrQueue('registerpesagemmanual', body('theirs'), meta);
    queue.setQueueUser(7);
    online = true;
    let release: () => void = () => undefined;
    call.mockImplementation(() => new Promise((resolve) => (release = () => resolve({}))));
    const rounds = [queue.replayPending(), queue.replayPending(), queue.replayPending()];
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    release();
    await Promise.all(rounds);
    expect(sentUids()).toEqual(['mine']);
    expect([...rows.keys()]).toEqual(['theirs']);
  });
});
