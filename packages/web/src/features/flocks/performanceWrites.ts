import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterDiarioBody, RegisterFechamentoBody } from '@portal/shared';
import { call } from '../../api/client';
import { submitOrQueue } from '../../offline';
import { useOwner } from '../records/owner';
import { loteApi, performanceKeys } from './api';

/**
 * After any write of a flock's performance data, its page asks everything again. Not awaited: the
 * form closes at once, and offline the asking waits for the connection (paused queries).
 */
function useRefreshFlock() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
    void queryClient.invalidateQueries({ queryKey: loteApi.keys.all });
  };
}

/** What a daily record's save came to: stored now, or kept on this device until the connection returns. */
export type DailyOutcome = { state: 'sent' } | { state: 'pending' };

/** The offline queue's group of a flock's writes (its page lists them as pending). */
export const flockQueueGroup = (loteId: number) => `lote:${loteId}`;

/**
 * registerdiario for the owner acted for, through the offline queue: in a shed without signal it
 * is kept on this device and sent when the connection returns. The body carries the client's uid,
 * so a resend (a lost answer) is stored once.
 */
export function useSaveDaily() {
  const { prop } = useOwner();
  const refresh = useRefreshFlock();
  return useMutation({
    // Offline the queue keeps the write: the mutation must run then, not wait for a connection.
    networkMode: 'always',
    mutationFn: async ({ body, label }: { body: RegisterDiarioBody & { uid: string }; label: string }): Promise<DailyOutcome> => {
      const sent = await submitOrQueue('registerdiario', prop === undefined ? body : { ...body, prop }, { label, group: flockQueueGroup(body.lote_id) });
      return { state: sent.state };
    },
    onSuccess: refresh,
  });
}

/** deldiario {id}. */
export function useDeleteDaily() {
  const { prop } = useOwner();
  const refresh = useRefreshFlock();
  return useMutation({
    mutationFn: (id: number) => call('deldiario', { body: prop === undefined ? { id } : { id, prop } }),
    onSuccess: refresh,
  });
}

/** registerfechamento: answers the closed flock. */
export function useCloseOut() {
  const { prop } = useOwner();
  const refresh = useRefreshFlock();
  return useMutation({
    mutationFn: (body: RegisterFechamentoBody) => call('registerfechamento', { body: prop === undefined ? body : { ...body, prop } }),
    onSuccess: refresh,
  });
}
