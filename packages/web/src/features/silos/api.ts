import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletedResponse,
  registerSiloBody,
  silo,
  siloList,
  siloMovimentoList,
  type MovimentoTipo,
  type RegisterSiloMovBody,
  type Silo,
} from '@portal/shared';
import { apiRequest } from '../../api/client';
import { useOwner } from '../records/owner';
import { recordApi } from '../records/recordApi';

/** Silos: getsilo, registersilo, delsilo {idsilo}. */
export const siloApi = recordApi({
  name: 'silo',
  get: 'getsilo',
  register: 'registersilo',
  del: 'delsilo',
  idKey: 'idsilo',
  one: silo,
  list: siloList,
  body: registerSiloBody,
});

export const SILOS_PATH = '/silos';
export const siloAddPath = `${SILOS_PATH}/add`;
export const siloPath = (record: Pick<Silo, 'id'>) => `${SILOS_PATH}/${record.id}`;
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
    queryFn: () => apiRequest('getsilomov', { query: { id: siloId, prop }, schema: siloMovimentoList }),
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
    mutationFn: (body: MovementBody) => apiRequest('registersilomov', { method: 'POST', body: withProp(body, prop), schema: siloMovimentoList }),
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
    mutationFn: (idmov: number) => apiRequest('delsilomov', { method: 'POST', body: withProp({ idmov }, prop), schema: deletedResponse }),
    onSuccess: () => afterMovement(queryClient),
  });
}
