import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterTokenApiBody } from '@portal/shared';
import { apiTokensApi } from '../../api/apiTokens';
import { useOwner } from '../records/owner';

export const API_TOKENS_PATH = '/tokens';

const LIST_KEY = ['tokenapi', 'list'] as const;

/** The signed-in owner's tokens; not asked while acting for another owner (tokens stay with their owner). */
export function useApiTokens() {
  const { ready, isOther } = useOwner();
  return useQuery({ queryKey: LIST_KEY, queryFn: () => apiTokensApi.list(), enabled: ready && !isOther });
}

/**
 * Creates a token. The answer (with the token itself) goes to the caller only: the list is
 * refetched, so the query cache never holds the token.
 */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterTokenApiBody) => apiTokensApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idtoken: number) => apiTokensApi.revoke(idtoken),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}
