import type { IntegracaoConfig, MtechConfig } from '@portal/shared';
import { recordApi } from '../records/recordApi';

/** Integration settings (integracao): getintegracao_config, register_config_integracao, delintegracao {idindice}. */
export const integracaoApi = recordApi({
  name: 'integracao',
  get: 'getintegracao_config',
  register: 'register_config_integracao',
  del: 'delintegracao',
  idKey: 'idindice',
});

/** Mtech settings: getmtech_config, register_config_mtech, delmtech {idindice}. */
export const mtechApi = recordApi({
  name: 'mtech',
  get: 'getmtech_config',
  register: 'register_config_mtech',
  del: 'delmtech',
  idKey: 'idindice',
});

export type AnyConfig = IntegracaoConfig | MtechConfig;
