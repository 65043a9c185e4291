import type { PontoColeta } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Collection points (pontocoleta): getpontocoleta, registerpontocoleta, delpontocoleta {idponto}. */
export const pontoColetaApi = recordApi({
  name: 'pontocoleta',
  get: 'getpontocoleta',
  register: 'registerpontocoleta',
  del: 'delpontocoleta',
  idKey: 'idponto',
});

export const COLLECTION_POINTS_PATH = '/coletores';
export const collectionPointAddPath = `${COLLECTION_POINTS_PATH}/add`;
export const collectionPointPath = (record: Pick<PontoColeta, 'id'>) => `${COLLECTION_POINTS_PATH}/${record.id}`;
export const collectionPointHistoryPath = (record: Pick<PontoColeta, 'id'>) => `${COLLECTION_POINTS_PATH}/historico/${record.id}`;

/** The collector model (COLETOR) whose serials a point lists. */
export const COLLECTOR_MODELS = ['COLETOR'] as const;
