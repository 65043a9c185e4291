import type { Lote } from '@portal/shared';
import { isoToMasked, optionalDate } from '../records/dates';
import { optionalId, requiredId, requiredNumber, type NumberValue } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { loteApi } from './api';

/**
 * The flock form. Selects hold ids as text ('' when none chosen), dates dd/mm/yyyy as typed:
 * both are turned into the wire's numbers and YYYY-MM-DD only when the body is built.
 */
export interface FlockValues {
  codigo: string;
  nucleo_id: string;
  aviarios: string[];
  data_alojamento: string;
  linhagem: string;
  padrao_id: string;
  aves_macho: NumberValue;
  aves_femea: NumberValue;
  aves_misto: NumberValue;
  data_encerramento: string;
  obs: string;
}

/** The form of a stored flock, or of a new one. */
export function flockValues(flock?: Lote): FlockValues {
  return {
    codigo: flock?.codigo ?? '',
    nucleo_id: flock ? String(flock.nucleo_id) : '',
    aviarios: (flock?.aviarios ?? []).map((house) => String(house.id)),
    data_alojamento: isoToMasked(flock?.data_alojamento),
    linhagem: flock?.linhagem ?? '',
    padrao_id: flock?.padrao_id ? String(flock.padrao_id) : '',
    aves_macho: flock?.aves_macho ?? 0,
    aves_femea: flock?.aves_femea ?? 0,
    aves_misto: flock?.aves_misto ?? 0,
    data_encerramento: isoToMasked(flock?.data_encerramento),
    obs: flock?.obs ?? '',
  };
}

const count = (value: NumberValue) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Birds placed (males, females and mixed), as typed so far. */
export const placedBirds = (values: Pick<FlockValues, 'aves_macho' | 'aves_femea' | 'aves_misto'>) =>
  count(values.aves_macho) + count(values.aves_femea) + count(values.aves_misto);

/**
 * registerlote's body (the flock's mortality is no longer part of it: it lives in the daily house
 * records, registerdiario).
 */
export function flockBody(values: FlockValues): RecordBody<(typeof loteApi)['body']> {
  return {
    codigo: values.codigo,
    nucleo_id: requiredId(values.nucleo_id),
    aviarios: values.aviarios.map(Number),
    data_alojamento: optionalDate(values.data_alojamento),
    linhagem: values.linhagem,
    padrao_id: optionalId(values.padrao_id),
    aves_macho: requiredNumber(values.aves_macho),
    aves_femea: requiredNumber(values.aves_femea),
    aves_misto: requiredNumber(values.aves_misto),
    data_encerramento: optionalDate(values.data_encerramento),
    obs: values.obs,
  };
}
