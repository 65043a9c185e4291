import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';

/** Spec sections 4 and 9: device online status refreshes every 60 s. */
export const STATUS_REFRESH_MS = 60_000;

export const remotePath = (id: number) => `/remoto/${id}`;
export const folderPath = (id: number) => `/folder/${id}`;

/** getremotelist: the live devices that can be watched remotely, with minutes since their last message. */
export function useRemoteList() {
  const { prop, ready } = useOwner();
  return useQuery({
    // Under the device lists' prefix (like the menu's): saving or deleting a device refreshes it too.
    queryKey: ['device', 'list', 'remote', prop ?? 'self'],
    queryFn: () => call('getremotelist', { query: { prop } }),
    enabled: ready,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** getfotos?id[&data]: the days with pictures and the pictures of `data` (or of the newest day). */
export function useFotos(id: number, data: string | null) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: ['device', 'fotos', prop ?? 'self', id, data ?? 'newest'],
    queryFn: () => call('getfotos', { query: { id, prop, data: data ?? undefined } }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}
