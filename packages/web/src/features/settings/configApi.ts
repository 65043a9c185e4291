import type { ConfigTipo, IntegracaoConfig, IntegracaoEnvio, IntegracaoEnvios, MtechConfig } from '@portal/shared';
import { call } from '../../api/client';
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
/** integracao names the other system (sistema); mtech the company code there (empresa). */
export type ConfigKind = ConfigTipo;

/** Which configuration an export call names: both kinds share one id space, `tipo` tells them apart. */
export interface ConfigRef {
  tipo: ConfigTipo;
  id: number;
  /** The owner acted for (settings are the owner's own: in practice undefined). */
  prop?: number | undefined;
}

const withProp = <V extends object>(value: V, prop: number | undefined) => (prop === undefined ? value : { ...value, prop });

/**
 * The export of a configuration (issue 21): its delivery log (getintegracaoenvios), "Enviar agora" /
 * "Reenviar desde" (enviarintegracao, which also resumes a paused one) and a new signing secret
 * (novosegredointegracao, answered once).
 */
export const enviosApi = {
  get: ({ tipo, id, prop }: ConfigRef): Promise<IntegracaoEnvios> => call('getintegracaoenvios', { query: { id, tipo, prop } }),

  /** `desde` (YYYY-MM-DD): sends every kind again from that day; without it, what changed since the last delivery. */
  send: ({ tipo, id, prop }: ConfigRef, desde?: string): Promise<IntegracaoEnvio> =>
    call('enviarintegracao', { body: withProp({ idindice: id, tipo, ...(desde ? { desde } : {}) }, prop) }),

  newSecret: ({ tipo, id, prop }: ConfigRef): Promise<{ segredo: string }> => call('novosegredointegracao', { body: withProp({ idindice: id, tipo }, prop) }),

  keys: {
    all: ['envios'] as const,
    one: ({ tipo, id, prop }: ConfigRef) => ['envios', tipo, id, prop ?? 'self'] as const,
  },
};
