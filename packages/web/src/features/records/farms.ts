import type { Nucleo } from '@portal/shared';
import { recordApi } from './recordApi';

/**
 * Farms (nucleos): getnucleo, registernucleo, delnucleo {idnucleo}. A base record: every other
 * record links to a farm, so its calls and paths live here beside the pickers that list them.
 */
export const nucleoApi = recordApi({
  name: 'nucleo',
  get: 'getnucleo',
  register: 'registernucleo',
  del: 'delnucleo',
  idKey: 'idnucleo',
});

export const SITES_PATH = '/nucleos';
export const siteAddPath = `${SITES_PATH}/add`;
export const sitePath = (site: Pick<Nucleo, 'id'>) => `${SITES_PATH}/${site.id}`;
