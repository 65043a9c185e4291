import type { Silo } from '@portal/shared';
import { numberOrEmpty, optionalId, requiredId, requiredNumber, type NumberValue } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { siloApi } from './api';

/** Select inputs hold the chosen id as text, '' while nothing is chosen. */
export interface SiloValues {
  nome: string;
  nucleo_id: string;
  capacidade_kg: NumberValue;
  tipo_racao: string;
  device_id: string;
  aviarios: string[];
  obs: string;
}

export function siloValues(record?: Silo): SiloValues {
  return {
    nome: record?.nome ?? '',
    nucleo_id: record ? String(record.nucleo_id) : '',
    capacidade_kg: numberOrEmpty(record?.capacidade_kg),
    tipo_racao: record?.tipo_racao ?? '',
    device_id: record?.device_id ? String(record.device_id) : '',
    aviarios: (record?.aviarios ?? []).map((house) => String(house.id)),
    obs: record?.obs ?? '',
  };
}

/** registersilo's body. */
export function siloBody(values: SiloValues): RecordBody<(typeof siloApi)['body']> {
  return {
    nome: values.nome,
    nucleo_id: requiredId(values.nucleo_id),
    capacidade_kg: requiredNumber(values.capacidade_kg),
    tipo_racao: values.tipo_racao,
    device_id: optionalId(values.device_id),
    aviarios: values.aviarios.map(Number),
    obs: values.obs,
  };
}

/** The share of the capacity the balance fills, 0..∞ (null without a capacity). */
export const fillPercent = (saldo: number, capacidade: number) => (capacidade > 0 ? (saldo / capacidade) * 100 : null);

/** Gauge colour: nearly empty is a warning, past the capacity an error. */
export const fillColor = (percent: number) => (percent > 100 ? 'red' : percent < 15 ? 'orange' : 'field');
