import type { Fumigador } from '@portal/shared';
import { numberOrEmpty, optionalId, optionalNumber, requiredId, type NumberValue } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { fumigadorApi } from './api';

/** The dosing settings: what the fumigator form and the doser screen both edit. */
export interface DosingValues {
  produto: string;
  dose_ml: NumberValue;
  volume_agua_l: NumberValue;
  duracao_min: NumberValue;
  horarios: string[];
  ativo: boolean;
}

/** Select inputs hold the chosen id as text, '' while nothing is chosen. */
export interface FumigatorValues extends DosingValues {
  nome: string;
  nucleo_id: string;
  aviario_id: string;
  device_id: string;
  obs: string;
}

type Body = RecordBody<(typeof fumigadorApi)['body']>;

export function dosingValues(record?: Fumigador): DosingValues {
  return {
    produto: record?.produto ?? '',
    dose_ml: numberOrEmpty(record?.dose_ml),
    volume_agua_l: numberOrEmpty(record?.volume_agua_l),
    duracao_min: numberOrEmpty(record?.duracao_min),
    horarios: record?.horarios ?? [],
    ativo: record?.ativo ?? true,
  };
}

export function fumigatorValues(record?: Fumigador): FumigatorValues {
  return {
    nome: record?.nome ?? '',
    nucleo_id: record ? String(record.nucleo_id) : '',
    aviario_id: record?.aviario_id ? String(record.aviario_id) : '',
    device_id: record?.device_id ? String(record.device_id) : '',
    obs: record?.obs ?? '',
    ...dosingValues(record),
  };
}

/** The dosing part of registerfumigador's body; empty dose and duration are 0, no water volume is null. */
export function dosingBody(values: DosingValues): Pick<Body, 'produto' | 'dose_ml' | 'volume_agua_l' | 'duracao_min' | 'horarios' | 'ativo'> {
  return {
    produto: values.produto,
    dose_ml: optionalNumber(values.dose_ml) ?? 0,
    volume_agua_l: optionalNumber(values.volume_agua_l),
    duracao_min: optionalNumber(values.duracao_min) ?? 0,
    horarios: [...values.horarios].sort(),
    ativo: values.ativo,
  };
}

/** registerfumigador's body from the whole form. */
export function fumigatorBody(values: FumigatorValues): Body {
  return {
    nome: values.nome,
    nucleo_id: requiredId(values.nucleo_id),
    aviario_id: optionalId(values.aviario_id),
    device_id: optionalId(values.device_id),
    obs: values.obs,
    ...dosingBody(values),
  };
}

/** registerfumigador's body from the doser screen: the record as stored, with new dosing settings. */
export function doserBody(record: Fumigador, values: DosingValues): Body {
  return {
    nome: record.nome,
    nucleo_id: record.nucleo_id,
    aviario_id: record.aviario_id,
    device_id: record.device_id,
    obs: record.obs,
    ...dosingBody(values),
  };
}
