import type { Device, DeviceModel, RegisterDeviceBody, UpdateDeviceBody } from '@portal/shared';
import { idText, optionalId } from '../records/formValues';

/** What both device forms edit; the farm and house selects hold ids as text (null: none). */
export interface DevicePlaceValues {
  nome: string;
  chip_id: string;
  versao: string;
  nucleo_id: string | null;
  aviario_id: string | null;
  obs: string;
}

export interface NewDeviceValues extends DevicePlaceValues {
  modelo: DeviceModel | '';
  serie: string;
}

export const newDeviceValues = (): NewDeviceValues => ({
  modelo: '',
  serie: '',
  chip_id: '',
  versao: '',
  nome: '',
  nucleo_id: null,
  aviario_id: null,
  obs: '',
});

/** registerdevice's body; `chave` when registering with an access key (route d/{key}). */
export function newDeviceBody(values: NewDeviceValues, chave?: string): RegisterDeviceBody {
  return {
    // An unchosen model is sent as '' and refused by the schema (the picker shows the error).
    modelo: values.modelo as DeviceModel,
    serie: values.serie,
    chip_id: values.chip_id,
    versao: values.versao,
    nome: values.nome,
    nucleo_id: optionalId(values.nucleo_id),
    aviario_id: optionalId(values.aviario_id),
    obs: values.obs,
    ...(chave === undefined ? {} : { chave }),
  };
}

export const deviceValues = (device?: Device): DevicePlaceValues => ({
  nome: device?.nome ?? '',
  chip_id: device?.chip_id ?? '',
  versao: device?.versao ?? '',
  nucleo_id: idText(device?.nucleo_id),
  aviario_id: idText(device?.aviario_id),
  obs: device?.obs ?? '',
});

export function deviceBody(id: number, values: DevicePlaceValues): UpdateDeviceBody {
  return {
    iddevice: id,
    nome: values.nome,
    chip_id: values.chip_id,
    versao: values.versao,
    nucleo_id: optionalId(values.nucleo_id),
    aviario_id: optionalId(values.aviario_id),
    obs: values.obs,
  };
}
