import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permissao, SetPermissoesBody } from '@portal/shared';
import { call } from '../../api/client';
import { OWNERS_QUERY_KEY } from '../records/owner';
import { nucleoApi } from '../records/farms';

/**
 * Permissions are always the caller's own (no `prop`): permissoes {} (grants I gave),
 * setpermissoes {email, nivel, nucleos} (grant, change, or remove with nivel 'nenhum'); the
 * owners who granted me access come from proprietarios, through useOwner (records/owner.ts).
 */
export const PERMISSIONS_QUERY_KEY = ['permissoes'] as const;

export const PERMISSIONS_PATH = '/permissoes';
export const permissionAddPath = `${PERMISSIONS_PATH}/add`;
export const permissionPath = (grant: Pick<Permissao, 'iduser'>) => `${PERMISSIONS_PATH}/${grant.iduser}`;

export function usePermissions() {
  return useQuery({
    queryKey: PERMISSIONS_QUERY_KEY,
    queryFn: () => call('permissoes'),
  });
}

/** Saves a grant; the answer is the whole new list, which replaces the cached one. */
export function useSetPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPermissoesBody) => call('setpermissoes', { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(PERMISSIONS_QUERY_KEY, answer.permissoes);
      // Whoever acts for whom may have changed (also for this user, when testing with two tabs).
      await queryClient.invalidateQueries({ queryKey: OWNERS_QUERY_KEY });
    },
  });
}

/** My own farms, whichever owner the record screens act for: grants cover the granting owner's farms. */
export function useMyFarms() {
  return useQuery({
    queryKey: nucleoApi.keys.list(undefined),
    queryFn: () => nucleoApi.list(undefined),
  });
}
