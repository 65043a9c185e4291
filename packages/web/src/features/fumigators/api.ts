import type { Fumigador } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Fumigators and dosers: getfumigador, registerfumigador, delfumigador {idfumigador}. */
export const fumigadorApi = recordApi({
  name: 'fumigador',
  get: 'getfumigador',
  register: 'registerfumigador',
  del: 'delfumigador',
  idKey: 'idfumigador',
});

export const FUMIGATORS_PATH = '/fumigadores';
export const fumigatorAddPath = `${FUMIGATORS_PATH}/add`;
export const fumigatorPath = (record: Pick<Fumigador, 'id'>) => `${FUMIGATORS_PATH}/${record.id}`;
export const fumigatorHistoryPath = (record: Pick<Fumigador, 'id'>) => `${FUMIGATORS_PATH}/historico/${record.id}`;
