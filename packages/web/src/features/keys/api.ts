import { useQuery } from '@tanstack/react-query';
import type { Chave, ChaveCreated, registerChaveBody } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import { recordApi, type RecordApi } from '../records/recordApi';

/** Access keys (chaves): getchave[?id], registerchave, delchave {idchave}; history: getchavehist. */
const baseApi = recordApi({
  name: 'chave',
  get: 'getchave',
  register: 'registerchave',
  del: 'delchave',
  idKey: 'idchave',
});

/**
 * The key itself arrives once, in registerchave's answer when it creates one. It is kept here,
 * out of the query cache, until the new key's page has shown it (takeRevealed), and never again.
 */
const revealed = new Map<number, string>();

export const keyApi: RecordApi<ChaveCreated, typeof registerChaveBody> = {
  ...baseApi,
  save: async (body, id, prop) => {
    const { chave, ...saved } = await baseApi.save(body, id, prop);
    if (chave) revealed.set(saved.id, chave);
    return saved;
  },
};

/** The new key of `id`, if it was just created in this tab. */
export const peekRevealed = (id: number): string | undefined => revealed.get(id);
export const forgetRevealed = (id: number) => revealed.delete(id);

export const KEYS_PATH = '/chaves';
export const keyAddPath = `${KEYS_PATH}/add`;
export const keyHistoryPath = (chave?: Pick<Chave, 'id'>) => `${KEYS_PATH}/historico${chave ? `?chave=${chave.id}` : ''}`;
export const keyPath = (chave: Pick<Chave, 'id'>) => `${KEYS_PATH}/${chave.id}`;

/** The owner's keys; not asked while acting for another owner (keys stay with their owner). */
export function useKeyList() {
  const { prop, ready, isOther } = useOwner();
  return useQuery({
    queryKey: keyApi.keys.list(prop),
    queryFn: () => keyApi.list(prop),
    enabled: ready && !isOther,
  });
}

/** Uses of the owner's keys (or of one), newest first. */
export function useKeyHistory(idchave: number | null, enabled: boolean) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: [baseApi.name, 'hist', prop ?? 'self', idchave ?? 'all'],
    queryFn: () => call('getchavehist', { body: { ...(idchave === null ? {} : { idchave }), ...(prop === undefined ? {} : { prop }) } }),
    enabled: ready && enabled,
  });
}
