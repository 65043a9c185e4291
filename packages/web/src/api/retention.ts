import type { Retencao, SetRetencaoBody } from '@portal/shared';
import { call } from './client';

/** How long the account's device readings are kept raw (getretencao, setretencao), typed by the call table. */
export const retentionApi = {
  get: (): Promise<Retencao> => call('getretencao'),

  set: (body: SetRetencaoBody): Promise<Retencao> => call('setretencao', { body }),
};
