import type { Lote } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Flocks (lotes): getlote, registerlote, dellote {idlote}. */
export const loteApi = recordApi({
  name: 'lote',
  get: 'getlote',
  register: 'registerlote',
  del: 'dellote',
  idKey: 'idlote',
});

export const FLOCKS_PATH = '/lotes';
export const flockAddPath = `${FLOCKS_PATH}/add`;
export const flockPath = (flock: Pick<Lote, 'id'>) => `${FLOCKS_PATH}/${flock.id}`;
