import { nucleo, nucleoList, registerNucleoBody, type Nucleo } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Farms (nucleos): getnucleo, registernucleo, delnucleo {idnucleo}. */
export const nucleoApi = recordApi({
  name: 'nucleo',
  get: 'getnucleo',
  register: 'registernucleo',
  del: 'delnucleo',
  idKey: 'idnucleo',
  one: nucleo,
  list: nucleoList,
  body: registerNucleoBody,
});

export const SITES_PATH = '/nucleos';
export const siteAddPath = `${SITES_PATH}/add`;
export const sitePath = (site: Pick<Nucleo, 'id'>) => `${SITES_PATH}/${site.id}`;
