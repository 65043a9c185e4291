import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEntregaBody, MovimentoTipo, RegisterSiloMovBody, Silo } from '@portal/shared';
import { call } from '../../api/client';
import { useOwner } from '../records/owner';
import { recordApi } from '../records/recordApi';

/** Silos: getsilo, registersilo, delsilo {idsilo}. */
export const siloApi = recordApi({
  name: 'silo',
  get: 'getsilo',
  register: 'registersilo',
  del: 'delsilo',
  idKey: 'idsilo',
});

export const SILOS_PATH = '/silos';
export const siloAddPath = `${SILOS_PATH}/add`;
export const siloPath = (record: Pick<Silo, 'id'>) => `${SILOS_PATH}/${record.id}`;
export const balancePath = (siloId: number) => `${SILOS_PATH}/${siloId}/saldo`;
export const movementPath = (siloId: number, tipo: MovimentoTipo) => `${SILOS_PATH}/${siloId}/${tipo}`;

/** What a movement save sends: the body without the owner, which the hook adds. */
export type MovementBody = Omit<RegisterSiloMovBody, 'prop'>;

const movementsKey = (siloId: number, prop?: number) => ['silo', 'movements', prop ?? 'self', siloId] as const;

const withProp = <V extends object>(value: V, prop?: number) => (prop === undefined ? value : { ...value, prop });

/** GET getsilomov?id=&prop=: a silo's movements, oldest first, each with the balance after it. */
export function useSiloMovements(siloId: number) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: movementsKey(siloId, prop),
    queryFn: () => call('getsilomov', { query: { id: siloId, prop } }),
    enabled: ready,
  });
}

/**
 * A movement changes balances: of its silo, and of the other silo of a transfer. The answer (or a
 * delete) refreshes the silos' lists and records and every movement list.
 */
const afterMovement = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: siloApi.keys.all });

/** POST registersilomov: answers the silo's movements, which replace the cached ones. */
export function useAddMovement() {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MovementBody) => call('registersilomov', { body: withProp(body, prop) }),
    onSuccess: async (movements, body) => {
      queryClient.setQueryData(movementsKey(body.idsilo, prop), movements);
      await afterMovement(queryClient);
    },
  });
}

/** POST delsilomov {idmov, prop}. */
export function useRemoveMovement() {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idmov: number) => call('delsilomov', { body: withProp({ idmov }, prop) }),
    onSuccess: () => afterMovement(queryClient),
  });
}

/** GET getsiloleituras?id&di&df&prop: the silo's balance over a period (scale readings, days, deliveries). */
export function useSiloBalance(siloId: number, period: { di: string; df: string } | null) {
  const { prop, ready } = useOwner();
  return useQuery({
    // Under the silo keys: a movement (or its deletion) refreshes it with the rest.
    queryKey: ['silo', 'balance', prop ?? 'self', siloId, period?.di, period?.df] as const,
    queryFn: () => call('getsiloleituras', { query: { id: siloId, di: period!.di, df: period!.df, prop } }),
    enabled: ready && period !== null,
  });
}

/** POST confirmentrega {idsilo, em, confirmar, prop}: confirming records a delivery movement. */
export function useDecideDelivery() {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ConfirmEntregaBody, 'prop'>) => call('confirmentrega', { body: withProp(body, prop) }),
    onSuccess: () => afterMovement(queryClient),
  });
}

/** GET getsilofim?prop: every scale silo's balance and cautious "empty by", soonest first (under the silo keys: a movement refreshes it). */
export function useSiloRunOut() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: ['silo', 'runout', prop ?? 'self'] as const,
    queryFn: () => call('getsilofim', { query: { prop } }),
    enabled: ready,
  });
}
