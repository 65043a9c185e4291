import { splitPiped, type FieldError, type PontoColeta } from '@portal/shared';
import { optionalId } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { pontoColetaApi } from './api';

/** Select inputs hold the chosen id as text, '' while nothing is chosen; collectors by serial. */
export interface PointValues {
  nome: string;
  nucleo_id: string;
  aviario_id: string;
  serie_coletores: string[];
  obs: string;
}

export function pointValues(record?: PontoColeta): PointValues {
  return {
    nome: record?.nome ?? '',
    nucleo_id: record?.nucleo_id ? String(record.nucleo_id) : '',
    aviario_id: record?.aviario_id ? String(record.aviario_id) : '',
    serie_coletores: splitPiped(record?.serie_coletores ?? ''),
    obs: record?.obs ?? '',
  };
}

/** The serials as the wire carries them (spec section 3): pipe-separated, 'C-01|C-02'. */
export const pipedSerials = (serials: string[]) => serials.join('|');

/** registerpontocoleta's body. */
export function pointBody(values: PointValues): RecordBody<(typeof pontoColetaApi)['body']> {
  return {
    nome: values.nome,
    nucleo_id: optionalId(values.nucleo_id),
    aviario_id: values.nucleo_id ? optionalId(values.aviario_id) : null,
    serie_coletores: pipedSerials(values.serie_coletores),
    obs: values.obs,
  };
}

/**
 * The serial a COLLECTOR_NOT_FOUND refusal names: the server ends the entry's message with it
 * ('…: C-99'); failing that, the first chosen serial that is not among the owner's collectors.
 */
export function refusedSerial(error: unknown, chosen: string[], collectors: Set<string>): string | null {
  // An ApiError, read by its fields (this file stays free of the client and its i18n).
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: FieldError[] };
  const entry = Array.isArray(errors) ? errors.find((item) => item.code === 'COLLECTOR_NOT_FOUND') : undefined;
  if (!entry && code !== 'COLLECTOR_NOT_FOUND') return null;
  const named = /:\s*([A-Za-z0-9._-]{1,40})\s*$/.exec(entry?.msg ?? (typeof message === 'string' ? message : ''))?.[1];
  return named ?? chosen.find((serial) => !collectors.has(serial)) ?? null;
}
