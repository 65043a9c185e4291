import { randomId } from '@mantine/hooks';
import type { Nucleo, NucleoTipo } from '@portal/shared';
import { numberOrEmpty, optionalNumber, requiredNumber, type NumberValue } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { nucleoApi } from '../records/farms';

/** One row of the houses editor; `key` only keeps React rows stable while rows come and go. */
export interface HouseValues {
  key: string;
  id?: number;
  nome: string;
  lados: NumberValue;
  boxes: NumberValue;
  capacidade: NumberValue;
  area_m2: NumberValue;
}

export interface SiteValues {
  nome: string;
  tipo: NucleoTipo;
  codigo: string;
  endereco: string;
  cidade: string;
  estado: string;
  pais: string;
  latitude: NumberValue;
  longitude: NumberValue;
  obs: string;
  aviarios: HouseValues[];
}

export const newHouse = (nome: string): HouseValues => ({ key: randomId(), nome, lados: 1, boxes: 0, capacidade: 0, area_m2: '' });

/** The form of a stored farm, or of a new one. */
export function siteValues(site?: Nucleo): SiteValues {
  return {
    nome: site?.nome ?? '',
    tipo: site?.tipo ?? 'granja',
    codigo: site?.codigo ?? '',
    endereco: site?.endereco ?? '',
    cidade: site?.cidade ?? '',
    estado: site?.estado ?? '',
    pais: site?.pais ?? '',
    latitude: numberOrEmpty(site?.latitude),
    longitude: numberOrEmpty(site?.longitude),
    obs: site?.obs ?? '',
    aviarios: (site?.aviarios ?? []).map((house) => ({
      key: randomId(),
      id: house.id,
      nome: house.nome,
      lados: house.lados,
      boxes: house.boxes,
      capacidade: house.capacidade,
      area_m2: numberOrEmpty(house.area_m2),
    })),
  };
}

/** registernucleo's body; the houses go with it, kept by id so weighings keep pointing at them. */
export function siteBody(values: SiteValues): RecordBody<(typeof nucleoApi)['body']> {
  return {
    nome: values.nome,
    tipo: values.tipo,
    codigo: values.codigo,
    endereco: values.endereco,
    cidade: values.cidade,
    estado: values.estado,
    pais: values.pais,
    latitude: optionalNumber(values.latitude),
    longitude: optionalNumber(values.longitude),
    obs: values.obs,
    aviarios: values.aviarios.map((house) => ({
      ...(house.id === undefined ? {} : { id: house.id }),
      nome: house.nome,
      lados: requiredNumber(house.lados),
      boxes: requiredNumber(house.boxes),
      capacidade: requiredNumber(house.capacidade),
      area_m2: optionalNumber(house.area_m2),
    })),
  };
}
